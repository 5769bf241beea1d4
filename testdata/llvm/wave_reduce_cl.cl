// Wave-level reductions and scans written with the clang AMDGPU
// builtins, the way hand-tuned OpenCL does it. Launch one wave per
// workgroup (block = wave size W), several workgroups. lane =
// workitem_id, g = workgroup_id, x = a[W*g + lane].
// out[4*(W*g + lane) + k]:
//  0 sum of x over the wave: row_xmask DPP steps within rows of 16,
//    then ds_swizzle / readlane across rows;
//  1 inclusive prefix sum of x over the lanes of the wave (row_shr DPP
//    steps within rows of 16 with bound_ctrl, then row-carry by readlane);
//  2 max of x over the wave through ds_bpermute butterflies;
//  3 the value of the wave's lane with the largest x (ties: lowest lane),
//    found with readfirstlane of the ballot of x == max.
kernel void wave_reduce_cl(global uint *out, global const uint *a, uint W) {
  uint lane = __builtin_amdgcn_workitem_id_x();
  uint g = __builtin_amdgcn_workgroup_id_x();
  uint i = W * g + lane;
  uint x = a[i];

  uint s = x;
  s += __builtin_amdgcn_update_dpp(0, s, 0x161, 0xf, 0xf, false); // row_xmask:1
  s += __builtin_amdgcn_update_dpp(0, s, 0x162, 0xf, 0xf, false); // row_xmask:2
  s += __builtin_amdgcn_update_dpp(0, s, 0x164, 0xf, 0xf, false); // row_xmask:4
  s += __builtin_amdgcn_update_dpp(0, s, 0x168, 0xf, 0xf, false); // row_xmask:8
  s += __builtin_amdgcn_ds_swizzle(s, 0x401f);                    // lane ^ 16 within 32
  if (W == 64)
    s = __builtin_amdgcn_readlane(s, 0) + __builtin_amdgcn_readlane(s, 32);

  uint p = x;
  p += __builtin_amdgcn_update_dpp(0, p, 0x111, 0xf, 0xf, true); // row_shr:1
  p += __builtin_amdgcn_update_dpp(0, p, 0x112, 0xf, 0xf, true); // row_shr:2
  p += __builtin_amdgcn_update_dpp(0, p, 0x114, 0xf, 0xf, true); // row_shr:4
  p += __builtin_amdgcn_update_dpp(0, p, 0x118, 0xf, 0xf, true); // row_shr:8
  uint rowscan = p;
  for (uint r = 1; r < W / 16u; r++) {
    uint prev = __builtin_amdgcn_readlane(rowscan, 16u * r - 1u);
    if (lane >= 16u * r)
      p += prev;
  }

  uint m = x;
  for (uint d = 1; d < W; d <<= 1) {
    uint o = __builtin_amdgcn_ds_bpermute((int)((lane ^ d) << 2), (int)m);
    m = o > m ? o : m;
  }

  ulong hit = __builtin_amdgcn_ballot_w64(x == m);
  uint first = (uint)__builtin_ctzl(hit);
  uint v = __builtin_amdgcn_readlane(x, first);

  out[4 * i] = s;
  out[4 * i + 1] = p;
  out[4 * i + 2] = m;
  out[4 * i + 3] = v;
}
