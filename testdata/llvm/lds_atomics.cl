// LDS atomics from every work-item of a workgroup of 256, then a barrier
// and a copy out. lid = workitem_id, g = workgroup_id, x = a[256*g + lid].
// The LDS counters s[0..7] start at 0 except s[3] = 0xffffffff and
// s[7] = 0xffffffff (written by work-item 0 before a barrier):
//  s[0] += 1 (the returned old value -> old[256*g + lid]); s[1] += x;
//  s[2] = max(s[2], x); s[3] = min(s[3], x); s[4] |= 1 << (x & 31);
//  s[5] ^= x; s[6] <- xchg (returned values not checked);
//  s[7] &= ~(1 << (lid & 31)); and s[8 + (x & 7)] += 1 by a
//  compare-and-swap loop.
// Work-item 0 then writes res[16*g + j] = s[j] for j < 16.
#define BARRIER() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))

kernel void lds_atomics(global uint *res, global uint *old, global const uint *a) {
  local uint s[16];
  uint lid = __builtin_amdgcn_workitem_id_x();
  uint g = __builtin_amdgcn_workgroup_id_x();
  uint x = a[256 * g + lid];
  if (lid < 16)
    s[lid] = (lid == 3 || lid == 7) ? 0xffffffffu : 0u;
  BARRIER();
  old[256 * g + lid] = __atomic_fetch_add(&s[0], 1u, __ATOMIC_RELAXED);
  __atomic_fetch_add(&s[1], x, __ATOMIC_RELAXED);
  __atomic_fetch_max(&s[2], x, __ATOMIC_RELAXED);
  __atomic_fetch_min(&s[3], x, __ATOMIC_RELAXED);
  __atomic_fetch_or(&s[4], 1u << (x & 31u), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&s[5], x, __ATOMIC_RELAXED);
  __atomic_exchange_n(&s[6], x, __ATOMIC_RELAXED);
  __atomic_fetch_and(&s[7], ~(1u << (lid & 31u)), __ATOMIC_RELAXED);
  local uint *slot = &s[8 + (x & 7u)];
  uint cur = __atomic_load_n(slot, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(slot, &cur, cur + 1u, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
  BARRIER();
  if (lid == 0)
    for (int j = 0; j < 16; j++)
      res[16 * g + j] = s[j];
}
