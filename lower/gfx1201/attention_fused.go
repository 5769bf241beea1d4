package gfx1201

import (
	"fmt"

	"zincc/ir"
	"zincc/isa/kernels"
)

// A split attention's two launches (zincc_attention_split_*, then
// zincc_attention_combine or _combine_q8_0 over the same scratch) are
// emitted as one launch of zincc_attention_fused[_q8_0|_q8_K]_*: the split's
// workgroups, where the last of a head to arrive merges its partials
// (isa/kernels/attention_split.s, split_arrive). One dispatch and one
// barrier fewer per attention; the kernel's arguments are the split's
// and the combine's dst, and its scratch holds the partials and a
// counter per head, zero between launches.

// fusedResults are the results a fused kernel stores, in fusedSplit's
// order: f32, then attention_quantize's formats.
var fusedResults = [...]ir.DType{ir.F32, ir.Q8_0, ir.Q8_K}

// fusedSplit maps a split kernel to its fused kernels, one per entry of
// fusedResults: zincc_attention_fused_*, _q8_0_* and _q8_K_*.
var fusedSplit = func() map[*kernels.KernelABI][len(fusedResults)]*kernels.KernelABI {
	t := map[*kernels.KernelABI][len(fusedResults)]*kernels.KernelABI{}
	for _, dt := range []string{"f32", "f16"} {
		for _, hd := range kernels.AttentionSplitHeadDims {
			var f [len(fusedResults)]*kernels.KernelABI
			for i, r := range fusedResults {
				prefix := "zincc_attention_fused"
				if r != ir.F32 {
					prefix += "_" + r.String()
				}
				f[i] = abi(fmt.Sprintf("%s_%s_d%d", prefix, dt, hd))
			}
			t[abi(fmt.Sprintf("zincc_attention_split_%s_d%d", dt, hd))] = f
		}
	}
	return t
}()

// fuseSplitAttention turns l, a split attention followed by its
// combine (l.then), into the fused launch.
func fuseSplitAttention(l *launch) {
	f, ok := fusedSplit[l.kernel]
	if !ok || l.then == nil {
		return
	}
	l.kernel = f[0]                  // attention_quantize's rule takes another (quantizedFused)
	l.args[l.nargs] = l.then.args[1] // the combine's dst
	l.nargs++
	l.then = nil
}

// quantizedFused returns the variant of a fused attention kernel with an
// f32 result that stores format's blocks, or nil.
func quantizedFused(k *kernels.KernelABI, format ir.DType) *kernels.KernelABI {
	for _, f := range fusedSplit {
		if f[0] != k {
			continue
		}
		for i, r := range fusedResults {
			if r == format {
				return f[i]
			}
		}
	}
	return nil
}
