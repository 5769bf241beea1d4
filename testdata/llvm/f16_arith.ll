; IEEE binary16 arithmetic with NaN, +-inf, signed zeros and denormals
; (kept: the default f16 denormal mode). i = workitem_id (one
; workgroup). out[8*i + k] (half): 0 a+b, 1 a-b, 2 a*b, 3 fma(a, b, a),
; 4 -|a|, 5 minnum, 6 maxnum, 7 compare bits in the low byte
; (bit j: oeq olt ole une uno ogt uge, as an integer).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f16_arith(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr half, ptr addrspace(1) %b, i32 %i
  %x = load half, ptr addrspace(1) %pa
  %y = load half, ptr addrspace(1) %pb
  %r0 = fadd half %x, %y
  %r1 = fsub half %x, %y
  %r2 = fmul half %x, %y
  %r3 = call half @llvm.fma.f16(half %x, half %y, half %x)
  %ab = call half @llvm.fabs.f16(half %x)
  %r4 = fneg half %ab
  %r5 = call half @llvm.minnum.f16(half %x, half %y)
  %r6 = call half @llvm.maxnum.f16(half %x, half %y)
  %c0 = fcmp oeq half %x, %y
  %c1 = fcmp olt half %x, %y
  %c2 = fcmp ole half %x, %y
  %c3 = fcmp une half %x, %y
  %c4 = fcmp uno half %x, %y
  %c5 = fcmp ogt half %x, %y
  %c6 = fcmp uge half %x, %y
  %z0 = zext i1 %c0 to i16
  %z1 = zext i1 %c1 to i16
  %z2 = zext i1 %c2 to i16
  %z3 = zext i1 %c3 to i16
  %z4 = zext i1 %c4 to i16
  %z5 = zext i1 %c5 to i16
  %z6 = zext i1 %c6 to i16
  %s1 = shl i16 %z1, 1
  %s2 = shl i16 %z2, 2
  %s3 = shl i16 %z3, 3
  %s4 = shl i16 %z4, 4
  %s5 = shl i16 %z5, 5
  %s6 = shl i16 %z6, 6
  %m1 = or i16 %z0, %s1
  %m2 = or i16 %m1, %s2
  %m3 = or i16 %m2, %s3
  %m4 = or i16 %m3, %s4
  %m5 = or i16 %m4, %s5
  %r7 = or i16 %m5, %s6
  %base = mul i32 %i, 8
  %o = getelementptr half, ptr addrspace(1) %out, i32 %base
  store half %r0, ptr addrspace(1) %o
  %o1 = getelementptr half, ptr addrspace(1) %o, i32 1
  store half %r1, ptr addrspace(1) %o1
  %o2 = getelementptr half, ptr addrspace(1) %o, i32 2
  store half %r2, ptr addrspace(1) %o2
  %o3 = getelementptr half, ptr addrspace(1) %o, i32 3
  store half %r3, ptr addrspace(1) %o3
  %o4 = getelementptr half, ptr addrspace(1) %o, i32 4
  store half %r4, ptr addrspace(1) %o4
  %o5 = getelementptr half, ptr addrspace(1) %o, i32 5
  store half %r5, ptr addrspace(1) %o5
  %o6 = getelementptr half, ptr addrspace(1) %o, i32 6
  store half %r6, ptr addrspace(1) %o6
  %o7 = getelementptr half, ptr addrspace(1) %o, i32 7
  store i16 %r7, ptr addrspace(1) %o7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare half @llvm.fma.f16(half, half, half)
declare half @llvm.fabs.f16(half)
declare half @llvm.minnum.f16(half, half)
declare half @llvm.maxnum.f16(half, half)
