; v_permlane16 / v_permlanex16 through their intrinsics (fi and
; bound_ctrl off, every lane active). One wave; lane = workitem_id,
; x = a[lane]; s0, s1 select lanes (nibble i of s1:s0 names the source
; for row lane i). out[2*lane] = permlane16, out[2*lane+1] = permlanex16
; (from the other row of each pair of rows).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @permlane(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %s0, i32 %s1) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %lane
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.permlane16.i32(i32 %x, i32 %x, i32 %s0, i32 %s1, i1 false, i1 false)
  %r1 = call i32 @llvm.amdgcn.permlanex16.i32(i32 %x, i32 %x, i32 %s0, i32 %s1, i1 false, i1 false)
  %j = shl i32 %lane, 1
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %j
  store i32 %r0, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.permlane16.i32(i32, i32, i32, i32, i1, i1)
declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1, i1)
