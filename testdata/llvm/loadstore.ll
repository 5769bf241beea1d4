; Global loads and stores of 8 to 128 bits at unaligned addresses (the
; alignment says 1 where the address is unaligned), sign-extending
; sub-dword loads and an aligned 64-bit access. Lane i = workitem_id
; (one workgroup) reads in at byte offset off = offs[i] and writes the
; 64-byte record out[64*i .. 64*i+63]:
;   [0] i8 at in+off        [1..2] i16 at in+off+1   [3..6] i32 at in+off+3
;   [7..14] i64 at in+off+7 [15..26] <3 x i32> at in+off+15
;   [27..42] <4 x i32> at in+off+27
;   [44..47] sext(i8 at in+off+5) [48..51] sext(i16 at in+(off&~1)+2)
;   [56..63] i64 at in+(off&~7)+8; bytes 43 and 52..55 are not written.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @loadstore(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %offs) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %po = getelementptr i32, ptr addrspace(1) %offs, i32 %i
  %off = load i32, ptr addrspace(1) %po
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %off
  %rb = mul i32 %i, 64
  %rec = getelementptr i8, ptr addrspace(1) %out, i32 %rb
  %v8 = load i8, ptr addrspace(1) %src, align 1
  store i8 %v8, ptr addrspace(1) %rec, align 1
  %s16 = getelementptr i8, ptr addrspace(1) %src, i32 1
  %d16 = getelementptr i8, ptr addrspace(1) %rec, i32 1
  %v16 = load i16, ptr addrspace(1) %s16, align 1
  store i16 %v16, ptr addrspace(1) %d16, align 1
  %s32 = getelementptr i8, ptr addrspace(1) %src, i32 3
  %d32 = getelementptr i8, ptr addrspace(1) %rec, i32 3
  %v32 = load i32, ptr addrspace(1) %s32, align 1
  store i32 %v32, ptr addrspace(1) %d32, align 1
  %s64 = getelementptr i8, ptr addrspace(1) %src, i32 7
  %d64 = getelementptr i8, ptr addrspace(1) %rec, i32 7
  %v64 = load i64, ptr addrspace(1) %s64, align 1
  store i64 %v64, ptr addrspace(1) %d64, align 1
  %s96 = getelementptr i8, ptr addrspace(1) %src, i32 15
  %d96 = getelementptr i8, ptr addrspace(1) %rec, i32 15
  %v96 = load <3 x i32>, ptr addrspace(1) %s96, align 1
  store <3 x i32> %v96, ptr addrspace(1) %d96, align 1
  %s128 = getelementptr i8, ptr addrspace(1) %src, i32 27
  %d128 = getelementptr i8, ptr addrspace(1) %rec, i32 27
  %v128 = load <4 x i32>, ptr addrspace(1) %s128, align 1
  store <4 x i32> %v128, ptr addrspace(1) %d128, align 1
  %ss8 = getelementptr i8, ptr addrspace(1) %src, i32 5
  %b8 = load i8, ptr addrspace(1) %ss8, align 1
  %e8 = sext i8 %b8 to i32
  %d44 = getelementptr i8, ptr addrspace(1) %rec, i32 44
  store i32 %e8, ptr addrspace(1) %d44, align 4
  %off2 = and i32 %off, -2
  %a2 = add i32 %off2, 2
  %ss16 = getelementptr i8, ptr addrspace(1) %in, i32 %a2
  %b16 = load i16, ptr addrspace(1) %ss16, align 2
  %e16 = sext i16 %b16 to i32
  %d48 = getelementptr i8, ptr addrspace(1) %rec, i32 48
  store i32 %e16, ptr addrspace(1) %d48, align 4
  %off8 = and i32 %off, -8
  %a8 = add i32 %off8, 8
  %sa64 = getelementptr i8, ptr addrspace(1) %in, i32 %a8
  %w64 = load i64, ptr addrspace(1) %sa64, align 8
  %d56 = getelementptr i8, ptr addrspace(1) %rec, i32 56
  store i64 %w64, ptr addrspace(1) %d56, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
