package passes

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/ir"
)

// randomModule builds a graph of n elementwise and reducing ops over random
// earlier values, with vectors of random lengths, and random outputs.
func randomModule(r *rand.Rand, n int) *ir.Module {
	tok := &ir.Value{Name: "tok", Kind: ir.Input, Type: ir.Scalar(ir.U32)}
	m := &ir.Module{Name: "r", Decls: []*ir.Value{tok}}
	sizes := []int{8, 33, 64, 100, 256}
	byLen := map[int][]*ir.Value{}
	for _, l := range sizes {
		w := &ir.Value{Name: fmt.Sprintf("w%d", l), Kind: ir.Weight, Type: ir.Tensor(ir.F32, 4, l), Init: ir.Init{Kind: ir.InitZeros}}
		m.Decls = append(m.Decls, w)
		e := &ir.Node{Op: ir.OpEmbed, Args: []*ir.Value{w, tok}}
		e.Result = &ir.Value{Name: fmt.Sprintf("e%d", l), Kind: ir.Result, Def: e}
		m.Nodes = append(m.Nodes, e)
		byLen[l] = append(byLen[l], e.Result)
	}
	for i := 0; i < n; i++ {
		l := sizes[r.IntN(len(sizes))]
		vs := byLen[l]
		a, b := vs[r.IntN(len(vs))], vs[r.IntN(len(vs))]
		var node *ir.Node
		switch r.IntN(4) {
		case 0:
			node = &ir.Node{Op: ir.OpAdd, Args: []*ir.Value{a, b}}
		case 1:
			node = &ir.Node{Op: ir.OpSwiGLU, Args: []*ir.Value{a, b}}
		case 2:
			node = &ir.Node{Op: ir.OpSiLU, Args: []*ir.Value{a}}
		default:
			node = &ir.Node{Op: ir.OpSoftmax, Args: []*ir.Value{a}}
		}
		node.Result = &ir.Value{Name: fmt.Sprintf("v%d", i), Kind: ir.Result, Def: node}
		m.Nodes = append(m.Nodes, node)
		byLen[l] = append(byLen[l], node.Result)
	}
	for _, n := range m.Nodes {
		if r.IntN(8) == 0 {
			m.Outputs = append(m.Outputs, ir.Output{Value: n.Result})
		}
	}
	if len(m.Outputs) == 0 {
		m.Outputs = append(m.Outputs, ir.Output{Value: m.Nodes[len(m.Nodes)-1].Result})
	}
	return m
}

// TestPlanNoLiveOverlap is the property test: over random graphs, no two
// values that are live at once share a byte, every offset is aligned, and
// the arena is never bigger than the naive sum.
func TestPlanNoLiveOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		m := randomModule(r, 1+r.IntN(60))
		if errs := ir.Check(m); len(errs) > 0 {
			t.Fatal(errs)
		}
		align := uint64(1) << r.IntN(9)
		p, err := PlanMemory(m, align)
		if err != nil {
			t.Fatal(err)
		}
		checkPlan(t, m, p)
	}
}

func checkPlan(t *testing.T, m *ir.Module, p *MemoryPlan) {
	t.Helper()
	if p.Size[Arena] > p.NaiveArena {
		t.Fatalf("arena %d > naive %d", p.Size[Arena], p.NaiveArena)
	}
	// Recompute lifetimes independently from the module.
	first, last := map[*ir.Value]int{}, map[*ir.Value]int{}
	for i, n := range m.Nodes {
		if n.Result != nil {
			first[n.Result], last[n.Result] = i, i
		}
		for _, a := range n.Args {
			last[a] = i
		}
	}
	for _, o := range m.Outputs {
		last[o.Value] = len(m.Nodes)
	}
	type placed struct {
		Slot
		Value *ir.Value
	}
	var arena []placed
	for _, n := range m.Nodes {
		if n.Result == nil {
			continue
		}
		s, ok := p.Slot(n.Result)
		if !ok || s.Region != Arena {
			t.Fatalf("%s not in the arena", n.Result.Ref())
		}
		if s.Offset%p.Align != 0 || s.Offset+s.Bytes > p.Size[Arena] {
			t.Fatalf("%s at %d+%d: misaligned or past the arena (%d)", n.Result.Ref(), s.Offset, s.Bytes, p.Size[Arena])
		}
		arena = append(arena, placed{s, n.Result})
	}
	for i, a := range arena {
		for _, b := range arena[i+1:] {
			liveTogether := first[a.Value] <= last[b.Value] && first[b.Value] <= last[a.Value]
			overlap := a.Offset < b.Offset+b.Bytes && b.Offset < a.Offset+a.Bytes
			if liveTogether && overlap {
				t.Fatalf("%s [%d,%d] at %d+%d overlaps %s [%d,%d] at %d+%d",
					a.Value.Ref(), first[a.Value], last[a.Value], a.Offset, a.Bytes,
					b.Value.Ref(), first[b.Value], last[b.Value], b.Offset, b.Bytes)
			}
		}
	}
}

func TestPlanTestdata(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*.zir")
	for _, f := range files {
		src, _ := os.ReadFile(f)
		m, err := frontend.Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		p, err := PlanMemory(m, 256)
		if err != nil {
			t.Fatal(err)
		}
		checkPlan(t, m, p)
		if strings.Contains(f, "tiny_llama") && p.Size[Arena]*2 > p.NaiveArena {
			t.Errorf("%s: arena %d is more than half the naive %d", f, p.Size[Arena], p.NaiveArena)
		}
		t.Logf("%s: arena %d of naive %d bytes", filepath.Base(f), p.Size[Arena], p.NaiveArena)
	}
}

func TestPlanLayout(t *testing.T) {
	src := `graph @g {
  input %tok : u32
  weight %w : f32[4, 100] = zeros
  weight %n : f32[100] = zeros
  state %k : f16[2, 100]
  %a = embed %w, %tok
  %b = silu %a
  %c = silu %b
  %d = silu %c
  output %d
}`
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := PlanMemory(m, 256)
	// Sizes: %w 1600 bytes -> 1792 aligned, %n 400 -> 512; %k 400 -> 512.
	want := map[string][3]uint64{"w": {uint64(Weights), 0, 1600}, "n": {uint64(Weights), 1792, 400}, "k": {uint64(States), 0, 400},
		// a: 0; b overlaps a (a read by b): 512; c overlaps b, not a: 0; d overlaps c: 512.
		"a": {uint64(Arena), 0, 400}, "b": {uint64(Arena), 512, 400}, "c": {uint64(Arena), 0, 400}, "d": {uint64(Arena), 512, 400}}
	for name, w := range want {
		s, ok := p.Slot(m.Lookup(name))
		if !ok || uint64(s.Region) != w[0] || s.Offset != w[1] || s.Bytes != w[2] {
			t.Errorf("%%%s: %+v, want region %d offset %d bytes %d", name, s, w[0], w[1], w[2])
		}
	}
	if p.Size != [3]uint64{1024, 2304, 512} || p.NaiveArena != 2048 {
		t.Errorf("sizes %v naive %d", p.Size, p.NaiveArena)
	}
	if _, ok := p.Slot(m.Lookup("tok")); ok {
		t.Error("an input has a slot")
	}
	if _, err := PlanMemory(m, 3); err == nil {
		t.Error("alignment 3 accepted")
	}
}

// TestPlanJoined: a node whose dispatch also runs a later node reads its
// operands while that node's result is written, so they stay live until
// then: with %b's dispatch running %c, %c may not take %a's bytes.
func TestPlanJoined(t *testing.T) {
	src := `graph @g {
  input %tok : u32
  weight %w : f32[4, 100] = zeros
  %a = embed %w, %tok
  %b = silu %a
  %c = silu %b
  %d = silu %c
  output %d
}`
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := PlanMemoryJoined(m, 256, []int{0, 2, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	// a: 0; b: 512 (a live); c: 1024 (a lives to c, b too); d: 0 (a and b dead).
	for name, off := range map[string]uint64{"a": 0, "b": 512, "c": 1024, "d": 0} {
		if s, _ := p.Slot(m.Lookup(name)); s.Offset != off {
			t.Errorf("%%%s at %d, want %d", name, s.Offset, off)
		}
	}
	if s, _ := p.Slot(m.Lookup("a")); s.Last != 2 {
		t.Errorf("%%a lives to node %d, want 2", s.Last)
	}
	if _, err := PlanMemoryJoined(m, 256, []int{0}); err == nil {
		t.Error("a joined slice of the wrong length accepted")
	}
}
