package gfx1201

import (
	"strings"
	"testing"

	"zincc/pm4"
)

const ropeKVGraph = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, 64] = random(seed = 1)
  weight %wq : f32[64, 64] = random(seed = 2)
  weight %wk : f32[32, 64] = random(seed = 3)
  weight %q1 : f32[64] = random(seed = 4)
  state %kc : f16[16, 32]
  state %vc : f16[16, 32]
  %x = embed %e, %tok
  %q = matvec %wq, %x
  %k = matvec %wk, %x
  %v = matvec %wk, %x
  %qr = rope_kv {Q}, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 2}
  %a = attention %qr, %kc, %vc, %pos {heads = 4, kv_heads = 2}
  output %a
}`

// TestRopeKVLowering: rope_kv is one dispatch of zincc_rope_kv_f16 whose
// offset arguments are the plan's distances, behind a barrier (it reads
// the matvecs' results) and followed by one (attention reads the caches it
// writes); a q the kernel cannot reach by an offset (a weight, not in the
// arena) is refused by name.
func TestRopeKVLowering(t *testing.T) {
	lib := stubLibrary(t)
	m := parseText(t, strings.Replace(ropeKVGraph, "{Q}", "%q", 1))
	e, err := Lower(m, lib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkStructure(t, e, lib)
	pkts, err := pm4.Decode(e.IB)
	if err != nil {
		t.Fatal(err)
	}
	// barrier reports whether dispatch d waits behind an ACQUIRE_MEM; user
	// is its user data as set since it began.
	barrier := func(d Dispatch) bool {
		for _, p := range pkts {
			if p.Offset >= d.First && p.Offset < d.Dword && p.Op() == pm4.OpAcquireMem {
				return true
			}
		}
		return false
	}
	user := func(d Dispatch) map[int]uint32 {
		u := map[int]uint32{}
		for _, p := range pkts {
			if s, ok := p.SetShReg(); ok && p.Offset >= d.First && p.Offset < d.Dword {
				for i, v := range s.Values {
					u[int(s.Reg-pm4.UserData(0))+i] = v
				}
			}
		}
		return u
	}
	var found bool
	for i, d := range e.Dispatches {
		if m.Nodes[d.Node].Op.Name != "rope_kv" {
			continue
		}
		found = true
		if d.KernelName() != "zincc_rope_kv_f16" {
			t.Errorf("rope_kv runs %s", d.KernelName())
		}
		if !barrier(d) || !barrier(e.Dispatches[i+1]) {
			t.Errorf("barriers before rope_kv %v, before the attention that reads its caches %v; want both", barrier(d), barrier(e.Dispatches[i+1]))
		}
		// q_off, k_off, v_off, v_cache_off: user data 7..10.
		u := user(d)
		va := func(name string) int64 { return int64(e.VA(e.Values[m.Lookup(name).ID])) }
		for j, want := range []int64{va("q") - va("qr"), va("k") - va("qr"), va("v") - va("qr"), va("vc") - va("kc")} {
			if got := int64(int32(u[7+j])); got != want {
				t.Errorf("offset argument %d = %d, want %d", j, got, want)
			}
		}
	}
	if !found {
		t.Fatal("no rope_kv dispatch")
	}

	m = parseText(t, strings.Replace(ropeKVGraph, "{Q}", "%q1", 1))
	if _, err := Lower(m, lib, Options{}); err == nil || !strings.Contains(err.Error(), "rope_kv: %q1 is not within a signed 32-bit byte offset of %qr in one buffer") {
		t.Fatalf("q as a weight: got %v", err)
	}
}
