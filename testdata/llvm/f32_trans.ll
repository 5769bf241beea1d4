; Approximated binary32 functions: exp2 and log2 (LLVM scales around the
; hardware's denormal limits), the reciprocal square root and reciprocal
; intrinsics (bare v_rsq_f32 / v_rcp_f32), and division with the afn
; flag (a * rcp(b)). i = workgroup_id * 64 + workitem_id.
; out[5*i + k]: 0 exp2(a), 1 log2(a), 2 rsq(a), 3 rcp(a), 4 afn a/b.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f32_trans(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %y = load float, ptr addrspace(1) %pb
  %r0 = call float @llvm.exp2.f32(float %x)
  %r1 = call float @llvm.log2.f32(float %x)
  %r2 = call float @llvm.amdgcn.rsq.f32(float %x)
  %r3 = call float @llvm.amdgcn.rcp.f32(float %x)
  %r4 = fdiv afn float %x, %y
  %j = mul i32 %i, 5
  %o = getelementptr float, ptr addrspace(1) %out, i32 %j
  store float %r0, ptr addrspace(1) %o
  %o1 = getelementptr float, ptr addrspace(1) %o, i32 1
  store float %r1, ptr addrspace(1) %o1
  %o2 = getelementptr float, ptr addrspace(1) %o, i32 2
  store float %r2, ptr addrspace(1) %o2
  %o3 = getelementptr float, ptr addrspace(1) %o, i32 3
  store float %r3, ptr addrspace(1) %o3
  %o4 = getelementptr float, ptr addrspace(1) %o, i32 4
  store float %r4, ptr addrspace(1) %o4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.amdgcn.rsq.f32(float)
declare float @llvm.amdgcn.rcp.f32(float)
