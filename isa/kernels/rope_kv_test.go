package kernels_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// TestRopeKV runs zincc_rope_kv_f32/_f16 on the emulator and holds it to
// the CPU oracle of rope_kv (cpu.CheckRopeKV: the rotated q and k within
// the rope rule, v stored bit for bit) and, bit for bit, to what the
// unfused kernels make of the same inputs: zincc_rope of q, zincc_rope of
// k then zincc_kv_store_* of it, and zincc_kv_store_* of v (the kernels
// share rope.inc and kv_store.inc, so the numbers are the same). Every
// cache row but pos must keep its bytes. Cases place q before dst and
// v_cache before k_cache, so that the offsets the kernel takes are
// negative.
func TestRopeKV(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(21))
	type shape struct{ heads, kvHeads, headDim, dims int }
	shapes := []shape{{4, 2, 16, 16}, {3, 1, 32, 16}, {5, 5, 7, 4}, {8, 2, 80, 64}, {32, 8, 128, 128}, {1, 1, 2, 2}}
	const ctx = 9
	for si, s := range shapes {
		for _, dt := range []ir.DType{ir.F32, ir.F16} {
			for _, mode := range []int{0, 1, 2, 3} {
				for _, pos := range []int{0, 5, ctx - 1} {
					neg := (si+pos)%2 == 1
					name := fmt.Sprintf("%v/%dx%d/%d/dims=%d/mode=%d/pos=%d/neg=%v", dt, s.heads, s.kvHeads, s.headDim, s.dims, mode, pos, neg)
					t.Run(name, func(t *testing.T) {
						nq, nk := s.heads*s.headDim, s.kvHeads*s.headDim
						q, k, v := randF32(r, nq, 3), randF32(r, nk, 3), wildF32(r, nk)
						if nk > 4 {
							k[1], v[2] = 1e30, 65520 // large angles' inputs; an f16 overflow
						}
						freqs := make([]float32, s.dims/2)
						for i := range freqs {
							freqs[i] = 0.5 + 7*r.Float32()
						}
						theta, fs := float32(10000), float32(1)
						if mode&2 != 0 {
							theta, fs = 500000, 0.25
						}
						eb := 4
						if dt == ir.F16 {
							eb = 2
						}
						kcache, vcache := make([]byte, ctx*nk*eb), make([]byte, ctx*nk*eb)
						r.Read(kcache)
						r.Read(vcache)

						var vq, vdst, vkc, vvc uint64
						if neg {
							vq = h.buffer("q", f32bytes(q))
							vdst = h.zeros("dst", 4*nq)
							vvc = h.buffer("v_cache", vcache)
							vkc = h.buffer("k_cache", kcache)
						} else {
							vdst = h.zeros("dst", 4*nq)
							vq = h.buffer("q", f32bytes(q))
							vkc = h.buffer("k_cache", kcache)
							vvc = h.buffer("v_cache", vcache)
						}
						vk, vv, vf := h.buffer("k", f32bytes(k)), h.buffer("v", f32bytes(v)), h.buffer("freqs", f32bytes(freqs))
						fptr := uint64(0)
						if mode&2 != 0 {
							fptr = vf
						}
						off := func(a, b uint64) arg { return u32(int(int32(int64(a) - int64(b)))) }
						h.run("zincc_rope_kv_"+dt.String(), kernels.Size{N: nq, KV: nk},
							ptr(vdst), ptr(vkc), ptr(fptr), u32(pos), off(vq, vdst), off(vk, vdst), off(vv, vdst), off(vvc, vkc),
							u32(s.headDim|s.dims<<16), u32(s.heads|s.kvHeads<<16), f32(theta), u32(mode), f32(fs))
						got, gotK, gotV := h.read(vdst, 4*nq), h.read(vkc, len(kcache)), h.read(vvc, len(vcache))

						var ff []float32
						if mode&2 != 0 {
							ff = freqs
						}
						if err := cpu.CheckRopeKV(got, q, k, v, gotK, gotV, dt, uint32(pos), s.headDim, s.dims, theta, mode&1 != 0, ff, fs); err != nil {
							t.Fatal(err)
						}
						rb := nk * eb
						for row := 0; row < ctx; row++ {
							if row == pos {
								continue
							}
							if !bytes.Equal(gotK[row*rb:(row+1)*rb], kcache[row*rb:(row+1)*rb]) || !bytes.Equal(gotV[row*rb:(row+1)*rb], vcache[row*rb:(row+1)*rb]) {
								t.Fatalf("row %d of a cache changed; only row %d is stored", row, pos)
							}
						}

						// The unfused kernels on the same inputs.
						uq, uk := h.zeros("rope q", 4*nq), h.zeros("rope k", 4*nk)
						ukc, uvc := h.buffer("k_cache'", kcache), h.buffer("v_cache'", vcache)
						h.run("zincc_rope", kernels.Size{N: nq}, ptr(vq), ptr(uq), u32(pos), u32(nq), u32(s.headDim), u32(s.dims), f32(theta), u32(mode), ptr(fptr), f32(fs))
						h.run("zincc_rope", kernels.Size{N: nk}, ptr(vk), ptr(uk), u32(pos), u32(nk), u32(s.headDim), u32(s.dims), f32(theta), u32(mode), ptr(fptr), f32(fs))
						h.run("zincc_kv_store_"+dt.String(), kernels.Size{N: nk}, ptr(uk), ptr(ukc), u32(pos), u32(nk))
						h.run("zincc_kv_store_"+dt.String(), kernels.Size{N: nk}, ptr(vv), ptr(uvc), u32(pos), u32(nk))
						if !bytes.Equal(got, h.read(uq, 4*nq)) {
							t.Error("the rotated q differs from zincc_rope's")
						}
						if !bytes.Equal(gotK, h.read(ukc, len(kcache))) {
							t.Error("k_cache differs from zincc_rope then zincc_kv_store's")
						}
						if !bytes.Equal(gotV, h.read(uvc, len(vcache))) {
							t.Error("v_cache differs from zincc_kv_store's")
						}
					})
				}
			}
		}
	}
}
