; Fused multiply-add rounds once; fmul followed by fadd (no contraction
; flags) rounds twice. i = workgroup_id * 64 + workitem_id.
; out[2*i] = fma(a, b, c), out[2*i+1] = (a*b)+c.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f32_fma(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %i
  %pc = getelementptr float, ptr addrspace(1) %c, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %y = load float, ptr addrspace(1) %pb
  %z = load float, ptr addrspace(1) %pc
  %f = call float @llvm.fma.f32(float %x, float %y, float %z)
  %m = fmul float %x, %y
  %s = fadd float %m, %z
  %j = shl i32 %i, 1
  %o = getelementptr float, ptr addrspace(1) %out, i32 %j
  store float %f, ptr addrspace(1) %o
  %o1 = getelementptr float, ptr addrspace(1) %o, i32 1
  store float %s, ptr addrspace(1) %o1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare float @llvm.fma.f32(float, float, float)
