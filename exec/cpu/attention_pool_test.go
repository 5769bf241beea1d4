package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"zincc/ir"
)

// TestAttentionPoolIsAttention holds AttentionPool (heads spread over a
// pool) to Attention bit for bit, on contexts long enough to be split and
// short enough to run inline, for pools of one to three goroutines, and
// checks that a call allocates nothing once the scratch has grown.
func TestAttentionPoolIsAttention(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	for _, workers := range []int{1, 2, 3} {
		pool := NewPool(workers)
		for _, dt := range []ir.DType{ir.F32, ir.F16} {
			for _, sh := range []struct{ heads, kvHeads, headDim, ctx, pos int }{
				{32, 4, 64, 600, 599}, {32, 4, 64, 600, 3}, {8, 8, 128, 300, 250}, {5, 1, 16, 40, 39}, {1, 1, 64, 2000, 1999},
			} {
				width := sh.kvHeads * sh.headDim
				k := randState(rng, dt, sh.ctx, width)
				v := randState(rng, dt, sh.ctx, width)
				q := randVector(rng, sh.heads*sh.headDim, 4)
				want := make([]float32, len(q))
				if err := Attention(want, q, k, v, dt, sh.pos, sh.heads, sh.kvHeads, sh.headDim, 0.125, make([]float32, sh.pos+1)); err != nil {
					t.Fatal(err)
				}
				got := make([]float32, len(q))
				if err := AttentionPool(pool, got, q, k, v, dt, sh.pos, sh.heads, sh.kvHeads, sh.headDim, 0.125); err != nil {
					t.Fatal(err)
				}
				for i := range want {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("%d workers, %v %+v: element %d is %v, Attention gives %v", workers, dt, sh, i, got[i], want[i])
					}
				}
				allocs := testing.AllocsPerRun(5, func() {
					_ = AttentionPool(pool, got, q, k, v, dt, sh.pos, sh.heads, sh.kvHeads, sh.headDim, 0.125)
				})
				if allocs != 0 {
					t.Errorf("%d workers, %v %+v: %v allocations a call", workers, dt, sh, allocs)
				}
			}
		}
		// A bad call is refused before any goroutine runs.
		if err := AttentionPool(pool, make([]float32, 64), make([]float32, 64), make([]byte, 256), make([]byte, 256), ir.F32, 1, 1, 1, 64, 1); err == nil {
			t.Errorf("%d workers: position 1 of a one-row cache was accepted", workers)
		}
		pool.Close()
	}
}
