package cpu

import (
	"fmt"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// RopeKV is the rope_kv op: dst = Rope(q), then KVStore of Rope(k) into
// row pos of kc and of v into row pos of vc (caches of dtype dt, rows of
// len(k) values), by the very calls the unfused rope, rope, kv_store and
// kv_store make, so fuse-rope-kv changes no result of the cpu tier.
// scratch holds rope(k) (len(k)). k's heads have q's size, headDim.
func RopeKV(dst, q, k, v []float32, kc, vc []byte, dt ir.DType, pos uint32, headDim, dims int, theta float32, neox bool, freqs []float32, freqScale float32, scratch []float32) error {
	if len(v) != len(k) || len(scratch) != len(k) {
		return sizeError("rope_kv", "k has %d values, v %d, scratch %d", len(k), len(v), len(scratch))
	}
	if err := Rope(dst, q, pos, headDim, dims, theta, neox, freqs, freqScale); err != nil {
		return err
	}
	if err := Rope(scratch, k, pos, headDim, dims, theta, neox, freqs, freqScale); err != nil {
		return err
	}
	if err := KVStore(kc, dt, len(k), int(pos), scratch); err != nil {
		return err
	}
	return KVStore(vc, dt, len(v), int(pos), v)
}

// CheckRopeKV is rope_kv's oracle: another tier's result got (rope of q)
// and caches kc and vc after its store, held to the CPU's numbers. got and
// row pos of kc are within the rope rule of rope(q) and rope(k), the row
// being some value within that bound stored as kv_store stores it (for an
// f16 cache, a rounding of such a value: between the f16 roundings of the
// bound's ends, rounding being monotonic); row pos of vc is v stored as
// kv_store stores it, bit for bit.
func CheckRopeKV(got []byte, q, k, v []float32, kc, vc []byte, dt ir.DType, pos uint32, headDim, dims int, theta float32, neox bool, freqs []float32, freqScale float32) error {
	want, scale := make([]float32, len(q)), make([]float64, len(q))
	if err := Rope(want, q, pos, headDim, dims, theta, neox, freqs, freqScale); err != nil {
		return err
	}
	n, err := RopeScale(scale, q, pos, headDim, dims, theta, neox, freqs, freqScale)
	if err != nil {
		return err
	}
	if err := Check(ir.OpRopeKV.Name, floats(got), want, scale, n); err != nil {
		return fmt.Errorf("the rope of q: %w", err)
	}
	_, rb, err := stateRows("rope_kv", kc, dt, len(k))
	if err != nil {
		return err
	}
	if int(pos)*rb >= len(kc) || len(vc) != len(kc) {
		return sizeError("rope_kv", "position %d past caches of %d and %d bytes", pos, len(kc), len(vc))
	}
	wk, sk := make([]float32, len(k)), make([]float64, len(k))
	if err := Rope(wk, k, pos, headDim, dims, theta, neox, freqs, freqScale); err != nil {
		return err
	}
	if n, err = RopeScale(sk, k, pos, headDim, dims, theta, neox, freqs, freqScale); err != nil {
		return err
	}
	row := kc[int(pos)*rb : int(pos+1)*rb]
	if dt == ir.F32 {
		if err := Check(ir.OpRopeKV.Name, floats(row), wk, sk, n); err != nil {
			return fmt.Errorf("row %d of k_cache: %w", pos, err)
		}
	} else if err := checkStoredF16(row, wk, sk, n); err != nil {
		return fmt.Errorf("row %d of k_cache: %w", pos, err)
	}
	wv := append([]byte(nil), vc...)
	if err := KVStore(wv, dt, len(v), int(pos), v); err != nil {
		return err
	}
	if string(wv[int(pos)*rb:int(pos+1)*rb]) != string(vc[int(pos)*rb:int(pos+1)*rb]) {
		return fmt.Errorf("rope_kv: row %d of v_cache differs from the stored v", pos)
	}
	return nil
}

// checkStoredF16 holds f16 values got (little endian) to want under the
// rope_kv rule's bound, after the f16 rounding of the store: got[i] must
// lie between the f16 roundings of want[i] ∓ bound (the ends rounded
// outwards to float32 first), or both be NaN.
func checkStoredF16(got []byte, want []float32, scale []float64, n int) error {
	rule := rules[ir.OpRopeKV.Name]
	for i, w := range want {
		g := ggml.F16ToF32(uint16(got[2*i]) | uint16(got[2*i+1])<<8)
		if g != g || w != w {
			if g != g && w != w {
				continue
			}
			return &Mismatch{Op: rule.Op, Index: i, Got: g, Want: w, Count: 1}
		}
		b := rule.Bound(scale[i], n)
		lo, hi := float32(float64(w)-b), float32(float64(w)+b)
		if float64(lo) > float64(w)-b {
			lo = math.Nextafter32(lo, float32(math.Inf(-1)))
		}
		if float64(hi) < float64(w)+b {
			hi = math.Nextafter32(hi, float32(math.Inf(1)))
		}
		if g < ggml.F16ToF32(ggml.F32ToF16(lo)) || g > ggml.F16ToF32(ggml.F32ToF16(hi)) {
			return &Mismatch{Op: rule.Op, Index: i, Got: g, Want: w, Bound: b, Scale: scale[i], Count: 1}
		}
	}
	return nil
}
