package exec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"syscall"

	"zincc/frontend/gguf"
	"zincc/internal/ggml"
	"zincc/ir"
)

// Weights holds the bytes bound to every weight declaration of a module.
// Data from a GGUF file is a slice of its read-only mapping, not a copy;
// Close releases the mapping.
type Weights struct {
	data map[*ir.Value][]byte
	file *gguf.File
}

// BindOptions say where weight data comes from.
type BindOptions struct {
	// GGUF is the model file that gguf("name") initialisers read from.
	GGUF string
	// Dir resolves relative file("path") initialisers (the .zir's directory).
	Dir string
}

// Bind resolves every weight of m to its bytes. Errors name the weight and,
// for a mismatch with the GGUF file, both the declared and the stored type.
// All weights are checked and every problem reported.
func Bind(m *ir.Module, opts BindOptions) (w *Weights, err error) {
	w = &Weights{data: map[*ir.Value][]byte{}}
	defer func() {
		if err != nil {
			w.Close()
			w = nil
		}
	}()
	var errs []error
	for _, v := range m.DeclsOf(ir.Weight) {
		data, err := w.bind(v, opts)
		if err != nil {
			errs = append(errs, fmt.Errorf("%v: weight %s: %w", v.Pos, v.Ref(), err))
			continue
		}
		w.data[v] = data
	}
	return w, errors.Join(errs...)
}

// Data returns the bytes bound to weight v (nil if v is not a bound weight).
func (w *Weights) Data(v *ir.Value) []byte { return w.data[v] }

// Close releases the GGUF mapping, if any. Data slices from it are invalid
// afterwards.
func (w *Weights) Close() error {
	if w == nil || w.file == nil {
		return nil
	}
	f := w.file
	w.file = nil
	return f.Close()
}

func (w *Weights) bind(v *ir.Value, opts BindOptions) ([]byte, error) {
	size := v.Type.Bytes()
	switch v.Init.Kind {
	case ir.InitZeros:
		return make([]byte, size), nil
	case ir.InitRandom:
		return RandomData(v.Type, v.Init.Seed, v.Init.Scale)
	case ir.InitFile:
		path := v.Init.Name
		if !filepath.IsAbs(path) && opts.Dir != "" {
			path = filepath.Join(opts.Dir, path)
		}
		return readExact(path, size, v.Type)
	case ir.InitGGUF:
		if opts.GGUF == "" {
			return nil, fmt.Errorf("gguf(%q) needs a model file: pass -weights model.gguf", v.Init.Name)
		}
		if w.file == nil {
			f, err := gguf.Open(opts.GGUF)
			if err != nil {
				return nil, err
			}
			w.file = f
		}
		return ggufTensor(w.file, opts.GGUF, v)
	}
	return nil, fmt.Errorf("has no initialiser")
}

// readExact reads a file(...) weight: a regular file of exactly size
// bytes. A directory, device, FIFO or socket is refused by what it is (a
// directory's or device's "size" means nothing here); the file is opened
// non-blocking so that a FIFO without a writer does not hang the open.
func readExact(path string, size int, t ir.Type) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a regular file of %d bytes (%v)", path, fileKind(st.Mode()), size, t)
	}
	if st.Size() != int64(size) {
		return nil, fmt.Errorf("%s holds %d bytes; %v takes %d", path, st.Size(), t, size)
	}
	data := make([]byte, size)
	if _, err := f.ReadAt(data, 0); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// fileKind names what a non-regular file is, with its article.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

func ggufTensor(f *gguf.File, path string, v *ir.Value) ([]byte, error) {
	info, ok := f.Tensor(v.Init.Name)
	if !ok {
		return nil, fmt.Errorf("%s has no tensor %q", path, v.Init.Name)
	}
	dt, err := info.DType()
	stored := fmt.Sprintf("%s%v", info.Type, info.Shape())
	if err == nil {
		stored = ir.Tensor(dt, info.Shape()...).String()
	}
	// ggml's writer drops outer dimensions of size 1: [1, n] is stored as [n].
	if err != nil || !ir.Tensor(dt, trimOnes(info.Shape())...).Equal(ir.Tensor(v.Type.DType, trimOnes(v.Type.Shape)...)) {
		return nil, fmt.Errorf("declared %v but %q in %s is %s", v.Type, v.Init.Name, path, stored)
	}
	return f.TensorData(v.Init.Name)
}

// trimOnes drops leading (outermost) dimensions of size 1.
func trimOnes(shape []int) []int {
	for len(shape) > 1 && shape[0] == 1 {
		shape = shape[1:]
	}
	return shape
}

// RandomData returns deterministic pseudo-random contents for a tensor of
// type t: element i is uniform in [-scale, scale), from SplitMix64 seeded
// with seed, the same on every machine. f16 and bf16 elements are rounded
// from the f32 values; the block formats are quantised from them with
// ggml's reference quantisers (q4_0, q4_1, q5_0, q5_1, q8_0) or, for the
// K-quants, internal/ggml's documented one-pass quantizers.
func RandomData(t ir.Type, seed uint64, scale float64) ([]byte, error) {
	if err := t.CheckShape(); err != nil {
		return nil, err
	}
	n := t.Elems()
	vals := make([]float32, n)
	state := seed
	for i := range vals {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		z ^= z >> 31
		// 24 random bits give a float32 in [-1, 1) exactly; one
		// correctly rounded multiply applies the scale.
		u := float64(z>>40)/(1<<23) - 1
		vals[i] = float32(u * scale)
	}
	out := make([]byte, t.Bytes())
	switch t.DType {
	case ir.F32:
		for i, f := range vals {
			binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(f))
		}
	default:
		quant, ok := quantizers[t.DType]
		if !ok {
			return nil, fmt.Errorf("random data is defined for float types, not %v", t.DType)
		}
		if err := quant(out, vals); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// quantizers writes each dtype other than f32 from float32 values.
var quantizers = map[ir.DType]func([]byte, []float32) error{
	ir.F16:  ggml.F32ToF16Row,
	ir.BF16: ggml.F32ToBF16Row,
	ir.Q4_0: ggml.QuantizeQ4_0,
	ir.Q4_1: ggml.QuantizeQ4_1,
	ir.Q5_0: ggml.QuantizeQ5_0,
	ir.Q5_1: ggml.QuantizeQ5_1,
	ir.Q8_0: ggml.QuantizeQ8_0,
	ir.Q4_K: ggml.QuantizeQ4_K,
	ir.Q5_K: ggml.QuantizeQ5_K,
	ir.Q6_K: ggml.QuantizeQ6_K,
}
