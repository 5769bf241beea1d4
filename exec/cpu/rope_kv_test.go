package cpu_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"zincc/exec"
	"zincc/exec/cpu"
	"zincc/frontend"
	"zincc/ir"
	lower "zincc/lower/cpu"
	"zincc/passes"
)

// ropeKVGraph is a layer's ropes and stores ({DT}: the caches' dtype,
// {FF}: the frequency factors operand or nothing, {MODE}: the rope mode),
// which fuse-rope-kv turns into one rope_kv.
const ropeKVGraph = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, 96] = random(seed = 1)
  weight %wq : f32[96, 96] = random(seed = 2, scale = 0.2)
  weight %wk : f32[48, 96] = random(seed = 3, scale = 0.2)
  weight %wv : f32[48, 96] = random(seed = 4, scale = 0.2)
  weight %ff : f32[8] = random(seed = 5)
  state %kc : {DT}[12, 48]
  state %vc : {DT}[12, 48]
  %x = embed %e, %tok
  %q = matvec %wq, %x
  %k = matvec %wk, %x
  %v = matvec %wv, %x
  %qr = rope %q, %pos{FF} {heads = 4, dims = 16, theta = 500000.0, mode = {MODE}, freq_scale = 0.25}
  %kr = rope %k, %pos{FF} {heads = 2, dims = 16, theta = 500000.0, mode = {MODE}, freq_scale = 0.25}
  kv_store %kc, %kr, %pos
  kv_store %vc, %v, %pos
  %a = attention %qr, %kc, %vc, %pos {heads = 4, kv_heads = 2}
  output %a
  output %qr
}`

// TestRopeKVBitIdentical runs a graph with and without fuse-rope-kv on
// the cpu tier: the outputs (the rotated q, the attention over the caches)
// and the caches must be the same bytes at every step, for f32 and f16
// caches, both rope modes, with and without frequency factors.
func TestRopeKVBitIdentical(t *testing.T) {
	for _, dt := range []string{"f32", "f16"} {
		for _, mode := range []string{"normal", "neox"} {
			for _, ff := range []string{"", ", %ff"} {
				t.Run(fmt.Sprintf("%s/%s/freqs=%v", dt, mode, ff != ""), func(t *testing.T) {
					src := ropeKVGraph
					for _, r := range [][2]string{{"{DT}", dt}, {"{MODE}", mode}, {"{FF}", ff}} {
						src = strings.ReplaceAll(src, r[0], r[1])
					}
					fused, unfused := ringOf(t, src, "cse,fuse-rope-kv,dce"), ringOf(t, src, "cse,dce")
					if n := countOp(fused.m, ir.OpRopeKV); n != 1 {
						t.Fatalf("fuse-rope-kv made %d rope_kv, want 1", n)
					}
					for step := 0; step < 12; step++ {
						in := []uint32{uint32(step % 8), uint32(step)}
						a, err := fused.r.Step(in)
						if err != nil {
							t.Fatal(err)
						}
						b, err := unfused.r.Step(in)
						if err != nil {
							t.Fatal(err)
						}
						for i := range a {
							if !bytes.Equal(a[i].Data, b[i].Data) {
								t.Fatalf("step %d: output %d differs", step, i)
							}
						}
						for _, name := range []string{"kc", "vc"} {
							sa, _ := fused.r.State(fused.m.Lookup(name))
							sb, _ := unfused.r.State(unfused.m.Lookup(name))
							if !bytes.Equal(sa.Data, sb.Data) {
								t.Fatalf("step %d: %%%s differs", step, name)
							}
						}
					}
				})
			}
		}
	}
}

type ring struct {
	m *ir.Module
	r *cpu.Ring
}

// ringOf parses src, runs the pipeline and opens a cpu ring on it.
func ringOf(t *testing.T, src, pipeline string) ring {
	t.Helper()
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(src)))
	}
	names, err := passes.ParseList(pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if err := passes.Run(m, passes.Options{Passes: names}); err != nil {
		t.Fatal(err)
	}
	p, err := lower.Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(m, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := cpu.NewRing(p, w, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return ring{m, r}
}

func countOp(m *ir.Module, op *ir.Op) int {
	n := 0
	for _, nd := range m.Nodes {
		if nd.Op == op {
			n++
		}
	}
	return n
}
