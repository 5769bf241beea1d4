; 8- and 16-bit integer arithmetic: each operation wraps at its own
; width. i = workitem_id (one workgroup). Inputs a, b are i16 arrays;
; out16[8*i + k] and out8[4*i + k] hold the results.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @int_small(ptr addrspace(1) %out16, ptr addrspace(1) %out8, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i16, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr i16, ptr addrspace(1) %b, i32 %i
  %x = load i16, ptr addrspace(1) %pa
  %y = load i16, ptr addrspace(1) %pb
  %sh = and i16 %y, 15
  %r0 = add i16 %x, %y
  %r1 = sub i16 %x, %y
  %r2 = mul i16 %x, %y
  %r3 = shl i16 %x, %sh
  %r4 = lshr i16 %x, %sh
  %r5 = ashr i16 %x, %sh
  %yo = or i16 %y, 1
  %r6 = udiv i16 %x, %yo
  %lt = icmp slt i16 %x, %y
  %r7 = select i1 %lt, i16 %x, i16 %y
  %x8 = trunc i16 %x to i8
  %y8 = trunc i16 %y to i8
  %s8 = add i8 %x8, %y8
  %m8 = mul i8 %x8, %y8
  %sh8 = and i8 %y8, 7
  %a8 = ashr i8 %x8, %sh8
  %mx8 = call i8 @llvm.umax.i8(i8 %x8, i8 %y8)
  %b16 = mul i32 %i, 8
  %o = getelementptr i16, ptr addrspace(1) %out16, i32 %b16
  store i16 %r0, ptr addrspace(1) %o
  %o1 = getelementptr i16, ptr addrspace(1) %o, i32 1
  store i16 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i16, ptr addrspace(1) %o, i32 2
  store i16 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i16, ptr addrspace(1) %o, i32 3
  store i16 %r3, ptr addrspace(1) %o3
  %o4 = getelementptr i16, ptr addrspace(1) %o, i32 4
  store i16 %r4, ptr addrspace(1) %o4
  %o5 = getelementptr i16, ptr addrspace(1) %o, i32 5
  store i16 %r5, ptr addrspace(1) %o5
  %o6 = getelementptr i16, ptr addrspace(1) %o, i32 6
  store i16 %r6, ptr addrspace(1) %o6
  %o7 = getelementptr i16, ptr addrspace(1) %o, i32 7
  store i16 %r7, ptr addrspace(1) %o7
  %b8 = mul i32 %i, 4
  %p = getelementptr i8, ptr addrspace(1) %out8, i32 %b8
  store i8 %s8, ptr addrspace(1) %p
  %p1 = getelementptr i8, ptr addrspace(1) %p, i32 1
  store i8 %m8, ptr addrspace(1) %p1
  %p2 = getelementptr i8, ptr addrspace(1) %p, i32 2
  store i8 %a8, ptr addrspace(1) %p2
  %p3 = getelementptr i8, ptr addrspace(1) %p, i32 3
  store i8 %mx8, ptr addrspace(1) %p3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i8 @llvm.umax.i8(i8, i8)
