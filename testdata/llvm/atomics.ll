; Global atomics from every work-item of several workgroups (i =
; workgroup_id * 64 + workitem_id, x = a[i], small non-negative values).
; c (i32 counters, zero-initialised by the host unless stated):
;  c[0] += 1 (returned old value -> r0[i]);  c[1] += x (-> r1[i])
;  c[2] -= x; c[3] &= ~(1 << (i & 31)) (c[3] starts at -1);
;  c[4] |= 1 << (x & 31); c[5] ^= x; c[6] = smax(c[6], x - 500);
;  c[7] = umin(c[7], x + 7) (c[7] starts at -1); c[8] <- xchg x (-> r2[i]);
;  c[9] += 3 by a cmpxchg loop (the value it replaced -> r3[i]);
;  c[10] = uinc_wrap(c[10], 10); c[16 + (i & 7)] += 1;
;  f[0] (float) += float(x); f[1] = fmax(f[1], float(x)) (f[1] starts at
;  -inf); w[0] (i64) += x * 2^32 + 1.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @atomics(ptr addrspace(1) %c, ptr addrspace(1) %f, ptr addrspace(1) %w, ptr addrspace(1) %a, ptr addrspace(1) %r) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %ri = mul i32 %i, 4
  %r0p = getelementptr i32, ptr addrspace(1) %r, i32 %ri
  %old0 = atomicrmw add ptr addrspace(1) %c, i32 1 syncscope("agent") monotonic
  store i32 %old0, ptr addrspace(1) %r0p
  %c1 = getelementptr i32, ptr addrspace(1) %c, i32 1
  %old1 = atomicrmw add ptr addrspace(1) %c1, i32 %x syncscope("agent") monotonic
  %r1p = getelementptr i32, ptr addrspace(1) %r0p, i32 1
  store i32 %old1, ptr addrspace(1) %r1p
  %c2 = getelementptr i32, ptr addrspace(1) %c, i32 2
  %u2 = atomicrmw sub ptr addrspace(1) %c2, i32 %x syncscope("agent") monotonic
  %c3 = getelementptr i32, ptr addrspace(1) %c, i32 3
  %bit = and i32 %i, 31
  %m = shl i32 1, %bit
  %nm = xor i32 %m, -1
  %u3 = atomicrmw and ptr addrspace(1) %c3, i32 %nm syncscope("agent") monotonic
  %c4 = getelementptr i32, ptr addrspace(1) %c, i32 4
  %xb = and i32 %x, 31
  %xm = shl i32 1, %xb
  %u4 = atomicrmw or ptr addrspace(1) %c4, i32 %xm syncscope("agent") monotonic
  %c5 = getelementptr i32, ptr addrspace(1) %c, i32 5
  %u5 = atomicrmw xor ptr addrspace(1) %c5, i32 %x syncscope("agent") monotonic
  %c6 = getelementptr i32, ptr addrspace(1) %c, i32 6
  %xs = sub i32 %x, 500
  %u6 = atomicrmw max ptr addrspace(1) %c6, i32 %xs syncscope("agent") monotonic
  %c7 = getelementptr i32, ptr addrspace(1) %c, i32 7
  %x7 = add i32 %x, 7
  %u7 = atomicrmw umin ptr addrspace(1) %c7, i32 %x7 syncscope("agent") monotonic
  %c8 = getelementptr i32, ptr addrspace(1) %c, i32 8
  %old8 = atomicrmw xchg ptr addrspace(1) %c8, i32 %x syncscope("agent") monotonic
  %r2p = getelementptr i32, ptr addrspace(1) %r0p, i32 2
  store i32 %old8, ptr addrspace(1) %r2p
  %c9 = getelementptr i32, ptr addrspace(1) %c, i32 9
  %init = load atomic i32, ptr addrspace(1) %c9 syncscope("agent") monotonic, align 4
  br label %cas
cas:
  %cur = phi i32 [ %init, %entry ], [ %seen, %cas ]
  %new = add i32 %cur, 3
  %pair = cmpxchg ptr addrspace(1) %c9, i32 %cur, i32 %new syncscope("agent") monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %casdone, label %cas
casdone:
  %r3p = getelementptr i32, ptr addrspace(1) %r0p, i32 3
  store i32 %cur, ptr addrspace(1) %r3p
  %c10 = getelementptr i32, ptr addrspace(1) %c, i32 10
  %u10 = atomicrmw uinc_wrap ptr addrspace(1) %c10, i32 10 syncscope("agent") monotonic
  %slot = and i32 %i, 7
  %s16 = add i32 %slot, 16
  %cs = getelementptr i32, ptr addrspace(1) %c, i32 %s16
  %us = atomicrmw add ptr addrspace(1) %cs, i32 1 syncscope("agent") monotonic
  %fx = uitofp i32 %x to float
  %uf = atomicrmw fadd ptr addrspace(1) %f, float %fx syncscope("agent") monotonic
  %f1 = getelementptr float, ptr addrspace(1) %f, i32 1
  %um = atomicrmw fmax ptr addrspace(1) %f1, float %fx syncscope("agent") monotonic
  %x64 = zext i32 %x to i64
  %xh = shl i64 %x64, 32
  %wv = add i64 %xh, 1
  %uw = atomicrmw add ptr addrspace(1) %w, i64 %wv syncscope("agent") monotonic
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
