; A last-arrival reduction across workgroups, ordered as LLVM's AMDGPU
; memory model prescribes at agent scope (AMDGPUUsage, "Memory Model
; GFX12"): work-item i = workgroup_id * 64 + workitem_id stores
; d[i] = 3 * a[i] + 1, every work-item fences release (agent), a
; workgroup barrier, work-item 0 adds 1 to c[0] (agent, monotonic) and
; passes the old value to its workgroup through LDS; in the workgroup
; that arrives last (old = groups - 1, groups in %n) every work-item
; fences acquire (agent) and sums s[t] = d[t] + d[64 + t] + ... over the
; workgroups, and work-item 0 sets c[0] back to 0 (an atomic store).
; For gfx1201 llc-19 makes the release global_wb scope:SCOPE_DEV and
; s_wait_*cnt 0 and the acquire s_wait_loadcnt 0 and global_inv
; scope:SCOPE_DEV: the emulator's race checker must order the last
; workgroup's reads of the others' stores by them (exec/sim/sync.go).
target triple = "amdgcn-amd-amdhsa"

@old = internal addrspace(3) global i32 undef, align 4

define amdgpu_kernel void @release_acquire(ptr addrspace(1) %c, ptr addrspace(1) %d, ptr addrspace(1) %a, ptr addrspace(1) %s, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %x3 = mul i32 %x, 3
  %y = add i32 %x3, 1
  %pd = getelementptr i32, ptr addrspace(1) %d, i32 %i
  store i32 %y, ptr addrspace(1) %pd
  fence syncscope("agent") release
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %count, label %counted

count:
  %o = atomicrmw add ptr addrspace(1) %c, i32 1 syncscope("agent") monotonic
  store i32 %o, ptr addrspace(3) @old
  br label %counted

counted:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load i32, ptr addrspace(3) @old
  %last1 = add i32 %n, -1
  %last = icmp eq i32 %v, %last1
  br i1 %last, label %merge, label %done

merge:
  fence syncscope("agent") acquire
  br label %loop

loop:
  %g = phi i32 [ 0, %merge ], [ %g1, %loop ]
  %acc = phi i32 [ 0, %merge ], [ %acc1, %loop ]
  %g64 = shl i32 %g, 6
  %j = add i32 %g64, %tid
  %pj = getelementptr i32, ptr addrspace(1) %d, i32 %j
  %dj = load i32, ptr addrspace(1) %pj
  %acc1 = add i32 %acc, %dj
  %g1 = add i32 %g, 1
  %more = icmp ult i32 %g1, %n
  br i1 %more, label %loop, label %sum

sum:
  %ps = getelementptr i32, ptr addrspace(1) %s, i32 %tid
  store i32 %acc1, ptr addrspace(1) %ps
  br i1 %first, label %reset, label %done

reset:
  store atomic i32 0, ptr addrspace(1) %c syncscope("agent") monotonic, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
