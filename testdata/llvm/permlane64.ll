; v_permlane64_b32 (wave64 only: lane i reads lane i xor 32) and a
; full-wave sum built from it and llvm.amdgcn.update.dpp row_xmask steps
; plus permlanex16. One wave of 64; out[2*lane] = permlane64(a),
; out[2*lane+1] = sum of a over the wave (wrapping).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @permlane64(ptr addrspace(1) %out, ptr addrspace(1) %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %lane
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.permlane64.i32(i32 %x)
  %d1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 353, i32 15, i32 15, i1 false)
  %s1 = add i32 %x, %d1
  %d2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %s1, i32 354, i32 15, i32 15, i1 false)
  %s2 = add i32 %s1, %d2
  %d4 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %s2, i32 356, i32 15, i32 15, i1 false)
  %s4 = add i32 %s2, %d4
  %d8 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %s4, i32 360, i32 15, i32 15, i1 false)
  %s8 = add i32 %s4, %d8
  %d16 = call i32 @llvm.amdgcn.permlanex16.i32(i32 %s8, i32 %s8, i32 0, i32 0, i1 false, i1 false)
  %s16 = add i32 %s8, %d16
  %d32 = call i32 @llvm.amdgcn.permlane64.i32(i32 %s16)
  %r1 = add i32 %s16, %d32
  %j = shl i32 %lane, 1
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %j
  store i32 %r0, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.permlane64.i32(i32)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1, i1)
