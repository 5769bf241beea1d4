; A divergent switch with a loop in one case and fall-through merging
; through phis. i = workitem_id (one workgroup); out[i].
;   k = a[i] mod 6:
;   0 -> a*3+1; 1 -> a xor 0x5a5a; 2 -> sum of 0..(a & 31);
;   3 -> a >> 3; 4 and 5 -> ~a
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @switch(ptr addrspace(1) %out, ptr addrspace(1) %a) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %k = urem i32 %x, 6
  switch i32 %k, label %other [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
  ]
c0:
  %m = mul i32 %x, 3
  %v0 = add i32 %m, 1
  br label %done
c1:
  %v1 = xor i32 %x, 23130
  br label %done
c2:
  %n = and i32 %x, 31
  br label %loop
loop:
  %j = phi i32 [ 0, %c2 ], [ %j1, %loop ]
  %s = phi i32 [ 0, %c2 ], [ %s1, %loop ]
  %s1 = add i32 %s, %j
  %j1 = add i32 %j, 1
  %more = icmp ule i32 %j1, %n
  br i1 %more, label %loop, label %done
c3:
  %v3 = lshr i32 %x, 3
  br label %done
other:
  %v4 = xor i32 %x, -1
  br label %done
done:
  %v = phi i32 [ %v0, %c0 ], [ %v1, %c1 ], [ %s1, %loop ], [ %v3, %c3 ], [ %v4, %other ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
