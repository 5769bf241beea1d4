// OpenCL C floating point as the language defines it by default: single
// precision division may be off by 2.5 ulp and sqrt by 3 ulp (clang
// attaches !fpmath to them); contraction of a*b+c into fma is allowed
// (FP_CONTRACT is on by default in OpenCL C), so a*b+c is checked
// against both roundings; half arithmetic. i = global id.
// out[4*i + k] (float): 0 a/b, 1 sqrt(|a|), 2 a*b+c, 3 half(a)*half(b)
// converted back to float.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define GID (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x())

kernel void cl_math(global float *out, global const float *a, global const float *b, global const float *c) {
  uint i = GID;
  float x = a[i], y = b[i], z = c[i];
  out[4 * i] = x / y;
  out[4 * i + 1] = __builtin_sqrtf(__builtin_fabsf(x));
  out[4 * i + 2] = x * y + z;
  half hx = (half)x, hy = (half)y;
  out[4 * i + 3] = (float)(hx * hy);
}
