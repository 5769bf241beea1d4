; Correctly rounded binary32 division and square root: LLVM IR fdiv and
; llvm.sqrt carry no accuracy metadata here, so the back end must
; produce the IEEE result. i = workgroup_id * 64 + workitem_id.
; out[2*i] = a / b, out[2*i+1] = sqrt(a).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f32_div_sqrt(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %y = load float, ptr addrspace(1) %pb
  %d = fdiv float %x, %y
  %s = call float @llvm.sqrt.f32(float %x)
  %j = shl i32 %i, 1
  %o = getelementptr float, ptr addrspace(1) %out, i32 %j
  store float %d, ptr addrspace(1) %o
  %o1 = getelementptr float, ptr addrspace(1) %o, i32 1
  store float %s, ptr addrspace(1) %o1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare float @llvm.sqrt.f32(float)
