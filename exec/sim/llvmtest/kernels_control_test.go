package llvmtest

import (
	"fmt"

	"zincc/exec/sim"
)

// Control-flow kernels: divergent branches, loops, switch, function
// calls and recursion, workgroup barriers with LDS, 2-D launches with
// partial workgroups.

func controlKernels() []kernelCase {
	return []kernelCase{
		{file: "divergent.cl", kernel: "divergent", check: checkDivergent, cov4: true},
		{file: "loops.cl", kernel: "loops", check: checkLoops, cov4: true},
		{file: "switch.ll", kernel: "switch", check: checkSwitch},
		{file: "calls.cl", kernel: "calls", check: checkCalls},
		{file: "lds_reduce.cl", kernel: "lds_reduce", check: checkLDSReduce},
		{file: "transpose.cl", kernel: "transpose", check: checkTranspose, cov4: true},
	}
}

func checkDivergent(r *run) {
	const n = 512
	x := genI32s(r.rng, n)
	out := u32s(2 * n)
	r.dispatch(grid1(n), grid1(128), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))))
	c := &checker{t: r.t, what: "divergent"}
	for i, v := range x {
		var res uint32
		switch {
		case v&1 != 0 && v&2 != 0:
			res = v * 3
		case v&1 != 0 && v&4 != 0:
			res = v ^ 0xdeadbeef
		case v&1 != 0:
			res = v >> 1
		case v%5 == 0:
			res = 100
		default:
			res = ^v
		}
		w := v&1023 + 1
		var acc uint32
		for step := uint32(0); step < 200; step++ {
			if w == 1 {
				break
			}
			if w&1 != 0 {
				w = 3*w + 1
			} else {
				w >>= 1
			}
			if w%7 == 0 {
				continue
			}
			acc += w ^ step
		}
		c.eq32(fmt.Sprintf("element %d (a=%#x) branches", i, v), getU32(out, 2*i), res)
		c.eq32(fmt.Sprintf("element %d (a=%#x) loop", i, v), getU32(out, 2*i+1), acc)
	}
}

func checkLoops(r *run) {
	const n = 256
	const bound = 9
	x := genI32s(r.rng, n)
	out := u32s(n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))), sim.U32Arg(bound))
	c := &checker{t: r.t, what: "loops"}
	for i, v := range x {
		want := uint32(0xffffffff)
		if v%13 != 12 {
			var s uint32
			for j := uint32(0); j < bound; j++ {
				for k := uint32(0); k <= j+v&7; k++ {
					s += j*k ^ v
				}
			}
			for s > 1000 {
				s = s/3 + s&5
			}
			want = s
		}
		c.eq32(fmt.Sprintf("element %d (a=%#x)", i, v), getU32(out, i), want)
	}
}

func checkSwitch(r *run) {
	const n = 256
	x := genI32s(r.rng, n)
	out := u32s(n)
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))))
	c := &checker{t: r.t, what: "switch"}
	for i, v := range x {
		var want uint32
		switch v % 6 {
		case 0:
			want = v*3 + 1
		case 1:
			want = v ^ 23130
		case 2:
			for j := uint32(0); j <= v&31; j++ {
				want += j
			}
		case 3:
			want = v >> 3
		default:
			want = ^v
		}
		c.eq32(fmt.Sprintf("element %d (a=%#x)", i, v), getU32(out, i), want)
	}
}

func checkCalls(r *run) {
	const n = 128
	x := genI32s(r.rng, n)
	out := u32s(3 * n)
	// LLVM 19 describes the kernel with its non-recursive frame size only
	// (uses_dynamic_stack is false although fib recurses): give it a
	// stack the way a runtime's stack-size limit would.
	err := r.tryDispatch(sim.KernelDispatch{GridSize: grid1(n), WorkgroupSize: grid1(64), MinPrivateBytes: 4096,
		Args: []sim.Arg{sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x)))}})
	if err != nil {
		r.t.Fatal(err)
	}
	var fib func(uint32) uint32
	fib = func(k uint32) uint32 {
		if k < 2 {
			return k
		}
		return fib(k-1) + fib(k-2)
	}
	c := &checker{t: r.t, what: "calls"}
	for i, v := range x {
		var t [8]uint32
		for j := range t {
			t[j] = v*uint32(j) + 1
		}
		sum := t[v&7]
		for _, e := range t {
			sum += e
		}
		c.eq32(fmt.Sprintf("element %d (a=%#x) poly", i, v), getU32(out, 3*i), (v*5+3)*v+7)
		c.eq32(fmt.Sprintf("element %d (a=%#x) fill", i, v), getU32(out, 3*i+1), sum)
		c.eq32(fmt.Sprintf("element %d (a=%#x) fib", i, v), getU32(out, 3*i+2), fib(v%12))
	}
}

func checkLDSReduce(r *run) {
	const groups, n = 4, 256
	x := make([]uint32, groups*n)
	f := make([]float32, groups*n)
	for i := range x {
		x[i] = genI32(r.rng)
		f[i] = genFinite32(r.rng)
	}
	isum, fsum, imax := u32s(groups), u32s(groups), u32s(groups)
	r.dispatch(grid1(groups*n), grid1(n), sim.PointerArg(r.buf("isum", isum)), sim.PointerArg(r.buf("fsum", fsum)),
		sim.PointerArg(r.buf("imax", imax)), sim.PointerArg(r.buf("a", u32buf(x))), sim.PointerArg(r.buf("f", f32buf(f))))
	c := &checker{t: r.t, what: "lds_reduce"}
	for g := 0; g < groups; g++ {
		var sum uint32
		mx := int32(-1 << 31)
		tree := append([]float32(nil), f[g*n:(g+1)*n]...)
		for _, v := range x[g*n : (g+1)*n] {
			sum += v
			mx = max(mx, int32(v))
		}
		// the kernel's tree: element i += element i+s for s = 128, 64, ..., 1
		for s := n / 2; s > 0; s /= 2 {
			for i := 0; i < s; i++ {
				tree[i] = float32(tree[i] + tree[i+s])
			}
		}
		c.eq32(fmt.Sprintf("group %d integer sum", g), getU32(isum, g), sum)
		c.eq32(fmt.Sprintf("group %d max", g), getU32(imax, g), uint32(mx))
		if got := getF32(fsum, g); !same32(got, tree[0]) {
			c.errorf("group %d float tree sum = %#x, want %#x", g, f32bits(got), f32bits(tree[0]))
		}
	}
}

func checkTranspose(r *run) {
	const rows, cols = 37, 21
	in := u32s(rows * cols)
	for i := 0; i < rows*cols; i++ {
		putU32(in, i, uint32(i)*2654435761)
	}
	out := fill(u32s(rows*cols), sentinel)
	r.dispatch([3]uint32{cols, rows, 1}, [3]uint32{16, 16, 1}, sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("in", in)),
		sim.U32Arg(rows), sim.U32Arg(cols))
	want := fill(u32s(rows*cols), sentinel)
	for gy := 0; gy*16 < rows; gy++ {
		for gx := 0; gx*16 < cols; gx++ {
			bx, by := gx*16, gy*16
			wx, wy := min(16, cols-bx), min(16, rows-by) // this workgroup's size
			// work-item (tx, ty) writes out[bx+ty][by+tx] = in[by+tx][bx+ty]
			// when it exists, its tile element was loaded, and it is in range
			for ty := 0; ty < wy; ty++ {
				for tx := 0; tx < wx; tx++ {
					if tx < wy && ty < wx {
						putU32(want, (bx+ty)*rows+by+tx, getU32(in, (by+tx)*cols+bx+ty))
					}
				}
			}
		}
	}
	c := &checker{t: r.t, what: "transpose"}
	for i := 0; i < rows*cols; i++ {
		c.eq32(fmt.Sprintf("out[%d][%d]", i/rows, i%rows), getU32(out, i), getU32(want, i))
	}
}
