package testmodel

import (
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"zincc/exec"
	"zincc/exec/cpu"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
)

// q4KM is a Q4_K_M-like mix of tensor types as llama-quantize writes it:
// q4_K for most matrices and the token table, q6_K for attn_v, ffn_down
// and the output head.
func q4KM(layers int) map[string]ir.DType {
	t := map[string]ir.DType{"token_embd.weight": ir.Q4_K, "output.weight": ir.Q6_K}
	for i := 0; i < layers; i++ {
		p := "blk." + strconv.Itoa(i) + "."
		for _, s := range []string{"attn_q", "attn_k", "attn_output", "ffn_gate", "ffn_up"} {
			t[p+s+".weight"] = ir.Q4_K
		}
		t[p+"attn_v.weight"], t[p+"ffn_down.weight"] = ir.Q6_K, ir.Q6_K
	}
	return t
}

// TestQuantizedModelMatchesDequantized imports a Llama-3-style model with a
// Q4_K_M-like type mix and the same model with every tensor dequantised to
// f32 (by the CPU embed kernel, row by row), and runs both on the cpu
// tier: the CPU's matvec forms exact products of the stored weights, so
// the two agree to float rounding, and the tokens are the same.
func TestQuantizedModelMatchesDequantized(t *testing.T) {
	dir := t.TempDir()
	md := Llama3(q4KM(2))
	quant := filepath.Join(dir, "q4km.gguf")
	if err := md.Write(quant); err != nil {
		t.Fatal(err)
	}
	fq, err := gguf.Open(quant)
	if err != nil {
		t.Fatal(err)
	}
	defer fq.Close()
	kinds := map[ir.DType]int{}
	gw := gguf.NewWriter()
	for _, kv := range fq.KVs {
		if err := gw.Set(kv.Key, kv.Value); err != nil {
			t.Fatal(err)
		}
	}
	for _, ti := range fq.Tensors {
		data, err := fq.TensorData(ti.Name)
		if err != nil {
			t.Fatal(err)
		}
		dt, err := ti.DType()
		if err != nil {
			t.Fatal(err)
		}
		kinds[dt]++
		if dt == ir.F32 {
			if err := gw.AddTensor(ti.Name, gguf.TypeF32, ti.Dims, data); err != nil {
				t.Fatal(err)
			}
			continue
		}
		shape := ti.Shape()
		rows, cols := shape[0], shape[1]
		vals := make([]float32, rows*cols)
		for r := 0; r < rows; r++ {
			if err := cpu.Embed(vals[r*cols:(r+1)*cols], data, dt, cols, r); err != nil {
				t.Fatal(err)
			}
		}
		if err := gw.AddTensor(ti.Name, gguf.TypeF32, ti.Dims, f32Bytes(vals)); err != nil {
			t.Fatal(err)
		}
	}
	if kinds[ir.Q4_K] == 0 || kinds[ir.Q6_K] == 0 {
		t.Fatalf("the model holds %v; want q4_K and q6_K tensors", kinds)
	}
	deq := filepath.Join(dir, "f32.gguf")
	if err := gw.WriteFile(deq); err != nil {
		t.Fatal(err)
	}
	var logits [2][][]float32
	var tokens [2][]uint32
	for i, path := range []string{quant, deq} {
		tokens[i], logits[i] = runCPU(t, path, 6)
	}
	for s := range logits[0] {
		big := 0.0
		for _, v := range logits[1][s] {
			big = math.Max(big, math.Abs(float64(v)))
		}
		for j := range logits[0][s] {
			if d := math.Abs(float64(logits[0][s][j] - logits[1][s][j])); d > 1e-5*big {
				t.Fatalf("step %d logit %d: %g quantised vs %g dequantised (max |logit| %g)", s, j, logits[0][s][j], logits[1][s][j], big)
			}
		}
	}
	if !slices.Equal(tokens[0], tokens[1]) || len(tokens[0]) != 6 {
		t.Fatalf("tokens differ: %v vs %v", tokens[0], tokens[1])
	}
}

// runCPU imports the model at path and runs it for steps decode steps on
// the cpu tier, returning the tokens and logits of each step.
func runCPU(t *testing.T, path string, steps int) ([]uint32, [][]float32) {
	t.Helper()
	f, err := gguf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	text, err := frontend.ImportGGUF(f, 0)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	text = strings.Replace(text, "output %next\n", "output %next\n  output %logits\n", 1)
	m, err := frontend.Parse("m.zir", []byte(text))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(text)))
	}
	w, err := exec.Bind(m, exec.BindOptions{GGUF: path})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	p, err := lowercpu.Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	r, err := cpu.NewRing(p, w, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var toks []uint32
	var logits [][]float32
	err = exec.RunSteps(r, m, make([]uint32, len(m.DeclsOf(ir.Input))), steps, func(s exec.StepResult) error {
		for _, o := range s.Outputs {
			switch {
			case o.Type.Equal(ir.Scalar(ir.U32)):
				toks = append(toks, o.Words()[0])
			case o.Type.DType == ir.F32:
				logits = append(logits, o.Floats())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return toks, logits
}
