; Bit manipulation and saturating or overflow-checked arithmetic on
; 32-bit values. i = workitem_id (one workgroup); out[16*i + k].
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @bits(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %y = load i32, ptr addrspace(1) %pb
  %r0 = call i32 @llvm.ctpop.i32(i32 %x)
  %r1 = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %r2 = call i32 @llvm.cttz.i32(i32 %x, i1 false)
  %r3 = call i32 @llvm.bitreverse.i32(i32 %x)
  %r4 = call i32 @llvm.bswap.i32(i32 %x)
  %r5 = call i32 @llvm.fshl.i32(i32 %x, i32 %y, i32 %y)
  %r6 = call i32 @llvm.fshr.i32(i32 %x, i32 %y, i32 %x)
  %r7 = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %r8 = call i32 @llvm.uadd.sat.i32(i32 %x, i32 %y)
  %r9 = call i32 @llvm.usub.sat.i32(i32 %x, i32 %y)
  %r10 = call i32 @llvm.sadd.sat.i32(i32 %x, i32 %y)
  %r11 = call i32 @llvm.ssub.sat.i32(i32 %x, i32 %y)
  %mo = call {i32, i1} @llvm.umul.with.overflow.i32(i32 %x, i32 %y)
  %mov = extractvalue {i32, i1} %mo, 1
  %r12 = zext i1 %mov to i32
  %so = call {i32, i1} @llvm.sadd.with.overflow.i32(i32 %x, i32 %y)
  %sov = extractvalue {i32, i1} %so, 1
  %r13 = zext i1 %sov to i32
  %r14 = call i32 @llvm.smax.i32(i32 %x, i32 %y)
  %r15 = call i32 @llvm.umin.i32(i32 %x, i32 %y)
  %base = mul i32 %i, 16
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
  store i32 %r6, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %o, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  %o8 = getelementptr i32, ptr addrspace(1) %o, i32 8
  store i32 %r8, ptr addrspace(1) %o8
  %o9 = getelementptr i32, ptr addrspace(1) %o, i32 9
  store i32 %r9, ptr addrspace(1) %o9
  %o10 = getelementptr i32, ptr addrspace(1) %o, i32 10
  store i32 %r10, ptr addrspace(1) %o10
  %o11 = getelementptr i32, ptr addrspace(1) %o, i32 11
  store i32 %r11, ptr addrspace(1) %o11
  %o12 = getelementptr i32, ptr addrspace(1) %o, i32 12
  store i32 %r12, ptr addrspace(1) %o12
  %o13 = getelementptr i32, ptr addrspace(1) %o, i32 13
  store i32 %r13, ptr addrspace(1) %o13
  %o14 = getelementptr i32, ptr addrspace(1) %o, i32 14
  store i32 %r14, ptr addrspace(1) %o14
  %o15 = getelementptr i32, ptr addrspace(1) %o, i32 15
  store i32 %r15, ptr addrspace(1) %o15
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i32 @llvm.usub.sat.i32(i32, i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.ssub.sat.i32(i32, i32)
declare {i32, i1} @llvm.umul.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.sadd.with.overflow.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
