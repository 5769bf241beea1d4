; Lane intrinsics. One workgroup of a single wave (block = wave size);
; lane = workitem_id. out[8*lane + k]:
; 0 readlane(a, 5), 1 readlane(a, s) for the kernel argument s,
; 2 readfirstlane(a) inside "if (a[lane] & 1)" (the first odd lane's
; value; 0 where the branch is not taken), 3 writelane(a, 1234, 7),
; 4 mbcnt: the lane's index from mbcnt_lo/hi of ~0, 5 the low word and
; 6 the high word of ballot(a[lane] > 100) as i64, 7 readlane(a, lane ^ 1)
; with a divergent-but-uniform-after-readfirstlane index.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @lanes(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %s) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %lane
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.readlane.i32(i32 %x, i32 5)
  %r1 = call i32 @llvm.amdgcn.readlane.i32(i32 %x, i32 %s)
  %odd = and i32 %x, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %then, label %join
then:
  %f = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  br label %join
join:
  %r2 = phi i32 [ %f, %then ], [ 0, %entry ]
  %r3 = call i32 @llvm.amdgcn.writelane.i32(i32 1234, i32 7, i32 %x)
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %r4 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %big = icmp ugt i32 %x, 100
  %bal = call i64 @llvm.amdgcn.ballot.i64(i1 %big)
  %r5 = trunc i64 %bal to i32
  %bh = lshr i64 %bal, 32
  %r6 = trunc i64 %bh to i32
  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %lane)
  %sel = xor i32 %first, 1
  %r7 = call i32 @llvm.amdgcn.readlane.i32(i32 %x, i32 %sel)
  %base = mul i32 %lane, 8
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
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @llvm.amdgcn.writelane.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
