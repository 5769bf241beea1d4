package kernels

// zincc_rope_kv_f32 and _f16 (rope_kv.s): zincc_rope of q into dst, of k
// into row pos of k_cache, and v into row pos of v_cache (in the kernel's
// dtype), in three parts of the grid. q, k and v are passed as byte
// offsets from dst and v_cache as one from k_cache: six pointers and the
// rope's parameters do not fit the 16 user SGPRs, and the offsets do not
// move when the buffers are relocated (q, k, v and dst are in the arena,
// the caches in the state buffer).

// ropeKVGroups launches one thread per element of q (Size.N), of k and of
// v (Size.KV each), each part in workgroups of its own.
func ropeKVGroups(s Size) uint32 { return uint32((s.N+255)/256 + 2*((s.KV+255)/256)) }

// ropeKVArgs are zincc_rope_kv_*'s arguments, in user-SGPR order.
var ropeKVArgs = []Arg{ptr("dst"), ptr("k_cache"), ptr("freqs"), u32("pos"),
	u32("q_off"), u32("k_off"), u32("v_off"), u32("v_cache_off"),
	u32("head_dim_dims"), u32("heads_kv_heads"), f32("theta"), u32("mode"), f32("freq_scale")}
