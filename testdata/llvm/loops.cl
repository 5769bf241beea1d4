// Nested loops with uniform and per-lane bounds, an early return, and a
// while loop on a per-lane condition. i = global id; x = a[i], n = the
// uniform argument. out[i] = f(x, n) where, in Go terms:
//   if x % 13 == 12 { out = 0xffffffff and return }
//   s := 0; for j := 0; j < n; j++ { for k := 0; k <= j+(x&7); k++ { s += j*k ^ x } }
//   for s > 1000 { s = s/3 + (s & 5) }
//   out = s
#define GID (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x())

kernel void loops(global uint *out, global const uint *a, uint n) {
  uint i = GID;
  uint x = a[i];
  if (x % 13u == 12u) {
    out[i] = 0xffffffffu;
    return;
  }
  uint s = 0;
  for (uint j = 0; j < n; j++)
    for (uint k = 0; k <= j + (x & 7u); k++)
      s += (j * k) ^ x;
  while (s > 1000u)
    s = s / 3u + (s & 5u);
  out[i] = s;
}
