; Conversions between binary16 and 16-bit integers, and uniform fused
; multiply-adds with constants (which gfx12 does in the scalar unit).
; Lane i = workitem_id (one workgroup); h = a[i] (half, finite, within
; i16 range: fptosi/fptoui of out-of-range values is poison), u = c[i]
; (half, in [0, 65504]), n = b[i] (i16). out[8*i + k] (32-bit words):
; 0 fptosi(h) to i16, sign-extended   1 fptoui(u) to i16, zero-extended
; 2 bits of sitofp(n) to half         3 bits of uitofp(n) to half
; 4 sext(n)                           5 zext(n)
; 6 fma(s, 1.7, t)  7 fma(s, t, 7.5)  (s, t: kernel arguments)
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @half_int(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, float %s, float %t) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr i16, ptr addrspace(1) %b, i32 %i
  %pc = getelementptr half, ptr addrspace(1) %c, i32 %i
  %h = load half, ptr addrspace(1) %pa
  %n = load i16, ptr addrspace(1) %pb
  %u = load half, ptr addrspace(1) %pc
  %si = fptosi half %h to i16
  %r0 = sext i16 %si to i32
  %ui = fptoui half %u to i16
  %r1 = zext i16 %ui to i32
  %sf = sitofp i16 %n to half
  %sb = bitcast half %sf to i16
  %r2 = zext i16 %sb to i32
  %uf = uitofp i16 %n to half
  %ub = bitcast half %uf to i16
  %r3 = zext i16 %ub to i32
  %r4 = sext i16 %n to i32
  %r5 = zext i16 %n to i32
  %f6 = call float @llvm.fma.f32(float %s, float 0x3FFB333340000000, float %t)
  %r6 = bitcast float %f6 to i32
  %f7 = call float @llvm.fma.f32(float %s, float %t, float 7.5)
  %r7 = bitcast float %f7 to i32
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
  store i32 %r6, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %o, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fma.f32(float, float, float)
