; LDS stores and loads of 8 to 128 bits, some unaligned, across a
; workgroup barrier. Lane i (workitem_id, one workgroup of 64) copies its
; 32-byte record in[32*i ..] into LDS bytes [32*i ..] as an i8 at +0, an
; i16 at +1 (align 1), an i32 at +3 (align 1), an i64 at +8 and a
; <4 x i32> at +16; after the barrier it reads the same fields of lane
; (i+1) mod 64 and writes them at the same places of out[32*i ..]
; (out bytes 7 are not written).
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [2048 x i8] undef, align 16

define amdgpu_kernel void @lds_widths(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %rb = mul i32 %i, 32
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %rb
  %dst = getelementptr i8, ptr addrspace(3) @lds, i32 %rb
  %v8 = load i8, ptr addrspace(1) %src, align 1
  store i8 %v8, ptr addrspace(3) %dst, align 1
  %s16 = getelementptr i8, ptr addrspace(1) %src, i32 1
  %d16 = getelementptr i8, ptr addrspace(3) %dst, i32 1
  %v16 = load i16, ptr addrspace(1) %s16, align 1
  store i16 %v16, ptr addrspace(3) %d16, align 1
  %s32 = getelementptr i8, ptr addrspace(1) %src, i32 3
  %d32 = getelementptr i8, ptr addrspace(3) %dst, i32 3
  %v32 = load i32, ptr addrspace(1) %s32, align 1
  store i32 %v32, ptr addrspace(3) %d32, align 1
  %s64 = getelementptr i8, ptr addrspace(1) %src, i32 8
  %d64 = getelementptr i8, ptr addrspace(3) %dst, i32 8
  %v64 = load i64, ptr addrspace(1) %s64, align 8
  store i64 %v64, ptr addrspace(3) %d64, align 8
  %s128 = getelementptr i8, ptr addrspace(1) %src, i32 16
  %d128 = getelementptr i8, ptr addrspace(3) %dst, i32 16
  %v128 = load <4 x i32>, ptr addrspace(1) %s128, align 16
  store <4 x i32> %v128, ptr addrspace(3) %d128, align 16
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %n1 = add i32 %i, 1
  %n = and i32 %n1, 63
  %nb = mul i32 %n, 32
  %ls = getelementptr i8, ptr addrspace(3) @lds, i32 %nb
  %od = getelementptr i8, ptr addrspace(1) %out, i32 %rb
  %w8 = load i8, ptr addrspace(3) %ls, align 1
  store i8 %w8, ptr addrspace(1) %od, align 1
  %l16 = getelementptr i8, ptr addrspace(3) %ls, i32 1
  %o16 = getelementptr i8, ptr addrspace(1) %od, i32 1
  %w16 = load i16, ptr addrspace(3) %l16, align 1
  store i16 %w16, ptr addrspace(1) %o16, align 1
  %l32 = getelementptr i8, ptr addrspace(3) %ls, i32 3
  %o32 = getelementptr i8, ptr addrspace(1) %od, i32 3
  %w32 = load i32, ptr addrspace(3) %l32, align 1
  store i32 %w32, ptr addrspace(1) %o32, align 1
  %l64 = getelementptr i8, ptr addrspace(3) %ls, i32 8
  %o64 = getelementptr i8, ptr addrspace(1) %od, i32 8
  %w64 = load i64, ptr addrspace(3) %l64, align 8
  store i64 %w64, ptr addrspace(1) %o64, align 8
  %l128 = getelementptr i8, ptr addrspace(3) %ls, i32 16
  %o128 = getelementptr i8, ptr addrspace(1) %od, i32 16
  %w128 = load <4 x i32>, ptr addrspace(3) %l128, align 16
  store <4 x i32> %w128, ptr addrspace(1) %o128, align 16
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
