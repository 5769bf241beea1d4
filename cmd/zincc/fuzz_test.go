package main

import (
	"os"
	"path/filepath"
	"testing"

	"zincc/exec"
	"zincc/exec/sim"
	"zincc/exec/simring"
	"zincc/exec/tier"
	"zincc/frontend"
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/passes"
)

// FuzzPipeline drives arbitrary text through the whole tool chain: parse,
// passes, binding, a CPU run, gfx1201 lowering and an emulated-GPU run.
// Whatever the text, nothing may panic; graphs too big for a test are
// skipped after the checks that allocate nothing.
func FuzzPipeline(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.zir")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil && len(src) < 2048 {
			f.Add(src)
		}
	}
	f.Add([]byte("graph @g {\n  input %t : u32\n  input %p : u32\n  weight %w : f32[3, 4] = random(seed = 1)\n  state %k : f16[2, 4]\n" +
		"  %x = embed %w, %t\n  %r = rope %x, %p {heads = 2, dims = 2, mode = neox}\n  kv_store %k, %r, %p\n" +
		"  %a = attention %r, %k, %k, %p {heads = 2, kv_heads = 1}\n  %s = softmax %a\n  %n = argmax %s\n  output %n\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := frontend.Parse("f.zir", src)
		if err != nil {
			return
		}
		if err := passes.Run(m, passes.Options{}); err != nil {
			t.Fatalf("passes on a checked module: %v", err)
		}
		if _, err := gfx1201.Compile(m); err != nil {
			return // a graph the GPU lowering refuses, with an error
		}
		if exec.CheckMemory(m, 1<<20) != nil {
			return
		}
		for _, v := range m.DeclsOf(ir.Weight) {
			if v.Init.Kind == ir.InitGGUF || v.Init.Kind == ir.InitFile {
				return // needs files this test does not have
			}
		}
		w, err := exec.Bind(m, exec.BindOptions{})
		if err != nil {
			return
		}
		defer w.Close()
		inputs := make([]uint32, len(m.DeclsOf(ir.Input)))
		cpu, _, err := tier.Open("cpu", tier.Config{}, m, w)
		if err != nil {
			return
		}
		defer cpu.Close()
		each := func(exec.StepResult) error { return nil }
		_ = exec.RunSteps(cpu, m, inputs, 2, each)
		e, _ := gfx1201.Compile(m)
		r, err := simring.New(e, w, sim.Config{MaxInstructions: 1 << 20})
		if err != nil {
			t.Fatalf("sim ring for a lowered graph: %v", err)
		}
		defer r.Close()
		if err := exec.RunSteps(r, m, inputs, 2, each); err != nil && exec.CheckInputs(m, inputs) == nil {
			t.Fatalf("the emulated GPU failed a graph the CPU runs: %v", err)
		}
	})
}
