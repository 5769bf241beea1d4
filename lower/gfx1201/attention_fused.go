package gfx1201

import (
	"fmt"

	"zincc/isa/kernels"
)

// A split attention's two launches (zincc_attention_split_*, then
// zincc_attention_combine or _combine_q8_0 over the same scratch) are
// emitted as one launch of zincc_attention_fused[_q8_0]_*: the split's
// workgroups, where the last of a head to arrive merges its partials
// (isa/kernels/attention_split.s, split_arrive). One dispatch and one
// barrier fewer per attention; the kernel's arguments are the split's
// and the combine's dst, and its scratch holds the partials and a
// counter per head, zero between launches.

// fusedSplit maps a split kernel to its fused kernels: with an f32
// result (index 0) and with q8_0 blocks (index 1).
var fusedSplit = func() map[*kernels.KernelABI][2]*kernels.KernelABI {
	t := map[*kernels.KernelABI][2]*kernels.KernelABI{}
	for _, dt := range []string{"f32", "f16"} {
		for _, hd := range kernels.AttentionSplitHeadDims {
			t[abi(fmt.Sprintf("zincc_attention_split_%s_d%d", dt, hd))] = [2]*kernels.KernelABI{
				abi(fmt.Sprintf("zincc_attention_fused_%s_d%d", dt, hd)),
				abi(fmt.Sprintf("zincc_attention_fused_q8_0_%s_d%d", dt, hd)),
			}
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
	l.kernel = f[0]                  // attention_quantize's rule takes f[1] (quantizedFused)
	l.args[l.nargs] = l.then.args[1] // the combine's dst
	l.nargs++
	l.then = nil
}

// quantizedFused returns the q8_0 variant of a fused attention kernel
// with an f32 result, or nil.
func quantizedFused(k *kernels.KernelABI) *kernels.KernelABI {
	for _, f := range fusedSplit {
		if f[0] == k {
			return f[1]
		}
	}
	return nil
}
