; llvm.amdgcn.wave.reduce.umin/umax over the active lanes of a divergent
; region, and a ballot-counted vote. One wave; lane = workitem_id,
; x = a[lane]. Lanes with x odd enter the region.
; out[4*lane + k]: 0 umin over odd lanes, 1 umax over odd lanes (both 0
; in even lanes), 2 umax over all lanes, 3 number of odd lanes
; (popcount of ballot).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @wave_reduce(ptr addrspace(1) %out, ptr addrspace(1) %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %lane
  %x = load i32, ptr addrspace(1) %pa
  %odd = and i32 %x, 1
  %isodd = icmp ne i32 %odd, 0
  %bal = call i64 @llvm.amdgcn.ballot.i64(i1 %isodd)
  %cnt64 = call i64 @llvm.ctpop.i64(i64 %bal)
  %r3 = trunc i64 %cnt64 to i32
  %r2 = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %x, i32 0)
  br i1 %isodd, label %then, label %join
then:
  %mn = call i32 @llvm.amdgcn.wave.reduce.umin.i32(i32 %x, i32 0)
  %mx = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %x, i32 0)
  br label %join
join:
  %r0 = phi i32 [ %mn, %then ], [ 0, %entry ]
  %r1 = phi i32 [ %mx, %then ], [ 0, %entry ]
  %j = shl i32 %lane, 2
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %j
  store i32 %r0, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.amdgcn.wave.reduce.umin.i32(i32, i32)
declare i32 @llvm.amdgcn.wave.reduce.umax.i32(i32, i32)
