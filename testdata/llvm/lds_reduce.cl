// Workgroup reductions through LDS with barriers: a tree sum of 256
// integers and of 256 floats (the tree fixes the order of the float
// additions), and a max. Launch blocks of 256; lid = workitem_id,
// g = workgroup_id. Work-item 0 of group g writes isum[g], fsum[g],
// imax[g] for the elements a[256*g + lid] and f[256*g + lid].
#define BARRIER() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))

kernel void lds_reduce(global uint *isum, global float *fsum, global int *imax,
                       global const uint *a, global const float *f) {
  local uint si[256];
  local float sf[256];
  local int sm[256];
  uint lid = __builtin_amdgcn_workitem_id_x();
  uint g = __builtin_amdgcn_workgroup_id_x();
  uint x = a[256 * g + lid];
  si[lid] = x;
  sf[lid] = f[256 * g + lid];
  sm[lid] = (int)x;
  BARRIER();
  for (uint s = 128; s > 0; s >>= 1) {
    if (lid < s) {
      si[lid] += si[lid + s];
      sf[lid] = sf[lid] + sf[lid + s];
      int o = sm[lid + s];
      if (o > sm[lid])
        sm[lid] = o;
    }
    BARRIER();
  }
  if (lid == 0) {
    isum[g] = si[0];
    fsum[g] = sf[0];
    imax[g] = sm[0];
  }
}
