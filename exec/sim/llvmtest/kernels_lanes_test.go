package llvmtest

import (
	"fmt"

	"zincc/exec/sim"
)

// Cross-lane kernels: readlane, readfirstlane, writelane, mbcnt, ballot,
// DPP, ds_swizzle, ds_(b)permute, permlane16/x16/64, wave reductions. The
// references follow the operations' definitions (the RDNA4 ISA, the ISA
// sheet §5.4): DPP16 rows of 16 lanes, banks of 4 lanes within a row,
// swizzle groups of 32 lanes.

func laneKernels() []kernelCase {
	return []kernelCase{
		{file: "lanes.ll", kernel: "lanes", check: checkLanes},
		{file: "dpp.ll", kernel: "dpp", check: checkDPP},
		{file: "swizzle.ll", kernel: "swizzle", check: checkSwizzle},
		{file: "permlane.ll", kernel: "permlane", check: checkPermlane},
		{file: "permlane64.ll", kernel: "permlane64", waves: []int{64}, check: checkPermlane64},
		{file: "wave_reduce.ll", kernel: "wave_reduce", check: checkWaveReduce},
		{file: "wave_reduce_cl.cl", kernel: "wave_reduce_cl", check: checkWaveReduceCL},
	}
}

// laneInputs returns one wave of random values (mixing small and large).
func (r *run) laneInputs() []uint32 {
	x := make([]uint32, r.wave())
	for i := range x {
		x[i] = r.rng.Uint32()
		if i%3 == 0 {
			x[i] = uint32(r.rng.Intn(300))
		}
	}
	return x
}

func u32buf(v []uint32) []byte {
	b := u32s(len(v))
	for i, x := range v {
		putU32(b, i, x)
	}
	return b
}

func checkLanes(r *run) {
	w := int(r.wave())
	x := r.laneInputs()
	const s = 19
	out := u32s(8 * w)
	r.dispatch(grid1(uint32(w)), grid1(uint32(w)), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))), sim.U32Arg(s))
	first := -1
	var ballot uint64
	for l := 0; l < w; l++ {
		if x[l]&1 != 0 && first < 0 {
			first = l
		}
		if x[l] > 100 {
			ballot |= 1 << l
		}
	}
	c := &checker{t: r.t, what: "lanes"}
	for l := 0; l < w; l++ {
		r2 := uint32(0)
		if x[l]&1 != 0 {
			r2 = x[first] // the first active lane of the branch
		}
		r3 := x[l]
		if l == 7 {
			r3 = 1234
		}
		want := []uint32{x[5], x[s], r2, r3, uint32(l), uint32(ballot), uint32(ballot >> 32), x[1]}
		for k, v := range want {
			c.eq32(fmt.Sprintf("lane %d result %d", l, k), getU32(out, 8*l+k), v)
		}
	}
}

// dpp16 is update.dpp(old, src, ctrl, rowMask, bankMask, boundCtrl) for
// lane l of a wave whose active lanes are active: the source lane ctrl
// selects within l's row of 16; a lane whose row or bank is masked off
// keeps old; an invalid or inactive source gives 0 with bound_ctrl, else
// old.
func dpp16(src []uint32, active func(int) bool, l int, old uint32, ctrl, rowMask, bankMask uint32, bc bool) uint32 {
	row, r := l/16, l%16
	if rowMask>>(row%4)&1 == 0 || bankMask>>(r/4)&1 == 0 {
		return old
	}
	s := -1
	n := int(ctrl & 15)
	switch {
	case ctrl <= 0xff:
		s = l&^3 | int(ctrl>>(2*(l&3))&3)
	case ctrl >= 0x101 && ctrl <= 0x10f: // row_shl
		if r+n <= 15 {
			s = l + n
		}
	case ctrl >= 0x111 && ctrl <= 0x11f: // row_shr
		if r >= n {
			s = l - n
		}
	case ctrl >= 0x121 && ctrl <= 0x12f: // row_ror
		s = row*16 + (r-n+16)%16
	case ctrl == 0x140:
		s = row*16 + 15 - r
	case ctrl == 0x141:
		s = row*16 + (r & 8) + 7 - (r & 7)
	case ctrl >= 0x150 && ctrl <= 0x15f:
		s = row*16 + n
	case ctrl >= 0x160 && ctrl <= 0x16f:
		s = row*16 + (r ^ n)
	}
	if s < 0 || !active(s) {
		if bc {
			return 0
		}
		return old
	}
	return src[s]
}

func checkDPP(r *run) {
	w := int(r.wave())
	x := r.laneInputs()
	out := u32s(16 * w)
	r.dispatch(grid1(uint32(w)), grid1(uint32(w)), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))))
	all := func(int) bool { return true }
	branch := func(l int) bool { return l%3 != 0 }
	c := &checker{t: r.t, what: "dpp"}
	for l := 0; l < w; l++ {
		want := []uint32{
			dpp16(x, all, l, 0, 0xb1, 15, 15, false),
			dpp16(x, all, l, 7777, 0x101, 15, 15, false),
			dpp16(x, all, l, 0, 0x113, 15, 15, true),
			dpp16(x, all, l, 0, 0x125, 15, 15, false),
			dpp16(x, all, l, 0, 0x140, 15, 15, false),
			dpp16(x, all, l, 0, 0x141, 15, 15, false),
			dpp16(x, all, l, 0, 0x153, 15, 15, false),
			dpp16(x, all, l, 0, 0x165, 15, 15, false),
			dpp16(x, all, l, 0xffffffff, 0x111, 0xa, 15, false),
			dpp16(x, all, l, x[l], 0x111, 15, 5, false),
			dpp16(x, all, l, 0, 0xff, 15, 15, false),
			12, 12,
			x[(l&^7)|(7-l&7)], // dpp8 [7,6,5,4,3,2,1,0]
			dpp16(x, all, l, 5, 0x10f, 15, 15, false),
			dpp16(x, all, l, 0, 0x15f, 3, 15, false),
		}
		if branch(l) {
			want[11] = dpp16(x, branch, l, 99, 0x111, 15, 15, false)
			want[12] = dpp16(x, branch, l, 99, 0x111, 15, 15, true)
		}
		for k, v := range want {
			c.eq32(fmt.Sprintf("lane %d result %d", l, k), getU32(out, 16*l+k), v)
		}
	}
}

// swizzle is ds_swizzle_b32 with the given offset for lane l: bitmask
// mode within groups of 32 lanes, quad-permute mode within quads.
func swizzle(src []uint32, l int, off uint32) uint32 {
	if off&0x8000 != 0 {
		return src[l&^3|int(off>>(2*(l&3))&3)]
	}
	and, or, xor := int(off&31), int(off>>5&31), int(off>>10&31)
	i := l & 31
	return src[(l&^31)|(((i&and)|or)^xor)]
}

func checkSwizzle(r *run) {
	w := int(r.wave())
	x := r.laneInputs()
	addr := make([]uint32, w)
	for l := range addr {
		addr[l] = uint32(r.rng.Intn(w)) * 4
	}
	out := u32s(8 * w)
	r.dispatch(grid1(uint32(w)), grid1(uint32(w)), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))),
		sim.PointerArg(r.buf("b", u32buf(addr))), sim.U32Arg(uint32(w)))
	c := &checker{t: r.t, what: "swizzle"}
	for l := 0; l < w; l++ {
		want := []uint32{
			swizzle(x, l, 0x041f), swizzle(x, l, 0x1c1f), swizzle(x, l, 0x005c), swizzle(x, l, 0x0df0), swizzle(x, l, 0x801b),
			x[(l*7+3)%w], // bpermute: pull from lane (l*7+3) mod W
			x[(l-5+w)%w], // permute: lane l+5 received lane l's value
			x[addr[l]/4%uint32(w)],
		}
		for k, v := range want {
			c.eq32(fmt.Sprintf("lane %d result %d", l, k), getU32(out, 8*l+k), v)
		}
	}
}

func checkPermlane(r *run) {
	w := int(r.wave())
	x := r.laneInputs()
	s0, s1 := r.rng.Uint32(), r.rng.Uint32()
	out := u32s(2 * w)
	r.dispatch(grid1(uint32(w)), grid1(uint32(w)), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))), sim.U32Arg(s0), sim.U32Arg(s1))
	sel := uint64(s1)<<32 | uint64(s0)
	c := &checker{t: r.t, what: fmt.Sprintf("permlane(s0=%#x s1=%#x)", s0, s1)}
	for l := 0; l < w; l++ {
		row := l / 16
		n := int(sel >> (4 * (l % 16)) & 15)
		c.eq32(fmt.Sprintf("lane %d permlane16", l), getU32(out, 2*l), x[row*16+n])
		c.eq32(fmt.Sprintf("lane %d permlanex16", l), getU32(out, 2*l+1), x[(row^1)*16+n])
	}
}

func checkPermlane64(r *run) {
	x := r.laneInputs()
	out := u32s(2 * 64)
	r.dispatch(grid1(64), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))))
	var sum uint32
	for _, v := range x {
		sum += v
	}
	c := &checker{t: r.t, what: "permlane64"}
	for l := 0; l < 64; l++ {
		c.eq32(fmt.Sprintf("lane %d permlane64", l), getU32(out, 2*l), x[l^32])
		c.eq32(fmt.Sprintf("lane %d wave sum", l), getU32(out, 2*l+1), sum)
	}
}

func checkWaveReduce(r *run) {
	w := int(r.wave())
	x := r.laneInputs()
	out := u32s(4 * w)
	r.dispatch(grid1(uint32(w)), grid1(uint32(w)), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))))
	mn, mx, all := ^uint32(0), uint32(0), uint32(0)
	odd := 0
	for _, v := range x {
		all = max(all, v)
		if v&1 != 0 {
			mn, mx = min(mn, v), max(mx, v)
			odd++
		}
	}
	c := &checker{t: r.t, what: "wave_reduce"}
	for l := 0; l < w; l++ {
		w0, w1 := uint32(0), uint32(0)
		if x[l]&1 != 0 {
			w0, w1 = mn, mx
		}
		for k, v := range []uint32{w0, w1, all, uint32(odd)} {
			c.eq32(fmt.Sprintf("lane %d result %d", l, k), getU32(out, 4*l+k), v)
		}
	}
}

func checkWaveReduceCL(r *run) {
	w := int(r.wave())
	const groups = 4
	x := make([]uint32, groups*w)
	for i := range x {
		x[i] = r.rng.Uint32() >> 8
		if i%5 == 0 {
			x[i] = uint32(r.rng.Intn(10))
		}
	}
	out := u32s(4 * len(x))
	r.dispatch(grid1(uint32(len(x))), grid1(uint32(w)), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", u32buf(x))), sim.U32Arg(uint32(w)))
	c := &checker{t: r.t, what: "wave_reduce_cl"}
	for g := 0; g < groups; g++ {
		wave := x[g*w : (g+1)*w]
		var sum, mx uint32
		for _, v := range wave {
			sum += v
			mx = max(mx, v)
		}
		first := -1
		for l, v := range wave {
			if v == mx && first < 0 {
				first = l
			}
		}
		var prefix uint32
		for l := 0; l < w; l++ {
			prefix += wave[l]
			i := g*w + l
			for k, v := range []uint32{sum, prefix, mx, wave[first]} {
				c.eq32(fmt.Sprintf("group %d lane %d result %d", g, l, k), getU32(out, 4*i+k), v)
			}
		}
	}
}
