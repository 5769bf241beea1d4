; Conversions between integers and binary32/binary16 with saturation
; (llvm.fpto*i.sat: NaN gives 0, out-of-range values clamp) and rounding
; (sitofp/uitofp round to nearest even). i = workgroup_id * 64 +
; workitem_id; a is f32, n is i32. out[12*i + k] (32-bit words):
; 0 fptosi.sat.i32(a), 1 fptoui.sat.i32(a), 2 sitofp(n), 3 uitofp(n),
; 4 fptosi.sat.i16(a) sign-extended, 5 fptoui.sat.i8(a) zero-extended,
; 6 bits of fptrunc(a) to half, 7 fpext(half(n low 16 bits)),
; 8 bits of sitofp(n) to half, 9 bits of uitofp(n) to half,
; 10 fptosi.sat.i32(half(n low 16 bits)), 11 uitofp(i64 n * n) to f32.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @conv(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %pn = getelementptr i32, ptr addrspace(1) %n, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %k = load i32, ptr addrspace(1) %pn
  %r0 = call i32 @llvm.fptosi.sat.i32.f32(float %x)
  %r1 = call i32 @llvm.fptoui.sat.i32.f32(float %x)
  %f2 = sitofp i32 %k to float
  %r2 = bitcast float %f2 to i32
  %f3 = uitofp i32 %k to float
  %r3 = bitcast float %f3 to i32
  %s4 = call i16 @llvm.fptosi.sat.i16.f32(float %x)
  %r4 = sext i16 %s4 to i32
  %s5 = call i8 @llvm.fptoui.sat.i8.f32(float %x)
  %r5 = zext i8 %s5 to i32
  %h6 = fptrunc float %x to half
  %b6 = bitcast half %h6 to i16
  %r6 = zext i16 %b6 to i32
  %k16 = trunc i32 %k to i16
  %h7 = bitcast i16 %k16 to half
  %f7 = fpext half %h7 to float
  %r7 = bitcast float %f7 to i32
  %h8 = sitofp i32 %k to half
  %b8 = bitcast half %h8 to i16
  %r8 = zext i16 %b8 to i32
  %h9 = uitofp i32 %k to half
  %b9 = bitcast half %h9 to i16
  %r9 = zext i16 %b9 to i32
  %r10 = call i32 @llvm.fptosi.sat.i32.f16(half %h7)
  %k64 = zext i32 %k to i64
  %sq = mul i64 %k64, %k64
  %f11 = uitofp i64 %sq to float
  %r11 = bitcast float %f11 to i32
  %v0 = insertelement <4 x i32> poison, i32 %r0, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %r1, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %r2, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %r3, i32 3
  %w0 = insertelement <4 x i32> poison, i32 %r4, i32 0
  %w1 = insertelement <4 x i32> %w0, i32 %r5, i32 1
  %w2 = insertelement <4 x i32> %w1, i32 %r6, i32 2
  %w3 = insertelement <4 x i32> %w2, i32 %r7, i32 3
  %u0 = insertelement <4 x i32> poison, i32 %r8, i32 0
  %u1 = insertelement <4 x i32> %u0, i32 %r9, i32 1
  %u2 = insertelement <4 x i32> %u1, i32 %r10, i32 2
  %u3 = insertelement <4 x i32> %u2, i32 %r11, i32 3
  %base = mul i32 %i, 3
  %o = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %base
  store <4 x i32> %v3, ptr addrspace(1) %o
  %o1 = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 1
  store <4 x i32> %w3, ptr addrspace(1) %o1
  %o2 = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 2
  store <4 x i32> %u3, ptr addrspace(1) %o2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i32 @llvm.fptoui.sat.i32.f32(float)
declare i16 @llvm.fptosi.sat.i16.f32(float)
declare i8 @llvm.fptoui.sat.i8.f32(float)
declare i32 @llvm.fptosi.sat.i32.f16(half)
