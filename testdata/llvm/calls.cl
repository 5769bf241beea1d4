// Real function calls (noinline): arguments and results in registers, a
// callee-saved register spill, an array passed by pointer into the
// caller's private stack, and recursion (so the stack size is dynamic).
// i = global id, x = a[i]. out[3*i] = poly(x) = ((x*5 + 3)*x + 7) mod 2^32,
// out[3*i+1] = fill-and-sum: the callee writes t[j] = x*j + 1 for j < 8
// into the caller's array and returns t[x & 7]; the caller adds the sum
// of t; out[3*i+2] = fib(x mod 12) computed recursively.
#define GID (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x())

__attribute__((noinline)) uint poly(uint x) { return (x * 5u + 3u) * x + 7u; }

__attribute__((noinline)) uint fill(private uint *t, uint x) {
  for (uint j = 0; j < 8u; j++)
    t[j] = x * j + 1u;
  return t[x & 7u];
}

__attribute__((noinline)) uint fib(uint n) { return n < 2u ? n : fib(n - 1u) + fib(n - 2u); }

kernel void calls(global uint *out, global const uint *a) {
  uint i = GID;
  uint x = a[i];
  uint t[8];
  uint r = fill(t, x);
  for (int j = 0; j < 8; j++)
    r += t[j];
  out[3 * i] = poly(x);
  out[3 * i + 1] = r;
  out[3 * i + 2] = fib(x % 12u);
}
