// Package generate turns text into text with a GGUF model: it imports the
// model's decode step in memory, binds its weights, opens a ring of the
// chosen tier, feeds the prompt's tokens one decode step each (the KV
// cache persisting in the ring), then samples on the host from each step's
// logits — or takes the step's own argmax when decoding greedily — and
// streams the detokenized text until an end-of-generation token, the token
// limit or a full context. Everything it reports about speed is measured
// with the host's monotonic clock.
//
// The command line (zincc generate) only parses flags and prints; this
// package does the work.
package generate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"zincc/exec"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/ir"
	"zincc/passes"
)

// Opener opens a ring that runs m with bound weights (a tier).
type Opener func(m *ir.Module, w *exec.Weights) (exec.Ring, error)

// LoadOptions say what to load and where to run it.
type LoadOptions struct {
	// Model is the GGUF file: tokenizer, weights and (without Graph) the
	// architecture.
	Model string
	// Graph, when set, is a .zir decode step to run instead of importing
	// the model's; its gguf("name") weights read Model. GraphSource is its
	// text (read by the caller).
	Graph       string
	GraphSource []byte
	// Ctx is the number of KV-cache rows of an imported step (0: the
	// model's context length, at most 4096).
	Ctx int
	// Logits imports the step with the logits as an output, which any
	// sampler but plain greedy needs. Without it, generation takes the
	// step's argmax output (the fast path: nothing vocabulary-sized is read
	// back per step).
	Logits bool
	// MaxMemory refuses a step that needs more host memory (0: no limit).
	MaxMemory uint64
	// Open opens the ring (a tier); required.
	Open Opener
	// Tokenizer builds the tokenizer from the model file (nil: the
	// tokenizer package's, from tokenizer.ggml.* metadata).
	Tokenizer func(f *gguf.File) (Tokenizer, error)
	// Progress, if set, is told what loading is doing: stage names and,
	// while the weights are read, bytes done of total.
	Progress func(stage string, done, total int64)
}

// Model is a loaded model on an open ring, ready to generate. It is not
// safe for concurrent use.
type Model struct {
	Module *ir.Module
	Tok    Tokenizer
	Ring   exec.Ring
	// Ctx is the number of positions the step's KV cache holds.
	Ctx int
	// Vocab is the number of logits (the embedding table's rows).
	Vocab int
	// LoadTime is the wall time Load took: reading and importing the
	// model, binding and reading the weights, lowering and opening the
	// ring.
	LoadTime time.Duration

	weights *exec.Weights
	file    *gguf.File
	inputs  []uint32 // one word per input declaration
	tokIn   int      // index of the token input
	posIn   int      // index of the position input
	nextOut int      // index of the argmax output
	logOut  int      // index of the logits output, -1 if none
	pos     int      // tokens in the KV cache
	touched byte     // what touchWeights read, so its reads are kept
}

// ErrNoTokenizer is returned (wrapped) by Load for a model file without
// tokenizer metadata.
var ErrNoTokenizer = errors.New("the model file has no tokenizer (no tokenizer.ggml.* metadata), so text cannot be turned into tokens")

// Load reads the model, builds its decode step and opens a ring on it.
func Load(o LoadOptions) (md *Model, err error) {
	start := time.Now()
	progress := o.Progress
	if progress == nil {
		progress = func(string, int64, int64) {}
	}
	if o.Open == nil {
		return nil, fmt.Errorf("generate: no tier to open")
	}
	progress("reading the model header", 0, 0)
	f, err := gguf.Open(o.Model)
	if err != nil {
		return nil, err
	}
	opened := &Model{file: f, logOut: -1}
	defer func() {
		if err != nil {
			opened.Close()
			md = nil
		}
	}()
	md = opened
	if _, ok := f.Lookup("tokenizer.ggml.model"); !ok {
		return nil, fmt.Errorf("%s: %w", o.Model, ErrNoTokenizer)
	}
	newTok := o.Tokenizer
	if newTok == nil {
		newTok = defaultTokenizer
	}
	if md.Tok, err = newTok(f); err != nil {
		return nil, fmt.Errorf("%s: tokenizer: %w", o.Model, err)
	}
	progress("building the decode step", 0, 0)
	if md.Module, err = buildStep(f, o); err != nil {
		return nil, err
	}
	if err := passes.Run(md.Module, passes.Options{}); err != nil {
		return nil, err
	}
	if o.MaxMemory > 0 {
		if err := exec.CheckMemory(md.Module, o.MaxMemory); err != nil {
			return nil, err
		}
	}
	if err := md.findRoles(); err != nil {
		return nil, err
	}
	// A larger embedding table is padding (some converters round it up); a
	// smaller one cannot embed every token the tokenizer makes.
	if md.Vocab < md.Tok.VocabSize() {
		return nil, fmt.Errorf("%s: the tokenizer has %d tokens but the embedding table only %d rows", o.Model, md.Tok.VocabSize(), md.Vocab)
	}
	bind := exec.BindOptions{GGUF: o.Model}
	if o.Graph != "" {
		bind.Dir = filepath.Dir(o.Graph)
	}
	if md.weights, err = exec.Bind(md.Module, bind); err != nil {
		return nil, err
	}
	md.touched = touchWeights(md.Module, md.weights, progress)
	progress("compiling and opening the ring", 0, 0)
	if md.Ring, err = o.Open(md.Module, md.weights); err != nil {
		return nil, err
	}
	md.LoadTime = time.Since(start)
	progress("", 0, 0)
	return md, nil
}

// buildStep imports the model's decode step, or parses the given graph.
func buildStep(f *gguf.File, o LoadOptions) (*ir.Module, error) {
	if o.Graph != "" {
		m, err := frontend.Parse(o.Graph, o.GraphSource)
		if err != nil {
			return nil, fmt.Errorf("%s", frontend.FormatErrors(err, o.GraphSource))
		}
		return m, nil
	}
	c, err := frontend.ModelConfig(f, o.Ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.Model, err)
	}
	c.Logits = o.Logits
	text, err := frontend.LlamaGraph(c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.Model, err)
	}
	m, err := frontend.Parse(c.Name+".zir", []byte(text))
	if err != nil {
		return nil, fmt.Errorf("internal error: the imported step does not parse:\n%s", frontend.FormatErrors(err, []byte(text)))
	}
	return m, nil
}

// findRoles finds the token and position inputs, the argmax and logits
// outputs, the vocabulary (embedding rows) and the context (KV rows).
func (md *Model) findRoles() error {
	m := md.Module
	roles, err := exec.FindRoles(m)
	if err != nil {
		return err
	}
	if roles.Token == nil || roles.Pos == nil {
		return fmt.Errorf("graph @%s needs a token input (an embed index) and a position input to generate", m.Name)
	}
	decl := m.DeclsOf(ir.Input)
	md.inputs = make([]uint32, len(decl))
	for i, v := range decl {
		switch v {
		case roles.Token:
			md.tokIn = i
		case roles.Pos:
			md.posIn = i
		}
	}
	md.nextOut = roles.Next
	for _, n := range m.Nodes {
		if n.Op == ir.OpEmbed && n.Args[1] == roles.Token {
			md.Vocab = n.Args[0].Type.Shape[0]
		}
		// The states stored into (kv_store, or rope_kv after fuse-rope-kv)
		// bound the positions.
		for j, a := range n.Args {
			if n.Op.WritesOperand(j) {
				if rows := a.Type.Shape[0]; md.Ctx == 0 || rows < md.Ctx {
					md.Ctx = rows
				}
			}
		}
	}
	for i, o := range m.Outputs {
		t := o.Value.Type
		if t.DType == ir.F32 && len(t.Shape) == 1 && t.Shape[0] == md.Vocab {
			md.logOut = i
			break
		}
	}
	if md.nextOut < 0 && md.logOut < 0 {
		return fmt.Errorf("graph @%s outputs neither a next token (u32) nor logits (f32[%d])", m.Name, md.Vocab)
	}
	if md.Ctx == 0 {
		return fmt.Errorf("graph @%s has no KV cache (kv_store), so it cannot hold a prompt", m.Name)
	}
	return nil
}

// HasLogits reports whether the step outputs its logits.
func (md *Model) HasLogits() bool { return md.logOut >= 0 }

// Pos is the number of tokens in the KV cache.
func (md *Model) Pos() int { return md.pos }

// step runs one decode step on token id at the next position.
func (md *Model) step(id uint32) ([]exec.Tensor, error) {
	if md.pos >= md.Ctx {
		return nil, fmt.Errorf("the context is full (%d tokens)", md.Ctx)
	}
	md.inputs[md.tokIn] = id
	md.inputs[md.posIn] = uint32(md.pos)
	if err := exec.CheckInputs(md.Module, md.inputs); err != nil {
		return nil, err
	}
	out, err := md.Ring.Step(md.inputs)
	if err != nil {
		return nil, fmt.Errorf("step at position %d on %s: %w", md.pos, md.Ring.Tier(), err)
	}
	md.pos++
	return out, nil
}

// Close releases the ring, the weights and the model file.
func (md *Model) Close() error {
	var errs []error
	if md.Ring != nil {
		errs = append(errs, md.Ring.Close())
		md.Ring = nil
	}
	if md.weights != nil {
		errs = append(errs, md.weights.Close())
		md.weights = nil
	}
	if md.file != nil {
		errs = append(errs, md.file.Close())
		md.file = nil
	}
	return errors.Join(errs...)
}

// touchWeights reads one byte of every page of the weights (returning
// their XOR), so that a multi-gigabyte mapping is read from disk here,
// where progress can be shown, rather than silently inside the ring's
// upload.
func touchWeights(m *ir.Module, w *exec.Weights, progress func(string, int64, int64)) byte {
	var total int64
	for _, v := range m.DeclsOf(ir.Weight) {
		total += int64(len(w.Data(v)))
	}
	page := os.Getpagesize()
	var done, last int64
	var sink byte
	for _, v := range m.DeclsOf(ir.Weight) {
		d := w.Data(v)
		for i := 0; i < len(d); i += page {
			sink ^= d[i]
		}
		done += int64(len(d))
		if done-last >= 64<<20 || done == total {
			progress("reading the weights", done, total)
			last = done
		}
	}
	return sink
}
