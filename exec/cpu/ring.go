package cpu

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"unsafe"

	"zincc/exec"
	"zincc/ir"
	lower "zincc/lower/cpu"
)

// Ring runs a lowered program on the CPU. It is the reference tier: every
// other tier is compared with it.
type Ring struct {
	prog   *lower.Program
	pool   *Pool
	bufs   [][]byte    // one per program buffer
	floats [][]float32 // f32 views of the f32 buffers (nil for others)
	tmp    []float32   // an op's intermediate vector (temp)
	closed bool
}

// NewRing prepares prog with bound weights: it allocates every activation
// and state buffer (states start as zeros) and starts a worker pool of
// `workers` goroutines (0: one per CPU).
func NewRing(prog *lower.Program, w *exec.Weights, workers int) (*Ring, error) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	r := &Ring{prog: prog, bufs: make([][]byte, len(prog.Buffers)), floats: make([][]float32, len(prog.Buffers))}
	maxCtx := 0
	for i, b := range prog.Buffers {
		v := b.Value
		if v.Kind == ir.Weight {
			data := w.Data(v)
			if len(data) != b.Bytes {
				return nil, fmt.Errorf("weight %s is bound to %d bytes; %v takes %d", v.Ref(), len(data), v.Type, b.Bytes)
			}
			if !aligned(data) { // views need 4-byte alignment
				data = append(make([]byte, 0, len(data)+4), data...)
			}
			r.bufs[i] = data
		} else {
			r.bufs[i] = alignedBytes(b.Bytes)
		}
		if v.Type.DType == ir.F32 {
			r.floats[i] = f32View(r.bufs[i])
		}
		if v.Kind == ir.State {
			maxCtx = max(maxCtx, v.Type.Shape[0])
		}
	}
	r.pool = NewPool(workers)
	r.pool.reserveAttention(maxCtx) // no step allocates scores scratch
	return r, nil
}

// temp returns a scratch vector of n values for the op being run (one at a
// time): it grows in the first step and is reused after, so steps
// allocate nothing.
func (r *Ring) temp(n int) []float32 {
	if cap(r.tmp) < n {
		r.tmp = make([]float32, n)
	}
	return r.tmp[:n]
}

// Tier returns "cpu".
func (r *Ring) Tier() string { return "cpu" }

// Step runs every call of the program once.
func (r *Ring) Step(inputs []uint32) ([]exec.Tensor, error) {
	if r.closed {
		return nil, fmt.Errorf("cpu ring is closed")
	}
	if len(inputs) != len(r.prog.Inputs) {
		return nil, fmt.Errorf("got %d input values; graph @%s has %d inputs", len(inputs), r.prog.Module.Name, len(r.prog.Inputs))
	}
	for i, b := range r.prog.Inputs {
		binary.LittleEndian.PutUint32(r.bufs[b], inputs[i])
	}
	for i := range r.prog.Calls {
		if err := r.call(&r.prog.Calls[i]); err != nil {
			c := &r.prog.Calls[i]
			return nil, fmt.Errorf("%v: %s: %w", c.Node.Pos, ir.NodeString(c.Node), err)
		}
	}
	out := make([]exec.Tensor, len(r.prog.Outputs))
	for i, b := range r.prog.Outputs {
		v := r.prog.Buffers[b].Value
		out[i] = exec.Tensor{Name: v.Name, Type: v.Type, Data: append([]byte(nil), r.bufs[b]...)}
	}
	return out, nil
}

func (r *Ring) word(b int) uint32 { return binary.LittleEndian.Uint32(r.bufs[b]) }

// call runs the kernel of one call's op.
func (r *Ring) call(c *lower.Call) error {
	k := kernelFor(c.Node.Op)
	if k == nil || k.run == nil {
		return fmt.Errorf("no cpu kernel for %s", c.Node.Op.Name)
	}
	return k.run(r, c)
}

// in is operand k of c as float32s (nil if it is not f32).
func (r *Ring) in(c *lower.Call, k int) []float32 { return r.floats[c.In[k]] }

// out is c's result as float32s (nil if it has none or it is not f32).
func (r *Ring) out(c *lower.Call) []float32 {
	if c.Out < 0 {
		return nil
	}
	return r.floats[c.Out]
}

// State returns a copy of a state's current contents.
func (r *Ring) State(v *ir.Value) (exec.Tensor, error) {
	b, ok := r.prog.BufferOf[v]
	if !ok || v.Kind != ir.State {
		return exec.Tensor{}, fmt.Errorf("%s is not a state of graph @%s", v.Ref(), r.prog.Module.Name)
	}
	return exec.Tensor{Name: v.Name, Type: v.Type, Data: append([]byte(nil), r.bufs[b]...)}, nil
}

// Close stops the worker pool.
func (r *Ring) Close() error {
	if !r.closed {
		r.closed = true
		r.pool.Close()
	}
	return nil
}

// alignedBytes returns n zero bytes that start on a 4-byte boundary.
func alignedBytes(n int) []byte {
	words := make([]uint32, (n+3)/4)
	if len(words) == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*4)[:n]
}

func aligned(b []byte) bool {
	return len(b) == 0 || uintptr(unsafe.Pointer(&b[0]))%4 == 0
}

// f32View reinterprets 4-byte-aligned little-endian bytes as float32s. zincc
// runs on little-endian hosts only (amd64, arm64), as GPUs read the same
// bytes.
func f32View(b []byte) []float32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&b[0])), len(b)/4)
}
