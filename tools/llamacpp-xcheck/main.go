// Command llamacpp-xcheck writes zincc's test models (internal/testmodel)
// as GGUF files, runs each on zincc's cpu tier with an f32 KV cache, and
// records the tokens and logits of every step, so that run.sh can feed the
// same tokens to llama.cpp (harness.cpp) and compare. With -dequant it
// instead prints a checksum line per tensor of a GGUF file as zincc
// dequantises it, for comparison with deq.c (ggml's to_float).
//
// It is a tool for people, not a test: nothing in `make test` depends on
// llama.cpp. See README.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"zincc/exec"
	"zincc/exec/cpu"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/passes"
)

// passList is the -passes flag.
var passList string

func main() {
	dir := flag.String("dir", ".", "where to write the models and results")
	steps := flag.Int("steps", 12, "decode steps")
	dequant := flag.String("dequant", "", "print per-tensor dequantisation checksums of this GGUF file and exit")
	flag.StringVar(&passList, "passes", "default", "zincc's pass pipeline (default: with quantize-activations, as zincc run; \"cse,dce\": x kept f32)")
	flag.Parse()
	if *dequant != "" {
		if err := dequantSums(*dequant); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	for name, md := range models() {
		if err := run(name, md, *dir, *steps); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			os.Exit(1)
		}
	}
}

// models are the families of internal/testmodel, plus a K-quant mix and a
// model of every legacy format, and one of f16 and bf16 weights.
func models() map[string]testmodel.Model {
	m := map[string]testmodel.Model{"llama3": testmodel.Llama3(nil), "qwen2": testmodel.Qwen2(),
		"bias": testmodel.BiasedLlama(), "qwen3": testmodel.Qwen3()}
	mix := map[string]ir.DType{"token_embd.weight": ir.Q4_K, "output.weight": ir.Q6_K}
	for i := 0; i < 2; i++ {
		p := fmt.Sprintf("blk.%d.", i)
		for _, s := range []string{"attn_q", "attn_k", "attn_output", "ffn_gate", "ffn_up"} {
			mix[p+s+".weight"] = ir.Q4_K
		}
		mix[p+"attn_v.weight"], mix[p+"ffn_down.weight"] = ir.Q6_K, ir.Q5_K
	}
	m["q4km"] = testmodel.Llama3(mix)
	q := testmodel.Qwen2()
	q.Config.DefaultWeightType = ir.Q8_0
	q.Config.Types = map[string]ir.DType{"blk.0.attn_q.weight": ir.Q4_0, "blk.0.attn_k.weight": ir.Q4_1,
		"blk.0.attn_v.weight": ir.Q5_0, "blk.1.attn_v.weight": ir.Q5_1, "blk.1.ffn_up.weight": ir.BF16,
		"blk.1.ffn_gate.weight": ir.F16}
	m["legacy"] = q
	// f16 and bf16 weights alone: ggml rounds x to the weight's type
	// (vec_dot_type F16, BF16), as quantize-activations does.
	h := testmodel.Qwen2()
	h.Config.DefaultWeightType = ir.F16
	h.Config.Types = map[string]ir.DType{"blk.0.attn_q.weight": ir.BF16, "blk.0.ffn_up.weight": ir.BF16,
		"blk.1.attn_v.weight": ir.BF16, "blk.1.ffn_down.weight": ir.BF16, "output.weight": ir.BF16}
	m["half"] = h
	return m
}

// run writes NAME.gguf, runs it, and writes NAME.toks (the token fed at each
// step) and NAME.zincc (one line of logits per step).
func run(name string, md testmodel.Model, dir string, steps int) error {
	md.Keys = map[string]gguf.Value{"tokenizer.ggml.model": gguf.String("no_vocab")} // llama.cpp needs a tokenizer model
	path := filepath.Join(dir, name+".gguf")
	if err := md.Write(path); err != nil {
		return err
	}
	f, err := gguf.Open(path)
	if err != nil {
		return err
	}
	text, err := frontend.ImportGGUF(f, 0)
	f.Close()
	if err != nil {
		return err
	}
	// An f32 KV cache, as llama.cpp's -ctk f32 -ctv f32, and the logits out.
	text = regexp.MustCompile(`(state %[^:]*: )f16`).ReplaceAllString(text, "${1}f32")
	text = strings.Replace(text, "output %next\n", "output %next\n  output %logits\n", 1)
	m, err := frontend.Parse(name+".zir", []byte(text))
	if err != nil {
		return fmt.Errorf("%s", frontend.FormatErrors(err, []byte(text)))
	}
	names, err := passes.ParseList(passList)
	if err != nil {
		return err
	}
	if err := passes.Run(m, passes.Options{Passes: names}); err != nil {
		return err
	}
	w, err := exec.Bind(m, exec.BindOptions{GGUF: path})
	if err != nil {
		return err
	}
	defer w.Close()
	p, err := lowercpu.Lower(m)
	if err != nil {
		return err
	}
	r, err := cpu.NewRing(p, w, 1)
	if err != nil {
		return err
	}
	defer r.Close()
	var toks []string
	var logits strings.Builder
	tok := uint32(1)
	err = exec.RunSteps(r, m, []uint32{tok, 0}, steps, func(s exec.StepResult) error {
		toks = append(toks, fmt.Sprint(tok))
		for _, o := range s.Outputs {
			switch {
			case o.Type.Equal(ir.Scalar(ir.U32)):
				tok = o.Words()[0]
			case o.Type.DType == ir.F32:
				for i, v := range o.Floats() {
					if i > 0 {
						logits.WriteByte(' ')
					}
					fmt.Fprintf(&logits, "%.9g", v)
				}
				logits.WriteByte('\n')
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, name+".toks"), []byte(strings.Join(toks, " ")+"\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name+".zincc"), []byte(logits.String()), 0o644)
}

// dequantSums prints, per tensor, the sum of its dequantised values, their
// first and last, as deq.c does with ggml.
func dequantSums(path string) error {
	f, err := gguf.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, t := range f.Tensors {
		data, err := f.TensorData(t.Name)
		if err != nil {
			return err
		}
		dt, err := t.DType()
		if err != nil {
			return err
		}
		sh := t.Shape()
		rows, cols := 1, sh[len(sh)-1]
		if len(sh) == 2 {
			rows = sh[0]
		}
		out := make([]float32, rows*cols)
		for r := 0; r < rows; r++ {
			if err := cpu.Embed(out[r*cols:(r+1)*cols], data, dt, cols, r); err != nil {
				return err
			}
		}
		var s float64
		for _, v := range out {
			s += float64(v)
		}
		fmt.Printf("%s %.17g %.9g %.9g\n", t.Name, s, out[0], out[len(out)-1])
	}
	return nil
}
