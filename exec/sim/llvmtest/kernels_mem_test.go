package llvmtest

import (
	"bytes"
	"fmt"
	"math"
	"sort"

	"zincc/exec/sim"
)

// Memory kernels: global loads and stores of every width (unaligned too),
// LDS, global and LDS atomics, private (scratch) memory, generic (flat)
// pointers, and what a kernel reads about its own dispatch.

func memKernels() []kernelCase {
	return []kernelCase{
		{file: "loadstore.ll", kernel: "loadstore", check: checkLoadStore},
		{file: "lds_widths.ll", kernel: "lds_widths", check: checkLDSWidths},
		{file: "atomics.ll", kernel: "atomics", check: checkAtomics},
		{file: "release_acquire.ll", kernel: "release_acquire", check: checkReleaseAcquire},
		{file: "lds_atomics.cl", kernel: "lds_atomics", check: checkLDSAtomics},
		{file: "private.cl", kernel: "private_mem", check: checkPrivate},
		{file: "generic.cl", kernel: "generic_ptr", check: checkGeneric},
		{file: "dispatch.ll", kernel: "dispatch", check: checkDispatch},
	}
}

const sentinel = 0xa5

func checkLoadStore(r *run) {
	const n = 64
	in := make([]byte, 1024)
	r.rng.Read(in)
	offs := u32s(n)
	for i := 0; i < n; i++ {
		putU32(offs, i, uint32(r.rng.Intn(len(in)-64)))
	}
	out := fill(make([]byte, 64*n), sentinel)
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("in", in)), sim.PointerArg(r.buf("offs", offs)))
	c := &checker{t: r.t, what: "loadstore"}
	for i := 0; i < n; i++ {
		off := int(getU32(offs, i))
		want := fill(make([]byte, 64), sentinel)
		copy(want[0:43], in[off:off+43]) // i8, i16, i32, i64, <3 x i32>, <4 x i32> at matching offsets
		putU32(want, 11, uint32(int32(int8(in[off+5]))))
		a2 := off&^1 + 2
		putU32(want, 12, uint32(int32(int16(uint16(in[a2])|uint16(in[a2+1])<<8))))
		a8 := off&^7 + 8
		copy(want[56:64], in[a8:a8+8])
		if got := out[64*i : 64*i+64]; !bytes.Equal(got, want) {
			c.errorf("lane %d (offset %d):\n got % x\nwant % x", i, off, got, want)
		}
	}
}

func checkLDSWidths(r *run) {
	const n = 64
	in := make([]byte, 32*n)
	r.rng.Read(in)
	out := fill(make([]byte, 32*n), sentinel)
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("in", in)))
	c := &checker{t: r.t, what: "lds_widths"}
	for i := 0; i < n; i++ {
		src := in[32*((i+1)%n):]
		want := make([]byte, 32)
		copy(want, src[:32])
		want[7] = sentinel // between the i32 at 3 and the i64 at 8
		if got := out[32*i : 32*i+32]; !bytes.Equal(got, want) {
			c.errorf("lane %d:\n got % x\nwant % x", i, got, want)
		}
	}
}

func checkAtomics(r *run) {
	const n = 256
	x := make([]uint32, n)
	for i := range x {
		x[i] = uint32(r.rng.Intn(1000))
	}
	cnt := u32s(24)
	putU32(cnt, 3, 0xffffffff)
	putU32(cnt, 7, 0xffffffff)
	fl := u32s(2)
	putF32(fl, 1, float32(math.Inf(-1)))
	wide := make([]byte, 8)
	ret := u32s(4 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("c", cnt)), sim.PointerArg(r.buf("f", fl)), sim.PointerArg(r.buf("w", wide)),
		sim.PointerArg(r.buf("a", u32buf(x))), sim.PointerArg(r.buf("r", ret)))
	c := &checker{t: r.t, what: "atomics"}
	var sum, or, xor, mn uint32 = 0, 0, 0, ^uint32(0)
	var mx int32 = 0 // c[6] starts at 0
	var fmx float32 = float32(math.Inf(-1))
	for _, v := range x {
		sum += v
		or |= 1 << (v & 31)
		xor ^= v
		mx = max(mx, int32(v)-500)
		mn = min(mn, v+7)
		fmx = max(fmx, float32(v))
	}
	c.eq32("c[0] (+1 each)", getU32(cnt, 0), n)
	c.eq32("c[1] (+x)", getU32(cnt, 1), sum)
	c.eq32("c[2] (-x)", getU32(cnt, 2), -sum)
	c.eq32("c[3] (and ~bit)", getU32(cnt, 3), 0)
	c.eq32("c[4] (or bit)", getU32(cnt, 4), or)
	c.eq32("c[5] (xor)", getU32(cnt, 5), xor)
	c.eq32("c[6] (smax)", getU32(cnt, 6), uint32(mx))
	c.eq32("c[7] (umin)", getU32(cnt, 7), mn)
	c.eq32("c[9] (cmpxchg +3)", getU32(cnt, 9), 3*n)
	c.eq32("c[10] (uinc_wrap 10)", getU32(cnt, 10), n%11)
	for k := 0; k < 8; k++ {
		c.eq32(fmt.Sprintf("c[%d] (+1 per lane with i&7 == %d)", 16+k, k), getU32(cnt, 16+k), n/8)
	}
	c.eq32("f[0] (fadd)", math.Float32bits(getF32(fl, 0)), math.Float32bits(float32(sum)))
	c.eq32("f[1] (fmax)", math.Float32bits(getF32(fl, 1)), math.Float32bits(fmx))
	c.eq64("w[0] (i64 add)", getU64(wide, 0), uint64(sum)<<32+n)
	// Returned values: a valid serialisation of the updates.
	seq := func(name string, get func(i int) uint32, want []uint32) {
		got := make([]uint32, n)
		for i := range got {
			got[i] = get(i)
		}
		sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
		sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
		for i := range got {
			if got[i] != want[i] {
				c.errorf("%s: the returned old values are not a serialisation (sorted position %d: %d, want %d)", name, i, got[i], want[i])
				return
			}
		}
	}
	counter := make([]uint32, n)
	cas := make([]uint32, n)
	for i := range counter {
		counter[i], cas[i] = uint32(i), uint32(3*i)
	}
	seq("c[0] += 1", func(i int) uint32 { return getU32(ret, 4*i) }, counter)
	seq("c[9] cmpxchg loop", func(i int) uint32 { return getU32(ret, 4*i+3) }, cas)
	// c[1] += x: ordered by returned value, each old value is the previous
	// one plus the previous lane's x.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return getU32(ret, 4*order[a]+1) < getU32(ret, 4*order[b]+1) })
	acc := uint32(0)
	for _, i := range order {
		if got := getU32(ret, 4*i+1); got != acc {
			c.errorf("c[1] += x: lane %d saw %d; no order of the additions gives it (expected %d next)", i, got, acc)
			break
		}
		acc += x[i]
	}
	// xchg: the old values and the final value are the initial 0 and the
	// x values, as multisets.
	olds := []uint32{getU32(cnt, 8)}
	for i := 0; i < n; i++ {
		olds = append(olds, getU32(ret, 4*i+2))
	}
	seq2 := append([]uint32{0}, x...)
	sort.Slice(olds, func(i, j int) bool { return olds[i] < olds[j] })
	sort.Slice(seq2, func(i, j int) bool { return seq2[i] < seq2[j] })
	for i := range olds {
		if olds[i] != seq2[i] {
			c.errorf("xchg: the old values and the final value are not the initial value and the stored ones")
			break
		}
	}
}

func checkLDSAtomics(r *run) {
	const groups, n = 2, 256
	x := make([]uint32, groups*n)
	for i := range x {
		x[i] = r.rng.Uint32()
		if i%2 == 0 {
			x[i] = uint32(r.rng.Intn(64))
		}
	}
	res, old := u32s(16*groups), u32s(groups*n)
	r.dispatch(grid1(groups*n), grid1(n), sim.PointerArg(r.buf("res", res)), sim.PointerArg(r.buf("old", old)), sim.PointerArg(r.buf("a", u32buf(x))))
	c := &checker{t: r.t, what: "lds_atomics"}
	for g := 0; g < groups; g++ {
		xs := x[g*n : (g+1)*n]
		var sum, mx, or, xor uint32
		mn := ^uint32(0)
		var slots [8]uint32
		for _, v := range xs {
			sum += v
			mx, mn = max(mx, v), min(mn, v)
			or |= 1 << (v & 31)
			xor ^= v
			slots[v&7]++
		}
		want := []uint32{n, sum, mx, mn, or, xor, 0, 0}
		for k, v := range want {
			if k == 6 {
				continue
			}
			c.eq32(fmt.Sprintf("group %d s[%d]", g, k), getU32(res, 16*g+k), v)
		}
		found := false
		for _, v := range xs {
			found = found || getU32(res, 16*g+6) == v
		}
		if !found {
			c.errorf("group %d s[6] = %#x is none of the exchanged values", g, getU32(res, 16*g+6))
		}
		for k := 0; k < 8; k++ {
			c.eq32(fmt.Sprintf("group %d s[%d] (cmpxchg counters)", g, 8+k), getU32(res, 16*g+8+k), slots[k])
		}
		seen := make([]bool, n)
		for i := 0; i < n; i++ {
			v := getU32(old, g*n+i)
			if v >= n || seen[v] {
				c.errorf("group %d: the values ds_add returned are not 0..%d once each (lane %d got %d)", g, n-1, i, v)
				break
			}
			seen[v] = true
		}
	}
}

func checkPrivate(r *run) {
	const n = 128
	in := u32s(12 * n)
	for i := 0; i < 12*n; i++ {
		putU32(in, i, genI32(r.rng))
	}
	out := u32s(16 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", in)))
	c := &checker{t: r.t, what: "private"}
	for i := 0; i < n; i++ {
		v := make([]uint32, 12)
		for j := range v {
			v[j] = getU32(in, 12*i+j)
		}
		var hist [16]uint32
		for j, x := range v {
			hist[x&15] += uint32(j) + 1
		}
		h := hist[v[0]>>3&15]
		fields := []uint32{v[1] ^ v[2], v[3] + 1, v[4] & 0xffff}
		sorted := append([]uint32(nil), v...)
		sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
		want := append(sorted, h)
		want = append(want, fields...)
		for k, w := range want {
			c.eq32(fmt.Sprintf("work-item %d result %d", i, k), getU32(out, 16*i+k), w)
		}
	}
}

func checkGeneric(r *run) {
	const n = 256
	x := make([]uint32, n)
	for i := range x {
		x[i] = r.rng.Uint32() >> 4
	}
	out, g := u32s(2*n), fill(u32s(n), sentinel)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("g", g)), sim.PointerArg(r.buf("a", u32buf(x))))
	c := &checker{t: r.t, what: "generic"}
	for i := 0; i < n; i++ {
		lid := uint32(i % 64)
		t0 := 1000 + lid
		updated := t0*3 + x[i]
		sel := x[i] % 3
		c.eq32(fmt.Sprintf("work-item %d (x %% 3 = %d) value", i, sel), getU32(out, 2*i), updated)
		// A private array may be promoted to LDS by the optimiser
		// (AMDGPUPromoteAlloca), which is_private/is_shared then report.
		if got := getU32(out, 2*i+1); got != sel && !(sel == 2 && got == 1 && r.v.opt > 0) {
			c.errorf("work-item %d address space = %d, want %d", i, got, sel)
		}
		wantG := t0
		if sel == 0 {
			wantG = updated
		}
		c.eq32(fmt.Sprintf("g[%d]", i), getU32(g, i), wantG)
	}
}

func checkDispatch(r *run) {
	grid := [3]uint32{5, 6, 3}
	block := [3]uint32{4, 2, 2}
	const tag = 0x7a6b5c4d
	const dispatchID = 0x0123456789abcdef
	total := int(grid[0] * grid[1] * grid[2])
	out := fill(u32s(32*total), sentinel)
	err := r.tryDispatch(sim.KernelDispatch{GridSize: grid, WorkgroupSize: block, DispatchID: dispatchID,
		Args: []sim.Arg{sim.PointerArg(r.buf("out", out)), sim.U32Arg(tag)}})
	if err != nil {
		r.t.Fatal(err)
	}
	k, _ := r.co.Kernel("dispatch")
	priv := k.PrivateSegmentSize
	if k.UsesDynamicStack {
		priv += sim.DefaultDynamicStackBytes
	}
	c := &checker{t: r.t, what: "dispatch"}
	for gz := uint32(0); gz < grid[2]; gz++ {
		for gy := uint32(0); gy < grid[1]; gy++ {
			for gx := uint32(0); gx < grid[0]; gx++ {
				g := int(gz*grid[0]*grid[1] + gy*grid[0] + gx)
				want := []uint32{gx / block[0], gy / block[1], gz / block[2], gx % block[0], gy % block[1], gz % block[2],
					block[0], block[1], block[2], grid[0], grid[1], grid[2], priv, k.GroupSegmentSize,
					2, 3, 2, // block counts: ceil(5/4), ceil(6/2), ceil(3/2)
					block[0], block[1], block[2], 1, 0, 1, // remainders: 5%4, 6%2, 3%2
					3, dispatchID & 0xffffffff, dispatchID >> 32, 0, 1, 1,
					2 | 1<<8 | 2<<9 | 2<<11, 3, tag}
				for f, w := range want {
					c.eq32(fmt.Sprintf("work-item (%d,%d,%d) field %d", gx, gy, gz, f), getU32(out, 32*g+f), w)
				}
			}
		}
	}
}

// checkReleaseAcquire: the last workgroup to arrive sums what every
// workgroup stored, and the run must pass the race checker, which
// orders those reads only through the release and acquire sequences
// llc emits (exec/sim/sync.go).
func checkReleaseAcquire(r *run) {
	const groups = 5
	a := make([]uint32, 64*groups)
	for i := range a {
		a[i] = uint32(r.rng.Intn(1 << 20))
	}
	cnt, d, s := u32s(1), u32s(64*groups), fill(make([]byte, 4*64), sentinel)
	r.dispatch(grid1(64*groups), grid1(64), sim.PointerArg(r.buf("c", cnt)), sim.PointerArg(r.buf("d", d)),
		sim.PointerArg(r.buf("a", u32buf(a))), sim.PointerArg(r.buf("s", s)), sim.U32Arg(groups))
	c := &checker{t: r.t, what: "release_acquire"}
	if got := getU32(cnt, 0); got != 0 {
		c.errorf("counter left at %d", got)
	}
	for t := 0; t < 64; t++ {
		var want uint32
		for g := 0; g < groups; g++ {
			want += 3*a[64*g+t] + 1
		}
		if got := getU32(s, t); got != want {
			c.errorf("s[%d] = %d, want %d", t, got, want)
		}
	}
}
