; Dot-product and packed instructions a fast decode kernel relies on, held
; to LLVM before any kernel uses them (issue 14 item 6): the integer dots
; (v_dot4_i32_iu8 with each neg_lo signedness, v_dot4_u32_u8,
; v_dot8_i32_iu4, v_dot8_u32_u4, with and without clamp), the float dots
; (v_dot2_f32_f16, the four v_dot4_f32_{fp8,bf8}_*), packed
; f16 math (v_pk_fma_f16, v_pk_mul_f16), and the six loads of each lane,
; which llc waits for one at a time (s_wait_loadcnt N with N > 0).
; gfx1201 has no packed f32 math (v_pk_fma_f32, v_pk_mul_f32: rejected).
; v_dot2_f32_bf16 (llvm.amdgcn.fdot2.f32.bf16) waits for a bf16 operand type
; in zincc's assembler (llvm-mc reads the literal 1.5 as bf16 0x3fc0).
; Lane i = workitem_id (one workgroup); a = A[i], b = B[i], c = C[i],
; f = F[i] (f32), h = H[i], g = G[i] (<2 x half>).
; out[20*i + k] (32-bit words): 0 sudot4(sa, sb, c), 1 sudot4(ua, sb, c),
; 2 sudot4(sa, ub, c) clamped, 3 sudot4(ua, ub, c) clamped, 4 udot4(a, b, c),
; 5 udot4 clamped, 6 sudot8(sa, sb, c), 7 sudot8(ua, sb, c) clamped,
; 8 udot8(a, b, c), 9 udot8 clamped, 10 fdot2(h, g, f), 11 f,
; 12 dot4.f32.fp8.fp8(a, b, f),
; 13 fp8.bf8, 14 bf8.fp8, 15 bf8.bf8, 16 fma(h, g, c as <2 x half>),
; 17 h * g (<2 x half>), 18 a + b + c + f's bits, 19 fdot2(h, g, f) clamped.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @dot(ptr addrspace(1) %out, ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %C,
                               ptr addrspace(1) %F, ptr addrspace(1) %H, ptr addrspace(1) %G) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %A, i32 %i
  %pb = getelementptr i32, ptr addrspace(1) %B, i32 %i
  %pc = getelementptr i32, ptr addrspace(1) %C, i32 %i
  %pf = getelementptr float, ptr addrspace(1) %F, i32 %i
  %ph = getelementptr <2 x half>, ptr addrspace(1) %H, i32 %i
  %pg = getelementptr <2 x half>, ptr addrspace(1) %G, i32 %i
  %a = load i32, ptr addrspace(1) %pa
  %b = load i32, ptr addrspace(1) %pb
  %c = load i32, ptr addrspace(1) %pc
  %f = load float, ptr addrspace(1) %pf
  %h = load <2 x half>, ptr addrspace(1) %ph
  %g = load <2 x half>, ptr addrspace(1) %pg
  %r0 = call i32 @llvm.amdgcn.sudot4(i1 true, i32 %a, i1 true, i32 %b, i32 %c, i1 false)
  %r1 = call i32 @llvm.amdgcn.sudot4(i1 false, i32 %a, i1 true, i32 %b, i32 %c, i1 false)
  %r2 = call i32 @llvm.amdgcn.sudot4(i1 true, i32 %a, i1 false, i32 %b, i32 %c, i1 true)
  %r3 = call i32 @llvm.amdgcn.sudot4(i1 false, i32 %a, i1 false, i32 %b, i32 %c, i1 true)
  %r4 = call i32 @llvm.amdgcn.udot4(i32 %a, i32 %b, i32 %c, i1 false)
  %r5 = call i32 @llvm.amdgcn.udot4(i32 %a, i32 %b, i32 %c, i1 true)
  %r6 = call i32 @llvm.amdgcn.sudot8(i1 true, i32 %a, i1 true, i32 %b, i32 %c, i1 false)
  %r7 = call i32 @llvm.amdgcn.sudot8(i1 false, i32 %a, i1 true, i32 %b, i32 %c, i1 true)
  %r8 = call i32 @llvm.amdgcn.udot8(i32 %a, i32 %b, i32 %c, i1 false)
  %r9 = call i32 @llvm.amdgcn.udot8(i32 %a, i32 %b, i32 %c, i1 true)
  %d10 = call float @llvm.amdgcn.fdot2(<2 x half> %h, <2 x half> %g, float %f, i1 false)
  %r10 = bitcast float %d10 to i32
  %d19 = call float @llvm.amdgcn.fdot2(<2 x half> %h, <2 x half> %g, float %f, i1 true)
  %r19 = bitcast float %d19 to i32
  %r11 = bitcast float %f to i32
  %d12 = call float @llvm.amdgcn.dot4.f32.fp8.fp8(i32 %a, i32 %b, float %f)
  %r12 = bitcast float %d12 to i32
  %d13 = call float @llvm.amdgcn.dot4.f32.fp8.bf8(i32 %a, i32 %b, float %f)
  %r13 = bitcast float %d13 to i32
  %d14 = call float @llvm.amdgcn.dot4.f32.bf8.fp8(i32 %a, i32 %b, float %f)
  %r14 = bitcast float %d14 to i32
  %d15 = call float @llvm.amdgcn.dot4.f32.bf8.bf8(i32 %a, i32 %b, float %f)
  %r15 = bitcast float %d15 to i32
  %ch = bitcast i32 %c to <2 x half>
  %p16 = call <2 x half> @llvm.fma.v2f16(<2 x half> %h, <2 x half> %g, <2 x half> %ch)
  %r16 = bitcast <2 x half> %p16 to i32
  %p17 = fmul <2 x half> %h, %g
  %r17 = bitcast <2 x half> %p17 to i32
  %fi = bitcast float %f to i32
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  %r18 = add i32 %abc, %fi
  %base = mul i32 %i, 20
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
  %o16 = getelementptr i32, ptr addrspace(1) %o, i32 16
  store i32 %r16, ptr addrspace(1) %o16
  %o17 = getelementptr i32, ptr addrspace(1) %o, i32 17
  store i32 %r17, ptr addrspace(1) %o17
  %o18 = getelementptr i32, ptr addrspace(1) %o, i32 18
  store i32 %r18, ptr addrspace(1) %o18
  %o19 = getelementptr i32, ptr addrspace(1) %o, i32 19
  store i32 %r19, ptr addrspace(1) %o19
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.sudot4(i1, i32, i1, i32, i32, i1)
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.sudot8(i1, i32, i1, i32, i32, i1)
declare i32 @llvm.amdgcn.udot8(i32, i32, i32, i1)
declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1)
declare float @llvm.amdgcn.dot4.f32.fp8.fp8(i32, i32, float)
declare float @llvm.amdgcn.dot4.f32.fp8.bf8(i32, i32, float)
declare float @llvm.amdgcn.dot4.f32.bf8.fp8(i32, i32, float)
declare float @llvm.amdgcn.dot4.f32.bf8.bf8(i32, i32, float)
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
