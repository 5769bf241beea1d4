// Divergent control flow: nested if/else chains, a data-dependent loop
// with break and continue, and a loop whose trip count differs per lane.
// i = global id (workgroup_id * workgroup size + workitem_id); x = a[i].
// out[2*i]: the value of the branch chain; out[2*i+1]: the loop result.
#define GID (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x())

kernel void divergent(global uint *out, global const uint *a) {
  uint i = GID;
  uint x = a[i];
  uint r;
  if (x & 1) {
    if (x & 2)
      r = x * 3u;
    else if (x & 4)
      r = x ^ 0xdeadbeefu;
    else
      r = x >> 1;
  } else if (x % 5u == 0) {
    r = 100u;
  } else {
    r = ~x;
  }
  // Collatz steps from (x & 1023) + 1, at most 200, skipping the
  // accumulation on steps where the value is a multiple of 7.
  uint v = (x & 1023u) + 1u;
  uint acc = 0;
  for (uint step = 0; step < 200u; step++) {
    if (v == 1u)
      break;
    v = (v & 1u) ? 3u * v + 1u : v >> 1;
    if (v % 7u == 0)
      continue;
    acc += v ^ step;
  }
  out[2 * i] = r;
  out[2 * i + 1] = acc;
}
