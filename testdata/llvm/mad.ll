; AMDGPU integer intrinsics and wide multiply-adds: 24-bit multiplies
; (operands' low 24 bits, signed or unsigned), bit-field extracts, the
; byte permute, a 32x32+64 -> 64 multiply-add and a three-way add.
; Lane i = workitem_id (one workgroup); x = a[i], y = b[i], z = c[i].
; out[8*i + k] (32-bit words unless noted): 0 mul.u24(x, y),
; 1 mul.i24(x, y), 2 ubfe(x, y & 31, 7), 3 sbfe(x, 5, 9), 4 perm(x, y, z),
; 5 x + y + z, [6..7] i64 zext(x) * zext(y) + zext(z) * 2^16 + 1.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @mad(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %i
  %pc = getelementptr i32, ptr addrspace(1) %c, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %y = load i32, ptr addrspace(1) %pb
  %z = load i32, ptr addrspace(1) %pc
  %r0 = call i32 @llvm.amdgcn.mul.u24(i32 %x, i32 %y)
  %r1 = call i32 @llvm.amdgcn.mul.i24(i32 %x, i32 %y)
  %off = and i32 %y, 31
  %r2 = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 %off, i32 7)
  %r3 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 5, i32 9)
  %r4 = call i32 @llvm.amdgcn.perm(i32 %x, i32 %y, i32 %z)
  %xy = add i32 %x, %y
  %r5 = add i32 %xy, %z
  %x64 = zext i32 %x to i64
  %y64 = zext i32 %y to i64
  %z64 = zext i32 %z to i64
  %p = mul i64 %x64, %y64
  %zs = shl i64 %z64, 16
  %q = add i64 %p, %zs
  %r6 = add i64 %q, 1
  %base = mul i32 %i, 8
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %r0, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store i32 %r5, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %o, i32 6
  store i64 %r6, ptr addrspace(1) %o6, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mul.u24(i32, i32)
declare i32 @llvm.amdgcn.mul.i24(i32, i32)
declare i32 @llvm.amdgcn.ubfe.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.sbfe.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.perm(i32, i32, i32)
