; Rounding and exponent functions on binary32: floor, ceil, trunc, rint
; (ties to even), round (ties away from zero), ldexp by n, frexp
; (mantissa and exponent), and fract via floor. i = workitem_id
; (one workgroup). out[8*i + k] (32-bit words): 0 floor, 1 ceil,
; 2 trunc, 3 rint, 4 round, 5 ldexp(a, n), 6 frexp mantissa,
; 7 frexp exponent.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @round(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %n) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %pn = getelementptr i32, ptr addrspace(1) %n, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %k = load i32, ptr addrspace(1) %pn
  %r0 = call float @llvm.floor.f32(float %x)
  %r1 = call float @llvm.ceil.f32(float %x)
  %r2 = call float @llvm.trunc.f32(float %x)
  %r3 = call float @llvm.rint.f32(float %x)
  %r4 = call float @llvm.round.f32(float %x)
  %r5 = call float @llvm.ldexp.f32.i32(float %x, i32 %k)
  %fr = call {float, i32} @llvm.frexp.f32.i32(float %x)
  %r6 = extractvalue {float, i32} %fr, 0
  %r7 = extractvalue {float, i32} %fr, 1
  %base = mul i32 %i, 8
  %o = getelementptr float, ptr addrspace(1) %out, i32 %base
  store float %r0, ptr addrspace(1) %o
  %o1 = getelementptr float, ptr addrspace(1) %o, i32 1
  store float %r1, ptr addrspace(1) %o1
  %o2 = getelementptr float, ptr addrspace(1) %o, i32 2
  store float %r2, ptr addrspace(1) %o2
  %o3 = getelementptr float, ptr addrspace(1) %o, i32 3
  store float %r3, ptr addrspace(1) %o3
  %o4 = getelementptr float, ptr addrspace(1) %o, i32 4
  store float %r4, ptr addrspace(1) %o4
  %o5 = getelementptr float, ptr addrspace(1) %o, i32 5
  store float %r5, ptr addrspace(1) %o5
  %o6 = getelementptr float, ptr addrspace(1) %o, i32 6
  store float %r6, ptr addrspace(1) %o6
  %o7 = getelementptr float, ptr addrspace(1) %o, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.floor.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.round.f32(float)
declare float @llvm.ldexp.f32.i32(float, i32)
declare {float, i32} @llvm.frexp.f32.i32(float)
