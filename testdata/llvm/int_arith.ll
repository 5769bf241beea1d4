; 32-bit integer arithmetic with wrap-around, shifts (amounts masked to
; 0..31, as wider shifts are poison), high halves of products, division
; and remainders (divisors made non-zero, and -1 avoided for signed
; division, which overflows on INT_MIN). One work-item per element; the
; element index is workgroup_id * 64 + workitem_id (launch blocks of 64).
; out[16*i + k] holds result k.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @int_arith(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %y = load i32, ptr addrspace(1) %pb
  %sh = and i32 %y, 31
  %r0 = add i32 %x, %y
  %r1 = sub i32 %x, %y
  %r2 = mul i32 %x, %y
  %xz = zext i32 %x to i64
  %yz = zext i32 %y to i64
  %pu = mul i64 %xz, %yz
  %puh = lshr i64 %pu, 32
  %r3 = trunc i64 %puh to i32
  %xs = sext i32 %x to i64
  %ys = sext i32 %y to i64
  %ps = mul i64 %xs, %ys
  %psh = ashr i64 %ps, 32
  %r4 = trunc i64 %psh to i32
  %r5 = shl i32 %x, %sh
  %r6 = lshr i32 %x, %sh
  %r7 = ashr i32 %x, %sh
  %r8 = xor i32 %x, %y
  %yo = or i32 %y, 1
  %r9 = udiv i32 %x, %yo
  %r10 = urem i32 %x, %yo
  %m1 = icmp eq i32 %y, -1
  %ysd = select i1 %m1, i32 7, i32 %yo
  %r11 = sdiv i32 %x, %ysd
  %r12 = srem i32 %x, %ysd
  %lt = icmp slt i32 %x, %y
  %r13 = select i1 %lt, i32 %x, i32 %y
  %ult = icmp ult i32 %x, %y
  %r14 = select i1 %ult, i32 %y, i32 %x
  %r15 = udiv i32 %x, 7
  %base = mul i32 %i, 16
  call void @st(ptr addrspace(1) %out, i32 %base, i32 0, i32 %r0)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 1, i32 %r1)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 2, i32 %r2)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 3, i32 %r3)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 4, i32 %r4)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 5, i32 %r5)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 6, i32 %r6)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 7, i32 %r7)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 8, i32 %r8)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 9, i32 %r9)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 10, i32 %r10)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 11, i32 %r11)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 12, i32 %r12)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 13, i32 %r13)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 14, i32 %r14)
  call void @st(ptr addrspace(1) %out, i32 %base, i32 15, i32 %r15)
  ret void
}

define internal void @st(ptr addrspace(1) %out, i32 %base, i32 %k, i32 %v) alwaysinline {
  %j = add i32 %base, %k
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %j
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
