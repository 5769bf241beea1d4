; binary16 division, square root, exp2 and log2 as LLVM 19 lowers them
; for gfx1201 (division through an f32 reciprocal and v_div_fixup_f16;
; the others through the f16 transcendental unit). i = workgroup_id * 64
; + workitem_id. out[4*i + k] (half): 0 a/b, 1 sqrt(a), 2 exp2(a),
; 3 log2(a).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f16_div(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr half, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr half, ptr addrspace(1) %b, i32 %i
  %x = load half, ptr addrspace(1) %pa
  %y = load half, ptr addrspace(1) %pb
  %r0 = fdiv half %x, %y
  %r1 = call half @llvm.sqrt.f16(half %x)
  %r2 = call half @llvm.exp2.f16(half %x)
  %r3 = call half @llvm.log2.f16(half %x)
  %base = shl i32 %i, 2
  %o = getelementptr half, ptr addrspace(1) %out, i32 %base
  store half %r0, ptr addrspace(1) %o
  %o1 = getelementptr half, ptr addrspace(1) %o, i32 1
  store half %r1, ptr addrspace(1) %o1
  %o2 = getelementptr half, ptr addrspace(1) %o, i32 2
  store half %r2, ptr addrspace(1) %o2
  %o3 = getelementptr half, ptr addrspace(1) %o, i32 3
  store half %r3, ptr addrspace(1) %o3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare half @llvm.sqrt.f16(half)
declare half @llvm.exp2.f16(half)
declare half @llvm.log2.f16(half)
