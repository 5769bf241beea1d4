package gfx1201

import (
	"testing"

	"zincc/frontend"
	"zincc/ir"
	"zincc/passes"
	"zincc/pm4"
)

// llama7B is a 32-layer graph with llama-7B's shapes (weights unbound).
func llama7B(b testing.TB) *ir.Module {
	text, err := frontend.LlamaGraph(frontend.LlamaConfig{Name: "llama7b", Vocab: 32000, Embd: 4096, Layers: 32, Heads: 32,
		KVHeads: 32, FF: 11008, Ctx: 4096, Eps: 1e-5, RopeBase: 10000, DefaultWeightType: ir.Q4_0, Random: true})
	if err != nil {
		b.Fatal(err)
	}
	m, err := frontend.Parse("llama7b.zir", []byte(text))
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkLower7B lowers a llama-7B-shaped graph whose memory plan the
// passes have made already; ns/dispatch is the figure to watch (target:
// under 100).
func BenchmarkLower7B(b *testing.B) {
	m := llama7B(b)
	lib := stubLibrary(b)
	plan, err := passes.PlanMemory(m, valueAlign)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Lower(m, lib, Options{Plan: plan}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.Nodes)), "ns/dispatch")
}

// BenchmarkPlanAndLower7B is the same graph through the memory-planning
// pass and the lowering: what `zincc -target=gfx1201` pays after parsing.
func BenchmarkPlanAndLower7B(b *testing.B) {
	m := llama7B(b)
	lib := stubLibrary(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Lower(m, lib, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.Nodes)), "ns/dispatch")
}

// BenchmarkPlanMemory7B is the memory-planning pass alone on that graph,
// per dispatch the lowering then emits.
func BenchmarkPlanMemory7B(b *testing.B) {
	m := llama7B(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := passes.PlanMemory(m, valueAlign); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.Nodes)), "ns/dispatch")
}

// BenchmarkEmitBaseline writes the packets of as many dispatches as the
// 7B graph has, with the pm4 builder alone (program, resources, thread
// counts, eight user-data values, DISPATCH_DIRECT): the floor that
// BenchmarkLower7B's ns/dispatch is compared with in the same run.
func BenchmarkEmitBaseline(b *testing.B) {
	n := len(llama7B(b).Nodes)
	buf := make([]uint32, ibBound(n))
	var user [8]uint32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bl := pm4.NewBuilder(buf)
		for d := 0; d < n; d++ {
			bl.SetProgram(0x1_0000_0000 + uint64(d)*256)
			bl.SetShReg(pm4.COMPUTE_PGM_RSRC1, 0x600c0000, 0x90)
			bl.SetReg(pm4.COMPUTE_PGM_RSRC3, 0)
			bl.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 256, 1, 1)
			user[0] = uint32(d)
			bl.SetShReg(pm4.COMPUTE_USER_DATA_0, user[:]...)
			bl.Dispatch(uint32(d), 1, 1, initiator)
		}
		if bl.Err() != nil {
			b.Fatal(bl.Err())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/dispatch")
}

// BenchmarkOutputAlloc7B allocates the tables the lowering of the 7B graph
// returns (IB, relocations, dispatches, placements), at the sizes Lower
// starts them with, and writes nothing into them: the floor that garbage-
// collected output puts under BenchmarkLower7B in the same run.
func BenchmarkOutputAlloc7B(b *testing.B) {
	m := llama7B(b)
	n, ids := len(m.Nodes), m.Number()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := &Executable{IB: make([]uint32, ibGuess(n)), Values: make([]Placement, ids),
			Relocs: make([]Reloc, 0, 1+4*n), Dispatches: make([]Dispatch, 0, n)}
		sinkExecutable = e
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/dispatch")
}

// sinkExecutable keeps BenchmarkOutputAlloc7B's allocations from being
// optimised away.
var sinkExecutable *Executable

// BenchmarkPatchStep is the per-token cost of a step's IB update: the
// inputs and the fence value (target: under 1 µs, no allocations).
func BenchmarkPatchStep(b *testing.B) {
	m := llama7B(b)
	e, err := Lower(m, stubLibrary(b), Options{})
	if err != nil {
		b.Fatal(err)
	}
	ib := append([]uint32(nil), e.IB...)
	inputs := []uint32{1, 0}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inputs[1] = uint32(i)
		e.PatchInputs(ib, inputs, uint64(i))
	}
	b.ReportMetric(float64(len(e.Patches)), "patched-dwords")
}
