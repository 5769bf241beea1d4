; DPP lane movement through llvm.amdgcn.update.dpp / mov.dpp / mov.dpp8.
; One wave (block = wave size); lane = workitem_id, x = a[lane].
; out[16*lane + k]: update.dpp(old, x, ctrl, row_mask, bank_mask, bc):
;  0 quad_perm [1,0,3,2] (old 0)        1 row_shl:1 (old 7777, bc 0)
;  2 row_shr:3 (bc 1)                   3 row_ror:5
;  4 row_mirror                         5 row_half_mirror
;  6 row_share:3                        7 row_xmask:5
;  8 row_shr:1 row_mask 0xa (old -1)    9 row_shr:1 bank_mask 0x5 (old x)
; 10 mov.dpp quad_perm [3,3,3,3]       11 in lanes with lane % 3 != 0
;    only: row_shr:1, old 99, bc 0 (12 outside: 0)
; 12 the same with bc 1                 13 mov.dpp8 [7,6,5,4,3,2,1,0]
; 14 row_shl:15 (old 5, bc 0)          15 row_share:15 row_mask 0x3
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @dpp(ptr addrspace(1) %out, ptr addrspace(1) %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %lane
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 177, i32 15, i32 15, i1 false)
  %r1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 7777, i32 %x, i32 257, i32 15, i32 15, i1 false)
  %r2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 275, i32 15, i32 15, i1 true)
  %r3 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 293, i32 15, i32 15, i1 false)
  %r4 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 320, i32 15, i32 15, i1 false)
  %r5 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 321, i32 15, i32 15, i1 false)
  %r6 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 339, i32 15, i32 15, i1 false)
  %r7 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 357, i32 15, i32 15, i1 false)
  %r8 = call i32 @llvm.amdgcn.update.dpp.i32(i32 -1, i32 %x, i32 273, i32 10, i32 15, i1 false)
  %r9 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %x, i32 %x, i32 273, i32 15, i32 5, i1 false)
  %r10 = call i32 @llvm.amdgcn.mov.dpp.i32(i32 %x, i32 255, i32 15, i32 15, i1 false)
  %m3 = urem i32 %lane, 3
  %in = icmp ne i32 %m3, 0
  br i1 %in, label %then, label %join
then:
  %t11 = call i32 @llvm.amdgcn.update.dpp.i32(i32 99, i32 %x, i32 273, i32 15, i32 15, i1 false)
  %t12 = call i32 @llvm.amdgcn.update.dpp.i32(i32 99, i32 %x, i32 273, i32 15, i32 15, i1 true)
  br label %join
join:
  %r11 = phi i32 [ %t11, %then ], [ 12, %entry ]
  %r12 = phi i32 [ %t12, %then ], [ 12, %entry ]
  %r13 = call i32 @llvm.amdgcn.mov.dpp8.i32(i32 %x, i32 342391)
  %r14 = call i32 @llvm.amdgcn.update.dpp.i32(i32 5, i32 %x, i32 271, i32 15, i32 15, i1 false)
  %r15 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 351, i32 3, i32 15, i1 false)
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
  %y0 = insertelement <4 x i32> poison, i32 %r12, i32 0
  %y1 = insertelement <4 x i32> %y0, i32 %r13, i32 1
  %y2 = insertelement <4 x i32> %y1, i32 %r14, i32 2
  %y3 = insertelement <4 x i32> %y2, i32 %r15, i32 3
  %base = mul i32 %lane, 4
  %o = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %base
  store <4 x i32> %v3, ptr addrspace(1) %o
  %o1 = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 1
  store <4 x i32> %w3, ptr addrspace(1) %o1
  %o2 = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 2
  store <4 x i32> %u3, ptr addrspace(1) %o2
  %o3 = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 3
  store <4 x i32> %y3, ptr addrspace(1) %o3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp8.i32(i32, i32)
