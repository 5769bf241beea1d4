// Private (scratch) memory: a per-work-item array indexed by data, an
// insertion sort of 12 values, and a struct copied through private
// memory. i = global id. For the work-item's inputs v[j] = a[12*i + j]:
// out[16*i + j] (j < 12) = the sorted values (ascending, unsigned);
// out[16*i + 12] = hist[(v[0] >> 3) & 15] after hist[v[j] & 15] += j + 1
// for every j (hist starts at 0); out[16*i + 13..15] = the fields
// {v[1] ^ v[2], v[3] + 1, (ushort)v[4]} of a struct written and read
// back through a private array of structs at index v[5] & 3.
#define GID (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x())

struct rec {
  uint a;
  uint b;
  ushort c;
};

kernel void private_mem(global uint *out, global const uint *a) {
  uint i = GID;
  uint v[12];
  uint hist[16];
  struct rec recs[4];
  for (int j = 0; j < 12; j++)
    v[j] = a[12 * i + j];
  for (int j = 0; j < 16; j++)
    hist[j] = 0;
  for (int j = 0; j < 12; j++)
    hist[v[j] & 15u] += (uint)j + 1u;
  uint h = hist[(v[0] >> 3) & 15u];
  uint k = v[5] & 3u;
  recs[k].a = v[1] ^ v[2];
  recs[k].b = v[3] + 1u;
  recs[k].c = (ushort)v[4];
  for (int j = 1; j < 12; j++) {
    uint key = v[j];
    int m = j - 1;
    while (m >= 0 && v[m] > key) {
      v[m + 1] = v[m];
      m--;
    }
    v[m + 1] = key;
  }
  for (int j = 0; j < 12; j++)
    out[16 * i + j] = v[j];
  out[16 * i + 12] = h;
  out[16 * i + 13] = recs[k].a;
  out[16 * i + 14] = recs[k].b;
  out[16 * i + 15] = recs[k].c;
}
