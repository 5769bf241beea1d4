; ds_swizzle, ds_bpermute and ds_permute through their intrinsics. One
; wave (block = wave size); lane = workitem_id, x = a[lane].
; out[8*lane + k]:
; 0 swizzle bitmask and 0x1f xor 1 (swap neighbours)   offset 0x041f
; 1 swizzle bitmask and 0x1f xor 7 (reverse eights)    offset 0x1c1f
; 2 swizzle bitmask and 0x1c or 2 (lane 2 of each 4)   offset 0x005c
; 3 swizzle bitmask and 0x10 or 0x0f xor 0x3           offset 0x0df0
; 4 swizzle quad_perm [3,2,1,0]                        offset 0x801b
; 5 bpermute: x of lane (lane * 7 + 3) mod wave size
; 6 permute: lane (lane + 5) mod wave size receives x
; 7 bpermute of x with the address taken from b[lane] (bytes)
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @swizzle(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %width) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %lane
  %x = load i32, ptr addrspace(1) %pa
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %lane
  %addr = load i32, ptr addrspace(1) %pb
  %r0 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 1055)
  %r1 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 7199)
  %r2 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 92)
  %r3 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 3568)
  %r4 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 32795)
  %l7 = mul i32 %lane, 7
  %l73 = add i32 %l7, 3
  %src5 = urem i32 %l73, %width
  %a5 = shl i32 %src5, 2
  %r5 = call i32 @llvm.amdgcn.ds.bpermute(i32 %a5, i32 %x)
  %l5 = add i32 %lane, 5
  %dst6 = urem i32 %l5, %width
  %a6 = shl i32 %dst6, 2
  %r6 = call i32 @llvm.amdgcn.ds.permute(i32 %a6, i32 %x)
  %r7 = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %x)
  %v0 = insertelement <4 x i32> poison, i32 %r0, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %r1, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %r2, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %r3, i32 3
  %w0 = insertelement <4 x i32> poison, i32 %r4, i32 0
  %w1 = insertelement <4 x i32> %w0, i32 %r5, i32 1
  %w2 = insertelement <4 x i32> %w1, i32 %r6, i32 2
  %w3 = insertelement <4 x i32> %w2, i32 %r7, i32 3
  %base = mul i32 %lane, 2
  %o = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %base
  store <4 x i32> %v3, ptr addrspace(1) %o
  %o1 = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 1
  store <4 x i32> %w3, ptr addrspace(1) %o1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.ds.permute(i32, i32)
