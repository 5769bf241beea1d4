// A tiled matrix transpose through LDS in a 2-D launch with partial
// workgroups at the right and bottom edges. in is rows x cols (u32,
// row-major), out is cols x rows. Blocks are 16x16 work-items; the
// global size is cols x rows, so the last workgroups along each axis
// are partial when 16 does not divide the sizes.
#define BARRIER() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))

kernel void transpose(global uint *out, global const uint *in, uint rows, uint cols) {
  local uint tile[16][17];
  uint tx = __builtin_amdgcn_workitem_id_x();
  uint ty = __builtin_amdgcn_workitem_id_y();
  uint bx = __builtin_amdgcn_workgroup_id_x() * 16u;
  uint by = __builtin_amdgcn_workgroup_id_y() * 16u;
  uint c = bx + tx, r = by + ty;
  if (r < rows && c < cols)
    tile[ty][tx] = in[r * cols + c];
  BARRIER();
  // Work-item (tx, ty) now writes element (row bx+ty, column by+tx) of
  // out, which is in[by+tx][bx+ty] = tile[tx][ty].
  uint orow = bx + ty, ocol = by + tx;
  if (orow < cols && ocol < rows && tx < __builtin_amdgcn_workgroup_size_y() && ty < __builtin_amdgcn_workgroup_size_x())
    out[orow * rows + ocol] = tile[tx][ty];
}
