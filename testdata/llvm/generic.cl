// Generic (flat) pointers that point into global, local (LDS) or
// private memory, chosen per work-item, so the accesses go through flat
// instructions and the apertures. Blocks of 64; lid = workitem_id,
// i = global id, x = a[i]. Each work-item picks p:
//   x % 3 == 0: p = &g[i] (global)
//   x % 3 == 1: p = &lds[lid]
//   x % 3 == 2: p = &priv[x & 3]
// The target first holds 1000 + lid in every case (written through its
// own address space); then *p = *p * 3 + x is done through p, and the
// work-item writes out[2*i] = the value read back through the typed
// pointer and out[2*i+1] = 1 for a local target (is_shared), 2 for a
// private one (is_private), 0 for global.
#define GID (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x())

__attribute__((noinline)) void update(uint *p, uint x) { *p = *p * 3u + x; }

kernel void generic_ptr(global uint *out, global uint *g, global const uint *a) {
  local uint lds[64];
  uint priv[4];
  uint lid = __builtin_amdgcn_workitem_id_x();
  uint i = GID;
  uint x = a[i];
  g[i] = 1000u + lid;
  lds[lid] = 1000u + lid;
  for (int j = 0; j < 4; j++)
    priv[j] = 1000u + lid;
  uint *p;
  uint sel = x % 3u;
  if (sel == 0)
    p = (uint *)&g[i];
  else if (sel == 1)
    p = (uint *)&lds[lid];
  else
    p = (uint *)&priv[x & 3u];
  update(p, x);
  uint back;
  if (sel == 0)
    back = g[i];
  else if (sel == 1)
    back = lds[lid];
  else
    back = priv[x & 3u];
  out[2 * i] = back;
  out[2 * i + 1] = __builtin_amdgcn_is_shared(p) ? 1u : __builtin_amdgcn_is_private(p) ? 2u : 0u;
}
