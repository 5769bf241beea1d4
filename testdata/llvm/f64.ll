; binary64 arithmetic: add, multiply, fused multiply-add, correctly
; rounded division and square root, conversions to and from i32 and
; binary32, minnum. Lane i = workgroup_id * 64 + workitem_id; a, b are
; double. out[8*i + k] (double unless noted): 0 a+b, 1 a*b, 2 fma(a,b,a),
; 3 a/b, 4 sqrt(a), 5 double(float(a)) (rounded to f32 first),
; 6 double(fptosi.sat.i32(a)), 7 minnum(a, b).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f64(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg64 = shl i32 %wg, 6
  %i = add i32 %wg64, %tid
  %pa = getelementptr double, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr double, ptr addrspace(1) %b, i32 %i
  %x = load double, ptr addrspace(1) %pa
  %y = load double, ptr addrspace(1) %pb
  %r0 = fadd double %x, %y
  %r1 = fmul double %x, %y
  %r2 = call double @llvm.fma.f64(double %x, double %y, double %x)
  %r3 = fdiv double %x, %y
  %r4 = call double @llvm.sqrt.f64(double %x)
  %t = fptrunc double %x to float
  %r5 = fpext float %t to double
  %n = call i32 @llvm.fptosi.sat.i32.f64(double %x)
  %r6 = sitofp i32 %n to double
  %r7 = call double @llvm.minnum.f64(double %x, double %y)
  %base = mul i32 %i, 8
  %o = getelementptr double, ptr addrspace(1) %out, i32 %base
  store double %r0, ptr addrspace(1) %o
  %o1 = getelementptr double, ptr addrspace(1) %o, i32 1
  store double %r1, ptr addrspace(1) %o1
  %o2 = getelementptr double, ptr addrspace(1) %o, i32 2
  store double %r2, ptr addrspace(1) %o2
  %o3 = getelementptr double, ptr addrspace(1) %o, i32 3
  store double %r3, ptr addrspace(1) %o3
  %o4 = getelementptr double, ptr addrspace(1) %o, i32 4
  store double %r4, ptr addrspace(1) %o4
  %o5 = getelementptr double, ptr addrspace(1) %o, i32 5
  store double %r5, ptr addrspace(1) %o5
  %o6 = getelementptr double, ptr addrspace(1) %o, i32 6
  store double %r6, ptr addrspace(1) %o6
  %o7 = getelementptr double, ptr addrspace(1) %o, i32 7
  store double %r7, ptr addrspace(1) %o7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.sqrt.f64(double)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare double @llvm.minnum.f64(double, double)
