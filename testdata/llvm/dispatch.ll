; What a kernel learns about its launch: workgroup and work-item ids in
; three dimensions, the HSA dispatch packet (llvm.amdgcn.dispatch.ptr),
; the hidden kernel arguments (llvm.amdgcn.implicitarg.ptr, code object
; v5 offsets), the dispatch id and the queue pointer. Every work-item
; writes a 32-word record at out[32 * g], g = its linear global id
; gz*GX*GY + gy*GX + gx with gd = wgid_d * group_size_d + tid_d and
; G* the grid sizes from the dispatch packet:
;  0..2 wgid x,y,z  3..5 tid x,y,z  6..8 packet workgroup_size x,y,z
;  9..11 packet grid_size x,y,z  12 packet private_segment_size
;  13 packet group_segment_size  14..16 hidden block_count x,y,z
;  17..19 hidden group_size x,y,z  20..22 hidden remainder x,y,z
;  23 hidden grid_dims  24..25 dispatch id (lo, hi)
;  26 hidden global_offset_x (low word)  27 queue->size
;  28 1 if queue->base_address equals the dispatch packet's address
;  29 packet header  30 packet setup  31 the scalar argument tag.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @dispatch(ptr addrspace(1) %out, i32 %tag) {
entry:
  %wx = call i32 @llvm.amdgcn.workgroup.id.x()
  %wy = call i32 @llvm.amdgcn.workgroup.id.y()
  %wz = call i32 @llvm.amdgcn.workgroup.id.z()
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %tz = call i32 @llvm.amdgcn.workitem.id.z()
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %did = call i64 @llvm.amdgcn.dispatch.id()
  %hdr = load i16, ptr addrspace(4) %dp, align 4
  %p2 = getelementptr i8, ptr addrspace(4) %dp, i64 2
  %setup = load i16, ptr addrspace(4) %p2, align 2
  %p4 = getelementptr i8, ptr addrspace(4) %dp, i64 4
  %wsx = load i16, ptr addrspace(4) %p4, align 4
  %p6 = getelementptr i8, ptr addrspace(4) %dp, i64 6
  %wsy = load i16, ptr addrspace(4) %p6, align 2
  %p8 = getelementptr i8, ptr addrspace(4) %dp, i64 8
  %wsz = load i16, ptr addrspace(4) %p8, align 8
  %p12 = getelementptr i8, ptr addrspace(4) %dp, i64 12
  %gsx = load i32, ptr addrspace(4) %p12, align 4
  %p16 = getelementptr i8, ptr addrspace(4) %dp, i64 16
  %gsy = load i32, ptr addrspace(4) %p16, align 4
  %p20 = getelementptr i8, ptr addrspace(4) %dp, i64 20
  %gsz = load i32, ptr addrspace(4) %p20, align 4
  %p24 = getelementptr i8, ptr addrspace(4) %dp, i64 24
  %priv = load i32, ptr addrspace(4) %p24, align 4
  %p28 = getelementptr i8, ptr addrspace(4) %dp, i64 28
  %grp = load i32, ptr addrspace(4) %p28, align 4
  %bcx = load i32, ptr addrspace(4) %ia, align 4
  %i4 = getelementptr i8, ptr addrspace(4) %ia, i64 4
  %bcy = load i32, ptr addrspace(4) %i4, align 4
  %i8 = getelementptr i8, ptr addrspace(4) %ia, i64 8
  %bcz = load i32, ptr addrspace(4) %i8, align 4
  %i12 = getelementptr i8, ptr addrspace(4) %ia, i64 12
  %hgx = load i16, ptr addrspace(4) %i12, align 4
  %i14 = getelementptr i8, ptr addrspace(4) %ia, i64 14
  %hgy = load i16, ptr addrspace(4) %i14, align 2
  %i16 = getelementptr i8, ptr addrspace(4) %ia, i64 16
  %hgz = load i16, ptr addrspace(4) %i16, align 4
  %i18 = getelementptr i8, ptr addrspace(4) %ia, i64 18
  %rmx = load i16, ptr addrspace(4) %i18, align 2
  %i20 = getelementptr i8, ptr addrspace(4) %ia, i64 20
  %rmy = load i16, ptr addrspace(4) %i20, align 4
  %i22 = getelementptr i8, ptr addrspace(4) %ia, i64 22
  %rmz = load i16, ptr addrspace(4) %i22, align 2
  %i40 = getelementptr i8, ptr addrspace(4) %ia, i64 40
  %gox = load i32, ptr addrspace(4) %i40, align 8
  %i64 = getelementptr i8, ptr addrspace(4) %ia, i64 64
  %dims = load i16, ptr addrspace(4) %i64, align 8
  %i200 = getelementptr i8, ptr addrspace(4) %ia, i64 200
  %hq = load ptr addrspace(4), ptr addrspace(4) %i200, align 8
  %q8 = getelementptr i8, ptr addrspace(4) %hq, i64 8
  %qbase = load ptr addrspace(4), ptr addrspace(4) %q8, align 8
  %sameq = icmp eq ptr addrspace(4) %qbase, %dp
  %q24 = getelementptr i8, ptr addrspace(4) %hq, i64 24
  %qsize = load i32, ptr addrspace(4) %q24, align 8
  %wsx32 = zext i16 %wsx to i32
  %wsy32 = zext i16 %wsy to i32
  %wsz32 = zext i16 %wsz to i32
  %hgx32 = zext i16 %hgx to i32
  %hgy32 = zext i16 %hgy to i32
  %hgz32 = zext i16 %hgz to i32
  %rmx32 = zext i16 %rmx to i32
  %rmy32 = zext i16 %rmy to i32
  %rmz32 = zext i16 %rmz to i32
  %dims32 = zext i16 %dims to i32
  %hdr32 = zext i16 %hdr to i32
  %setup32 = zext i16 %setup to i32
  %same32 = zext i1 %sameq to i32
  %didlo = trunc i64 %did to i32
  %didh = lshr i64 %did, 32
  %didhi = trunc i64 %didh to i32
  %bx = mul i32 %wx, %hgx32
  %gx = add i32 %bx, %tx
  %by = mul i32 %wy, %hgy32
  %gy = add i32 %by, %ty
  %bz = mul i32 %wz, %hgz32
  %gz = add i32 %bz, %tz
  %gxy = mul i32 %gsx, %gsy
  %lz = mul i32 %gz, %gxy
  %ly = mul i32 %gy, %gsx
  %l1 = add i32 %lz, %ly
  %g = add i32 %l1, %gx
  %rb = mul i32 %g, 32
  %rec = getelementptr i32, ptr addrspace(1) %out, i32 %rb
  call void @st(ptr addrspace(1) %rec, i32 0, i32 %wx)
  call void @st(ptr addrspace(1) %rec, i32 1, i32 %wy)
  call void @st(ptr addrspace(1) %rec, i32 2, i32 %wz)
  call void @st(ptr addrspace(1) %rec, i32 3, i32 %tx)
  call void @st(ptr addrspace(1) %rec, i32 4, i32 %ty)
  call void @st(ptr addrspace(1) %rec, i32 5, i32 %tz)
  call void @st(ptr addrspace(1) %rec, i32 6, i32 %wsx32)
  call void @st(ptr addrspace(1) %rec, i32 7, i32 %wsy32)
  call void @st(ptr addrspace(1) %rec, i32 8, i32 %wsz32)
  call void @st(ptr addrspace(1) %rec, i32 9, i32 %gsx)
  call void @st(ptr addrspace(1) %rec, i32 10, i32 %gsy)
  call void @st(ptr addrspace(1) %rec, i32 11, i32 %gsz)
  call void @st(ptr addrspace(1) %rec, i32 12, i32 %priv)
  call void @st(ptr addrspace(1) %rec, i32 13, i32 %grp)
  call void @st(ptr addrspace(1) %rec, i32 14, i32 %bcx)
  call void @st(ptr addrspace(1) %rec, i32 15, i32 %bcy)
  call void @st(ptr addrspace(1) %rec, i32 16, i32 %bcz)
  call void @st(ptr addrspace(1) %rec, i32 17, i32 %hgx32)
  call void @st(ptr addrspace(1) %rec, i32 18, i32 %hgy32)
  call void @st(ptr addrspace(1) %rec, i32 19, i32 %hgz32)
  call void @st(ptr addrspace(1) %rec, i32 20, i32 %rmx32)
  call void @st(ptr addrspace(1) %rec, i32 21, i32 %rmy32)
  call void @st(ptr addrspace(1) %rec, i32 22, i32 %rmz32)
  call void @st(ptr addrspace(1) %rec, i32 23, i32 %dims32)
  call void @st(ptr addrspace(1) %rec, i32 24, i32 %didlo)
  call void @st(ptr addrspace(1) %rec, i32 25, i32 %didhi)
  call void @st(ptr addrspace(1) %rec, i32 26, i32 %gox)
  call void @st(ptr addrspace(1) %rec, i32 27, i32 %qsize)
  call void @st(ptr addrspace(1) %rec, i32 28, i32 %same32)
  call void @st(ptr addrspace(1) %rec, i32 29, i32 %hdr32)
  call void @st(ptr addrspace(1) %rec, i32 30, i32 %setup32)
  call void @st(ptr addrspace(1) %rec, i32 31, i32 %tag)
  ret void
}

define internal void @st(ptr addrspace(1) %rec, i32 %k, i32 %v) alwaysinline {
  %p = getelementptr i32, ptr addrspace(1) %rec, i32 %k
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare i32 @llvm.amdgcn.workgroup.id.z()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare i64 @llvm.amdgcn.dispatch.id()
