; 64-bit integer arithmetic: wrap-around add/sub/mul, shifts by 0..63,
; unsigned and signed division and remainder (divisor made odd; -1
; replaced by 3 for the signed forms), population count and leading
; zeros. Element i = workgroup_id * 64 + workitem_id; out[8*i + k].
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @int64(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr i64, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr i64, ptr addrspace(1) %b, i32 %i
  %x = load i64, ptr addrspace(1) %pa
  %y = load i64, ptr addrspace(1) %pb
  %sh = and i64 %y, 63
  %r0 = add i64 %x, %y
  %r1 = mul i64 %x, %y
  %r2 = shl i64 %x, %sh
  %r3 = lshr i64 %x, %sh
  %r4 = ashr i64 %x, %sh
  %yo = or i64 %y, 1
  %r5 = udiv i64 %x, %yo
  %m1 = icmp eq i64 %y, -1
  %ysd = select i1 %m1, i64 3, i64 %yo
  %r6 = srem i64 %x, %ysd
  %pc = call i64 @llvm.ctpop.i64(i64 %x)
  %lz = call i64 @llvm.ctlz.i64(i64 %y, i1 false)
  %pc8 = shl i64 %pc, 8
  %r7 = or i64 %pc8, %lz
  %base = mul i32 %i, 8
  %o = getelementptr i64, ptr addrspace(1) %out, i32 %base
  store i64 %r0, ptr addrspace(1) %o
  %o1 = getelementptr i64, ptr addrspace(1) %o, i32 1
  store i64 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i64, ptr addrspace(1) %o, i32 2
  store i64 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i64, ptr addrspace(1) %o, i32 3
  store i64 %r3, ptr addrspace(1) %o3
  %o4 = getelementptr i64, ptr addrspace(1) %o, i32 4
  store i64 %r4, ptr addrspace(1) %o4
  %o5 = getelementptr i64, ptr addrspace(1) %o, i32 5
  store i64 %r5, ptr addrspace(1) %o5
  %o6 = getelementptr i64, ptr addrspace(1) %o, i32 6
  store i64 %r6, ptr addrspace(1) %o6
  %o7 = getelementptr i64, ptr addrspace(1) %o, i32 7
  store i64 %r7, ptr addrspace(1) %o7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
