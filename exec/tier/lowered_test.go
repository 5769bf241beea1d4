package tier

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/exec/fake"
	"zincc/frontend"
	"zincc/ir"
	"zincc/isa"
	lowercpu "zincc/lower/cpu"
	"zincc/lower/gfx1201"
)

// kernelFiles assembles the named .s files of isa/kernels into one
// library: the kernels this test needs, taken from the library's sources.
func kernelFiles(t *testing.T, files ...string) gfx1201.Library {
	t.Helper()
	var src strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("..", "..", "isa", "kernels", f))
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
		src.WriteString("\n")
	}
	// Named in isa/kernels, so that kv_store.s's .include lines resolve there.
	obj, err := isa.Assemble(filepath.Join("..", "..", "isa", "kernels", "lowered.s"), []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	return gfx1201.ObjectLibrary{Obj: obj}
}

// loweredGraph uses only ops whose kernels are in the library so far.
const loweredGraph = `graph @lowered {
  input  %tok : u32
  input  %pos : u32
  weight %emb : q8_0[32, 256] = random(seed = 1)
  weight %b   : f32[256]      = random(seed = 2)
  state  %kv  : f32[8, 256]
  %x = embed %emb, %tok
  %y = add %x, %b
  %z = silu %y
  kv_store %kv, %y, %pos
  output %y
  output %z
}`

// TestLoweredGraphMatchesCPU lowers a graph with lower/gfx1201 and the
// real kernels, runs it through every GPU ring on the fake driver (so on
// exec/sim) for several steps with the token and position patched per
// step, and compares with the cpu tier: bit for bit for the exact ops
// (embed, add, kv_store) and the KV state, within exec/cpu's silu rule for
// silu.
func TestLoweredGraphMatchesCPU(t *testing.T) {
	lib := kernelFiles(t, "embed.s", "elementwise.s", "kv_store.s")
	m, err := frontend.Parse("lowered.zir", []byte(loweredGraph))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(loweredGraph)))
	}
	e, err := gfx1201.Lower(m, lib, gfx1201.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(m, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	kv := m.DeclsOf(ir.State)[0]
	for _, name := range GPU {
		t.Run(name, func(t *testing.T) {
			prog, err := lowercpu.Lower(m)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := cpuring.NewRing(prog, w, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer ref.Close()
			d := fake.New(fake.DefaultConfig())
			r, err := OpenExecutable(name, config(d), e, w)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 4; step++ {
				in := []uint32{uint32(7*step + 3), uint32(step)}
				want, err := ref.Step(in)
				if err != nil {
					t.Fatal(err)
				}
				got, err := r.Step(in)
				if err != nil {
					t.Fatalf("step %d: %v (GPU faults: %v)", step, err, d.Faults())
				}
				if !bytes.Equal(got[0].Data, want[0].Data) {
					t.Fatalf("step %d: %%y differs from the cpu tier", step)
				}
				scale := make([]float64, len(want[1].Floats()))
				if _, err := cpuring.SiLUScale(scale, want[0].Floats()); err != nil {
					t.Fatal(err)
				}
				if err := cpuring.Check("silu", got[1].Floats(), want[1].Floats(), scale, 0); err != nil {
					t.Fatalf("step %d: %%z: %v", step, err)
				}
				a, _ := ref.State(kv)
				b, err := r.State(kv)
				if err != nil || !bytes.Equal(a.Data, b.Data) {
					t.Fatalf("step %d: %%kv differs from the cpu tier (%v)", step, err)
				}
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if live, reaped := d.Live(), d.Reaped(); !live.Zero() || !reaped.Zero() {
				t.Errorf("live %s, reaped %s", live, reaped)
			}
		})
	}
}
