; Vector values: <4 x float> arithmetic, a shuffle, and dynamic
; extractelement/insertelement. Lane i = workitem_id (one workgroup)
; with va = a[4i..4i+3], vb = b[4i..4i+3] (float), k = idx[i] & 3.
; out[12*i ..]: [0..3] va*vb + va (separately rounded), [4..7] shuffle
; <vb3, va0, vb1, va2>, [8] va[k], [9..11] elements 0..2 of va with
; element k replaced by vb[3-k].
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @vec(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %idx) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x float>, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr <4 x float>, ptr addrspace(1) %b, i32 %i
  %pk = getelementptr i32, ptr addrspace(1) %idx, i32 %i
  %va = load <4 x float>, ptr addrspace(1) %pa
  %vb = load <4 x float>, ptr addrspace(1) %pb
  %k0 = load i32, ptr addrspace(1) %pk
  %k = and i32 %k0, 3
  %m = fmul <4 x float> %va, %vb
  %s = fadd <4 x float> %m, %va
  %sh = shufflevector <4 x float> %va, <4 x float> %vb, <4 x i32> <i32 7, i32 0, i32 5, i32 2>
  %e = extractelement <4 x float> %va, i32 %k
  %k3 = sub i32 3, %k
  %eb = extractelement <4 x float> %vb, i32 %k3
  %ins = insertelement <4 x float> %va, float %eb, i32 %k
  %base = mul i32 %i, 12
  %o = getelementptr float, ptr addrspace(1) %out, i32 %base
  store <4 x float> %s, ptr addrspace(1) %o, align 4
  %o4 = getelementptr float, ptr addrspace(1) %o, i32 4
  store <4 x float> %sh, ptr addrspace(1) %o4, align 4
  %o8 = getelementptr float, ptr addrspace(1) %o, i32 8
  store float %e, ptr addrspace(1) %o8
  %tr = shufflevector <4 x float> %ins, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %o9 = getelementptr float, ptr addrspace(1) %o, i32 9
  store <3 x float> %tr, ptr addrspace(1) %o9, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
