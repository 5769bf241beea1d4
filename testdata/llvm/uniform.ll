; Uniform (scalar) arithmetic on kernel arguments, which gfx12 keeps in
; the scalar unit: f32 and f16 add, multiply, fma, min/max, compares,
; conversions; integer multiply, shifts and bit-field ops. Work-item 0
; writes out[k] (32-bit words; f16 results in the low half, zero-extended):
; 0 p+q, 1 p*q, 2 fma(p, q, p), 3 maxnum(p, q), 4 float(m), 5 fptosi.sat(p),
; 6 half(p)+half(q), 7 half(p)*half(q), 8 float(half(p)*half(q)),
; 9 fma(half p, half q, half p), 10 (p < q) + 2*(p == q) + 4*uno(p, q),
; 11 m * n, 12 m << (n & 31), 13 m >>a (n & 31), 14 ctlz(m), 15 trunc(p),
; 16 p/q (correctly rounded), 17 sqrt(p), 18 half(p)/half(q),
; 19 minnum(half p, half q).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @uniform(ptr addrspace(1) %out, float %p, float %q, i32 %m, i32 %n) {
entry:
  %r0 = fadd float %p, %q
  %r1 = fmul float %p, %q
  %r2 = call float @llvm.fma.f32(float %p, float %q, float %p)
  %r3 = call float @llvm.maxnum.f32(float %p, float %q)
  %r4 = sitofp i32 %m to float
  %r5 = call i32 @llvm.fptosi.sat.i32.f32(float %p)
  %hp = fptrunc float %p to half
  %hq = fptrunc float %q to half
  %r6 = fadd half %hp, %hq
  %r7 = fmul half %hp, %hq
  %r8 = fpext half %r7 to float
  %r9 = call half @llvm.fma.f16(half %hp, half %hq, half %hp)
  %c0 = fcmp olt float %p, %q
  %c1 = fcmp oeq float %p, %q
  %c2 = fcmp uno float %p, %q
  %z0 = zext i1 %c0 to i32
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %s1 = shl i32 %z1, 1
  %s2 = shl i32 %z2, 2
  %t1 = or i32 %z0, %s1
  %r10 = or i32 %t1, %s2
  %r11 = mul i32 %m, %n
  %sh = and i32 %n, 31
  %r12 = shl i32 %m, %sh
  %r13 = ashr i32 %m, %sh
  %r14 = call i32 @llvm.ctlz.i32(i32 %m, i1 false)
  %r15 = call float @llvm.trunc.f32(float %p)
  %r16 = fdiv float %p, %q
  %r17 = call float @llvm.sqrt.f32(float %p)
  %r18 = fdiv half %hp, %hq
  %r19 = call half @llvm.minnum.f16(half %hp, half %hq)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %done
write:
  call void @stf(ptr addrspace(1) %out, i32 0, float %r0)
  call void @stf(ptr addrspace(1) %out, i32 1, float %r1)
  call void @stf(ptr addrspace(1) %out, i32 2, float %r2)
  call void @stf(ptr addrspace(1) %out, i32 3, float %r3)
  call void @stf(ptr addrspace(1) %out, i32 4, float %r4)
  call void @sti(ptr addrspace(1) %out, i32 5, i32 %r5)
  call void @sth(ptr addrspace(1) %out, i32 6, half %r6)
  call void @sth(ptr addrspace(1) %out, i32 7, half %r7)
  call void @stf(ptr addrspace(1) %out, i32 8, float %r8)
  call void @sth(ptr addrspace(1) %out, i32 9, half %r9)
  call void @sti(ptr addrspace(1) %out, i32 10, i32 %r10)
  call void @sti(ptr addrspace(1) %out, i32 11, i32 %r11)
  call void @sti(ptr addrspace(1) %out, i32 12, i32 %r12)
  call void @sti(ptr addrspace(1) %out, i32 13, i32 %r13)
  call void @sti(ptr addrspace(1) %out, i32 14, i32 %r14)
  call void @stf(ptr addrspace(1) %out, i32 15, float %r15)
  call void @stf(ptr addrspace(1) %out, i32 16, float %r16)
  call void @stf(ptr addrspace(1) %out, i32 17, float %r17)
  call void @sth(ptr addrspace(1) %out, i32 18, half %r18)
  call void @sth(ptr addrspace(1) %out, i32 19, half %r19)
  br label %done
done:
  ret void
}

define internal void @stf(ptr addrspace(1) %out, i32 %k, float %v) alwaysinline {
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %k
  store float %v, ptr addrspace(1) %p
  ret void
}

define internal void @sti(ptr addrspace(1) %out, i32 %k, i32 %v) alwaysinline {
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %k
  store i32 %v, ptr addrspace(1) %p
  ret void
}

define internal void @sth(ptr addrspace(1) %out, i32 %k, half %v) alwaysinline {
  %b = bitcast half %v to i16
  %z = zext i16 %b to i32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %k
  store i32 %z, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.maxnum.f32(float, float)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare half @llvm.fma.f16(half, half, half)
declare i32 @llvm.ctlz.i32(i32, i1)
declare float @llvm.trunc.f32(float)
declare float @llvm.sqrt.f32(float)
declare half @llvm.minnum.f16(half, half)
