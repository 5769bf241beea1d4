; IEEE binary32 arithmetic on operand pairs that include NaN, +-inf,
; signed zeros and denormals (kept: the default f32 denormal mode is
; IEEE). i = workgroup_id * 64 + workitem_id. out[12*i + k]:
; 0 a+b, 1 a-b, 2 a*b, 3 -a, 4 |a|, 5 copysign(a, b), 6 minnum, 7 maxnum,
; 8 minimum, 9 maximum, 10 compare bits (bit j: predicate j of
; oeq olt ole ogt oge one ord ueq ult ule ugt uge une uno), 11 a*b+a
; evaluated as separately rounded fmul and fadd.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f32_arith(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %y = load float, ptr addrspace(1) %pb
  %r0 = fadd float %x, %y
  %r1 = fsub float %x, %y
  %r2 = fmul float %x, %y
  %r3 = fneg float %x
  %r4 = call float @llvm.fabs.f32(float %x)
  %r5 = call float @llvm.copysign.f32(float %x, float %y)
  %r6 = call float @llvm.minnum.f32(float %x, float %y)
  %r7 = call float @llvm.maxnum.f32(float %x, float %y)
  %r8 = call float @llvm.minimum.f32(float %x, float %y)
  %r9 = call float @llvm.maximum.f32(float %x, float %y)
  %c0 = fcmp oeq float %x, %y
  %c1 = fcmp olt float %x, %y
  %c2 = fcmp ole float %x, %y
  %c3 = fcmp ogt float %x, %y
  %c4 = fcmp oge float %x, %y
  %c5 = fcmp one float %x, %y
  %c6 = fcmp ord float %x, %y
  %c7 = fcmp ueq float %x, %y
  %c8 = fcmp ult float %x, %y
  %c9 = fcmp ule float %x, %y
  %c10 = fcmp ugt float %x, %y
  %c11 = fcmp uge float %x, %y
  %c12 = fcmp une float %x, %y
  %c13 = fcmp uno float %x, %y
  %z0 = zext i1 %c0 to i32
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %z3 = zext i1 %c3 to i32
  %z4 = zext i1 %c4 to i32
  %z5 = zext i1 %c5 to i32
  %z6 = zext i1 %c6 to i32
  %z7 = zext i1 %c7 to i32
  %z8 = zext i1 %c8 to i32
  %z9 = zext i1 %c9 to i32
  %z10 = zext i1 %c10 to i32
  %z11 = zext i1 %c11 to i32
  %z12 = zext i1 %c12 to i32
  %z13 = zext i1 %c13 to i32
  %s1 = shl i32 %z1, 1
  %s2 = shl i32 %z2, 2
  %s3 = shl i32 %z3, 3
  %s4 = shl i32 %z4, 4
  %s5 = shl i32 %z5, 5
  %s6 = shl i32 %z6, 6
  %s7 = shl i32 %z7, 7
  %s8 = shl i32 %z8, 8
  %s9 = shl i32 %z9, 9
  %s10 = shl i32 %z10, 10
  %s11 = shl i32 %z11, 11
  %s12 = shl i32 %z12, 12
  %s13 = shl i32 %z13, 13
  %m1 = or i32 %z0, %s1
  %m2 = or i32 %m1, %s2
  %m3 = or i32 %m2, %s3
  %m4 = or i32 %m3, %s4
  %m5 = or i32 %m4, %s5
  %m6 = or i32 %m5, %s6
  %m7 = or i32 %m6, %s7
  %m8 = or i32 %m7, %s8
  %m9 = or i32 %m8, %s9
  %m10 = or i32 %m9, %s10
  %m11 = or i32 %m10, %s11
  %m12 = or i32 %m11, %s12
  %r10 = or i32 %m12, %s13
  %p = fmul float %x, %y
  %r11 = fadd float %p, %x
  %base = mul i32 %i, 12
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
  store float %r7, ptr addrspace(1) %o7
  %o8 = getelementptr float, ptr addrspace(1) %o, i32 8
  store float %r8, ptr addrspace(1) %o8
  %o9 = getelementptr float, ptr addrspace(1) %o, i32 9
  store float %r9, ptr addrspace(1) %o9
  %o10 = getelementptr float, ptr addrspace(1) %o, i32 10
  store i32 %r10, ptr addrspace(1) %o10
  %o11 = getelementptr float, ptr addrspace(1) %o, i32 11
  store float %r11, ptr addrspace(1) %o11
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare float @llvm.fabs.f32(float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minimum.f32(float, float)
declare float @llvm.maximum.f32(float, float)
