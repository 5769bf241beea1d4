package sim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
)

// Memory tests: global loads, stores and atomics on a 64 KiB buffer at
// testMemVA (its address in s[4:5]), LDS through store / operate / load
// sequences, and scalar loads. The reference replays each instruction
// lane by lane, in lane order, on its own copy of memory.

func randMem(rng *rand.Rand) []byte {
	b := make([]byte, testMemSz)
	rng.Read(b)
	return b
}

func le(b []byte, n int) uint64 {
	var v uint64
	for i := n - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func putle(b []byte, n int, v uint64) {
	for i := 0; i < n; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func sext(v uint64, bits int) uint64 {
	sh := 64 - bits
	return uint64(int64(v<<sh) >> sh)
}

// testAtomic is the test's own statement of each read-modify-write.
func testAtomic(name string, width int) func(old, d, d2 uint64) uint64 {
	mask := uint64(m32)
	sx := func(v uint64) int64 { return int64(int32(v)) }
	if width == 64 {
		mask = ^uint64(0)
		sx = func(v uint64) int64 { return int64(v) }
	}
	f16add := func(a, b uint64) uint64 { return uint64(tround16(tf16(uint32(a))+tf16(uint32(b)), false)) }
	bfadd := func(a, b uint64) uint64 {
		s := float64(tf32(uint32(a)<<16)) + float64(tf32(uint32(b)<<16))
		if math.IsNaN(s) {
			return 0x7fc0
		}
		r := new(big.Float).SetMode(big.ToNearestEven).SetPrec(8).SetFloat64(s)
		f, _ := r.Float32()
		return uint64(tb32(f) >> 16)
	}
	var f func(o, d, d2 uint64) uint64
	switch name {
	case "add":
		f = func(o, d, _ uint64) uint64 { return o + d }
	case "sub":
		f = func(o, d, _ uint64) uint64 { return o - d }
	case "rsub":
		f = func(o, d, _ uint64) uint64 { return d - o }
	case "inc":
		f = func(o, d, _ uint64) uint64 {
			if o >= d {
				return 0
			}
			return o + 1
		}
	case "dec":
		f = func(o, d, _ uint64) uint64 {
			if o == 0 || o > d {
				return d
			}
			return o - 1
		}
	case "min_i":
		f = func(o, d, _ uint64) uint64 {
			if sx(d) < sx(o) {
				return d
			}
			return o
		}
	case "max_i":
		f = func(o, d, _ uint64) uint64 {
			if sx(d) > sx(o) {
				return d
			}
			return o
		}
	case "min_u":
		f = func(o, d, _ uint64) uint64 { return min(o, d) }
	case "max_u":
		f = func(o, d, _ uint64) uint64 { return max(o, d) }
	case "and":
		f = func(o, d, _ uint64) uint64 { return o & d }
	case "or":
		f = func(o, d, _ uint64) uint64 { return o | d }
	case "xor":
		f = func(o, d, _ uint64) uint64 { return o ^ d }
	case "mskor":
		f = func(o, d, d2 uint64) uint64 { return o&^d | d2 }
	case "swap", "storexchg":
		f = func(_, d, _ uint64) uint64 { return d }
	case "cmpswap", "cmpstore":
		f = func(o, d, d2 uint64) uint64 {
			if o == d2 {
				return d
			}
			return o
		}
	case "cond_sub":
		f = func(o, d, _ uint64) uint64 {
			if o >= d {
				return o - d
			}
			return o
		}
	case "sub_clamp":
		f = func(o, d, _ uint64) uint64 {
			if o < d {
				return 0
			}
			return o - d
		}
	case "add_f32":
		f = func(o, d, _ uint64) uint64 { return uint64(tb32(tf32(uint32(o)) + tf32(uint32(d)))) }
	case "min_num_f32":
		f = func(o, d, _ uint64) uint64 { return uint64(tminmax(uint32(d), uint32(o), false, false, false)) }
	case "max_num_f32":
		f = func(o, d, _ uint64) uint64 { return uint64(tminmax(uint32(d), uint32(o), false, true, false)) }
	case "min_num_f64":
		f = func(o, d, _ uint64) uint64 { return tminmax64(d, o, false, false) }
	case "max_num_f64":
		f = func(o, d, _ uint64) uint64 { return tminmax64(d, o, true, false) }
	case "pk_add_f16":
		f = func(o, d, _ uint64) uint64 {
			return f16add(o&0xffff, d&0xffff) | f16add(o>>16&0xffff, d>>16&0xffff)<<16
		}
	case "pk_add_bf16":
		f = func(o, d, _ uint64) uint64 { return bfadd(o&0xffff, d&0xffff) | bfadd(o>>16&0xffff, d>>16&0xffff)<<16 }
	default:
		return nil
	}
	return func(o, d, d2 uint64) uint64 { return f(o&mask, d&mask, d2&mask) & mask }
}

// atomicName splits "min_i32" into ("min_i", 32) etc.
func atomicName(sfx string) (string, int) {
	width := 32
	if strings.HasSuffix(sfx, "64") {
		width = 64
	}
	switch sfx {
	case "add_f32", "min_num_f32", "max_num_f32", "min_num_f64", "max_num_f64", "pk_add_f16", "pk_add_bf16":
		return sfx, width
	}
	i := strings.LastIndexByte(sfx, '_')
	if i < 0 {
		return sfx, width
	}
	name, typ := sfx[:i], sfx[i+1:]
	if name == "min" || name == "max" {
		name += "_" + typ[:1]
	}
	return name, width
}

func memCheck(want []byte) func([]byte) error {
	return func(got []byte) error {
		if bytes.Equal(got, want) {
			return nil
		}
		for i := range got {
			if got[i] != want[i] {
				return fmt.Errorf("byte %#x = %#x, want %#x", i, got[i], want[i])
			}
		}
		return nil
	}
}

// wantLoad expects lane l of v1 on to hold what a load of the bytes b
// reads: the dwords of b, or a sub-dword value zero- or sign-extended into
// the whole register (d16 0) or written to its low (1) or high (2) half.
func (c *scase) wantLoad(l int, b []byte, signed bool, d16 int) {
	if len(b) >= 4 {
		for k := 0; k < len(b)/4; k++ {
			c.want.v[k][l] = binary.LittleEndian.Uint32(b[4*k:])
		}
		return
	}
	v := le(b, len(b))
	if signed {
		v = sext(v, 8*len(b))
	}
	switch d16 {
	case 0:
		c.want.v[0][l] = uint32(v)
	case 1:
		c.want.v[0][l] = c.in.v[0][l]&0xffff0000 | uint32(v)&0xffff
	case 2:
		c.want.v[0][l] = c.in.v[0][l]&0xffff | uint32(v)<<16
	}
}

func globalCases(rng *rand.Rand) []*scase {
	var cases []*scase
	base := func(c *scase) {
		c.in.s[0], c.in.s[1] = lo32(testMemVA), uint32(testMemVA>>32)
		c.want.s[0], c.want.s[1] = c.in.s[0], c.in.s[1]
	}
	// loads
	loads := []struct {
		sfx    string
		n      int
		signed bool
		d16    int
	}{{"u8", 1, false, 0}, {"i8", 1, true, 0}, {"u16", 2, false, 0}, {"i16", 2, true, 0}, {"b32", 4, false, 0}, {"b64", 8, false, 0},
		{"b96", 12, false, 0}, {"b128", 16, false, 0}, {"d16_u8", 1, false, 1}, {"d16_i8", 1, true, 1}, {"d16_b16", 2, false, 1},
		{"d16_hi_u8", 1, false, 2}, {"d16_hi_i8", 1, true, 2}, {"d16_hi_b16", 2, false, 2}}
	for _, ld := range loads {
		for form := 0; form < 2; form++ {
			regs := (ld.n + 3) / 4
			dst := "v1"
			if regs > 1 {
				dst = fmt.Sprintf("v[1:%d]", regs)
			}
			asm := fmt.Sprintf("global_load_%s %s, v5, s[4:5] offset:-8", ld.sfx, dst)
			if form == 1 {
				asm = fmt.Sprintf("global_load_%s %s, v[5:6], off offset:24", ld.sfx, dst)
			}
			c := newCase(asm, asm, form == 1, rng)
			c.mem = randMem(rng)
			base(c)
			off := int64(-8)
			if form == 1 {
				off = 24
			}
			for l := 0; l < 64; l++ {
				a := uint64(8 + rng.Intn(testMemSz-64))
				a &^= uint64(min(ld.n, 4) - 1)
				if form == 0 {
					c.in.v[4][l] = uint32(a)
				} else {
					full := testMemVA + a
					c.in.v[4][l], c.in.v[5][l] = uint32(full), uint32(full>>32)
				}
			}
			c.want = c.in
			for l := 0; l < c.lanes(); l++ {
				if !c.active(l) {
					continue
				}
				a := uint64(int64(c.in.v[4][l]) + off)
				if form == 1 {
					a = uint64(c.in.v[4][l]) | uint64(c.in.v[5][l])<<32
					a = uint64(int64(a) + off - testMemVA)
				}
				c.wantLoad(l, c.mem[a:a+uint64(ld.n)], ld.signed, ld.d16)
			}
			cases = append(cases, c)
		}
	}
	// stores: every lane writes its own slot
	stores := []struct {
		sfx string
		n   int
		hi  bool
	}{{"b8", 1, false}, {"b16", 2, false}, {"b32", 4, false}, {"b64", 8, false}, {"b96", 12, false}, {"b128", 16, false},
		{"d16_hi_b8", 1, true}, {"d16_hi_b16", 2, true}}
	for _, st := range stores {
		regs := (st.n + 3) / 4
		data := "v1"
		if regs > 1 {
			data = fmt.Sprintf("v[1:%d]", regs)
		}
		asm := fmt.Sprintf("global_store_%s v5, %s, s[4:5] offset:100", st.sfx, data)
		c := newCase(asm, asm, st.n%2 == 0, rng)
		c.mem = randMem(rng)
		base(c)
		for l := 0; l < 64; l++ {
			c.in.v[4][l] = uint32(l*32 + 7)
		}
		c.want = c.in
		want := append([]byte(nil), c.mem...)
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			a := int(c.in.v[4][l]) + 100
			for k := 0; k < st.n; k++ {
				w := c.in.v[k/4][l]
				if st.hi {
					w >>= 16
				}
				want[a+k] = byte(w >> (8 * (k % 4)))
			}
		}
		c.wantMem = memCheck(want)
		cases = append(cases, c)
	}
	// atomics, with and without return; lanes collide in groups of 8
	for _, name := range opNames() {
		if !strings.HasPrefix(name, "global_atomic_") {
			continue
		}
		fname, width := atomicName(strings.TrimPrefix(name, "global_atomic_"))
		ref := testAtomic(fname, width)
		if ref == nil {
			continue
		}
		cmp := fname == "cmpswap"
		for _, rtn := range []bool{false, true} {
			dreg := func(r, n int) string {
				if n == 1 {
					return fmt.Sprintf("v%d", r)
				}
				return fmt.Sprintf("v[%d:%d]", r, r+n-1)
			}
			wr := width / 32
			nd := wr
			if cmp {
				nd *= 2
			}
			asm := fmt.Sprintf("%s v5, %s, s[4:5] offset:64", name, dreg(1, nd))
			if rtn {
				asm = fmt.Sprintf("%s %s, v5, %s, s[4:5] offset:64 th:TH_ATOMIC_RETURN", name, dreg(6, wr), dreg(1, nd))
			}
			c := newCase(asm, asm, rtn, rng)
			c.mem = randMem(rng)
			base(c)
			for l := 0; l < 64; l++ {
				c.in.v[4][l] = uint32(l % 8 * 8)
				for k := 0; k < 4; k++ {
					switch {
					case strings.Contains(fname, "f32"):
						c.in.v[k][l] = genF32(rng)
					case strings.Contains(fname, "f16"):
						c.in.v[k][l] = genF16(rng) | genF16(rng)<<16
					case fname == "inc" || fname == "dec":
						c.in.v[k][l] = uint32(rng.Intn(20))
					}
				}
				if cmp && l%2 == 0 {
					// make half of the compares succeed: cmp = current value
					// (filled in below once memory is known)
				}
			}
			want := append([]byte(nil), c.mem...)
			if strings.Contains(fname, "f32") || strings.Contains(fname, "f16") || fname == "inc" || fname == "dec" {
				for a := 64; a < 64+64; a += 4 {
					v := genF32(rng)
					if strings.Contains(fname, "f16") {
						v = genF16(rng) | genF16(rng)<<16
					} else if fname == "inc" || fname == "dec" {
						v = uint32(rng.Intn(20))
					}
					binary.LittleEndian.PutUint32(c.mem[a:], v)
					binary.LittleEndian.PutUint32(want[a:], v)
				}
			}
			c.want = c.in
			for l := 0; l < c.lanes(); l++ {
				if !c.active(l) {
					continue
				}
				a := int(c.in.v[4][l]) + 64
				old := le(want[a:], width/8)
				d := uint64(c.in.v[0][l])
				var d2 uint64
				if width == 64 {
					d |= uint64(c.in.v[1][l]) << 32
				}
				if cmp {
					if width == 64 {
						d2 = uint64(c.in.v[2][l]) | uint64(c.in.v[3][l])<<32
					} else {
						d2 = uint64(c.in.v[1][l])
					}
					if l%2 == 0 {
						d2 = old // this lane's compare succeeds
						if width == 64 {
							c.in.v[2][l], c.in.v[3][l] = uint32(old), uint32(old>>32)
						} else {
							c.in.v[1][l] = uint32(old)
						}
					}
				}
				putle(want[a:], width/8, ref(old, d, d2))
				if rtn {
					c.want.v[5][l] = uint32(old)
					if width == 64 {
						c.want.v[6][l] = uint32(old >> 32)
					}
				}
			}
			// inputs changed for cmpswap: copy them into want
			for l := 0; l < 64; l++ {
				for r := 0; r < 4; r++ {
					if !(rtn && (r == 5 || r == 6)) {
						c.want.v[r][l] = c.in.v[r][l]
					}
				}
			}
			if strings.Contains(fname, "f") {
				// float atomics: NaN payloads are not pinned down
				wantF := want
				c.wantMem = func(got []byte) error {
					for a := 64; a < 128; a += 4 {
						g, w := binary.LittleEndian.Uint32(got[a:]), binary.LittleEndian.Uint32(wantF[a:])
						ok := sameF32(g, w)
						if strings.Contains(fname, "16") {
							ok = sameF16(g, w) && sameF16(g>>16, w>>16)
						}
						if strings.Contains(fname, "bf16") {
							ok = g == w || (g&0x7f80 == 0x7f80 && g&0x7f != 0 && w&0x7f80 == 0x7f80 && w&0x7f != 0) || (g>>16&0x7f80 == 0x7f80 && w>>16&0x7f80 == 0x7f80)
						}
						if !ok {
							return fmt.Errorf("dword %#x = %#x, want %#x", a, g, w)
						}
					}
					return memCheck(wantF)(append(append(append([]byte(nil), got[:64]...), wantF[64:128]...), got[128:]...))
				}
				c.vtol = func(r, _ int, got, want uint32) bool { return sameF32(got, want) || sameF16(got, want) }
			} else {
				c.wantMem = memCheck(want)
			}
			cases = append(cases, c)
		}
	}
	for _, n := range []string{"global_inv", "global_wb", "global_wbinv"} {
		cases = append(cases, newCase(n, n, false, rng))
	}
	return cases
}

// ldsCases test each DS instruction by storing known data, running the
// instruction, and loading the result back.
func ldsCases(rng *rand.Rand) []*scase {
	var cases []*scase
	// plain stores and loads of each width, also 2addr and d16 forms:
	// store v1..v4 at v5 then load into v6.. (v6..v8 visible)
	type ls struct {
		store, load string
		n           int // bytes
	}
	for _, p := range []ls{{"b8", "u8", 1}, {"b8", "i8", 1}, {"b16", "u16", 2}, {"b16", "i16", 2}, {"b32", "b32", 4}, {"b64", "b64", 8}, {"b96", "b96", 12}, {"b128", "b128", 16}} {
		regs := (p.n + 3) / 4
		data := "v1"
		dst := "v5"
		if regs > 1 {
			data = fmt.Sprintf("v[1:%d]", regs)
			dst = fmt.Sprintf("v[5:%d]", 4+regs)
		}
		asm := fmt.Sprintf("ds_store_%s v8, %s offset:12\n  ds_load_%s %s, v8 offset:12", p.store, data, p.load, dst)
		c := newCase(asm, asm, p.n > 4, rng)
		for l := 0; l < 64; l++ {
			c.in.v[7][l] = uint32(l * 16)
		}
		c.want = c.in
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			var v uint64
			if p.n < 4 {
				v = uint64(c.in.v[0][l]) & (1<<(8*p.n) - 1)
				if p.load[0] == 'i' {
					v = sext(v, 8*p.n)
				}
				c.want.v[4][l] = uint32(v)
			} else {
				for k := 0; k < regs; k++ {
					c.want.v[4+k][l] = c.in.v[k][l]
				}
			}
		}
		cases = append(cases, c)
	}
	// d16 loads and stores from the high half
	for _, p := range []struct {
		store, load string
		n           int
		signed, hiS bool
		hiL         int
	}{{"b8_d16_hi", "u8_d16", 1, false, true, 1}, {"b16_d16_hi", "u16_d16_hi", 2, false, true, 2}, {"b8", "i8_d16_hi", 1, true, false, 2},
		{"b8", "i8_d16", 1, true, false, 1}, {"b8", "u8_d16_hi", 1, false, false, 2}, {"b16", "u16_d16", 2, false, false, 1}} {
		asm := fmt.Sprintf("ds_store_%s v8, v1\n  ds_load_%s v5, v8", p.store, p.load)
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 64; l++ {
			c.in.v[7][l] = uint32(l * 4)
		}
		c.want = c.in
		for l := 0; l < 32; l++ {
			if !c.active(l) {
				continue
			}
			x := uint64(c.in.v[0][l])
			if p.hiS {
				x >>= 16
			}
			x &= 1<<(8*p.n) - 1
			if p.signed {
				x = sext(x, 8*p.n)
			}
			if p.hiL == 1 {
				c.want.v[4][l] = c.in.v[4][l]&0xffff0000 | uint32(x)&0xffff
			} else {
				c.want.v[4][l] = c.in.v[4][l]&0xffff | uint32(x)<<16
			}
		}
		cases = append(cases, c)
	}
	// 2addr forms (element bytes n, stride bytes per offset unit): two
	// stores, two loads
	twoAddr := []struct {
		sfx    string
		n      int
		stride int
	}{{"b32", 4, 4}, {"b64", 8, 8}, {"stride64_b32", 4, 256}, {"stride64_b64", 8, 512}}
	twoAddrRegs := func(n int) (regs int, d0, d1, dst string) {
		if n == 8 {
			return 2, "v[1:2]", "v[3:4]", "v[5:8]"
		}
		return 1, "v1", "v2", "v[5:6]"
	}
	for _, p := range twoAddr {
		regs, d0, d1, dst := twoAddrRegs(p.n)
		asm := fmt.Sprintf("ds_store_2addr_%s v8, %s, %s offset0:3 offset1:9\n  ds_load_2addr_%s %s, v8 offset0:3 offset1:9", p.sfx, d0, d1, p.sfx, dst)
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 64; l++ {
			c.in.v[7][l] = uint32(l * 8)
		}
		c.want = c.in
		// Lanes' slots overlap here (stride 8, 4..16-byte elements): replay.
		lds := make([]byte, 64*1024)
		for l := 0; l < 32; l++ {
			if !c.active(l) {
				continue
			}
			a := int(c.in.v[7][l])
			for k := 0; k < regs; k++ {
				binary.LittleEndian.PutUint32(lds[a+3*p.stride+4*k:], c.in.v[k][l])
				binary.LittleEndian.PutUint32(lds[a+9*p.stride+4*k:], c.in.v[regs+k][l])
			}
		}
		for l := 0; l < 32; l++ {
			if !c.active(l) {
				continue
			}
			a := int(c.in.v[7][l])
			for k := 0; k < regs; k++ {
				c.want.v[4+k][l] = binary.LittleEndian.Uint32(lds[a+3*p.stride+4*k:])
				c.want.v[4+regs+k][l] = binary.LittleEndian.Uint32(lds[a+9*p.stride+4*k:])
			}
		}
		cases = append(cases, c)
	}
	// storexchg_2addr: exchange and return
	for _, p := range twoAddr {
		regs, d0, d1, dst := twoAddrRegs(p.n)
		name := "ds_storexchg_2addr_rtn_" + p.sfx
		if sfx, ok := strings.CutPrefix(p.sfx, "stride64_"); ok {
			name = "ds_storexchg_2addr_stride64_rtn_" + sfx
		}
		asm := fmt.Sprintf("%s %s, v8, %s, %s offset0:1 offset1:2", name, dst, d0, d1)
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 64; l++ {
			// slots far enough apart that no two lanes overlap
			c.in.v[7][l] = uint32(l * 2048 % 65536)
		}
		c.want = c.in
		for l := 0; l < 32; l++ {
			if c.active(l) {
				for k := 0; k < 2*regs; k++ {
					c.want.v[4+k][l] = 0 // LDS starts zeroed
				}
			}
		}
		cases = append(cases, c)
	}
	// atomics on LDS: initialise with ds_store_b32/b64, operate (lanes
	// collide in groups of 4), load back
	for _, name := range opNames() {
		if !strings.HasPrefix(name, "ds_") {
			continue
		}
		rest := strings.TrimPrefix(name, "ds_")
		rtn := strings.Contains(rest, "_rtn_")
		rest2 := strings.Replace(rest, "_rtn_", "_", 1)
		if strings.HasPrefix(rest2, "store_") || strings.HasPrefix(rest2, "load_") || strings.Contains(rest2, "2addr") {
			continue
		}
		fname, width := atomicName(rest2)
		ref := testAtomic(fname, width)
		if ref == nil {
			continue
		}
		two := fname == "mskor" || fname == "cmpstore"
		wr := width / 32
		reg := func(r int) string {
			if wr == 1 {
				return fmt.Sprintf("v%d", r)
			}
			return fmt.Sprintf("v[%d:%d]", r, r+1)
		}
		st := "ds_store_b32"
		if width == 64 {
			st = "ds_store_b64"
		}
		// v8: address, v[1..]: data0, v[3..]: data1, v5..: return, v7: init
		init := "v7"
		if width == 64 {
			init = "v[6:7]"
		}
		op := name + " "
		if rtn {
			op += reg(5) + ", "
		}
		op += "v8, " + reg(1)
		if two {
			op += ", " + reg(3)
		}
		ld := "ds_load_b32 v7, v8"
		if width == 64 {
			ld = "ds_load_b64 v[6:7], v8"
		}
		asm := fmt.Sprintf("%s v8, %s\n  %s\n  %s", st, init, op, ld)
		c := newCase(name, asm, width == 64, rng)
		for l := 0; l < 64; l++ {
			c.in.v[7][l] = uint32(l / 4 * 8)
			for k := 0; k < 7; k++ {
				switch {
				case strings.Contains(fname, "f32"):
					c.in.v[k][l] = genF32(rng)
				case strings.Contains(fname, "f64"):
					if k%2 == 0 {
						x := genF64(rng)
						c.in.v[k][l], c.in.v[k+1][l] = uint32(x), uint32(x>>32)
					}
				case strings.Contains(fname, "16"):
					c.in.v[k][l] = genF16(rng) | genF16(rng)<<16
				case fname == "inc" || fname == "dec":
					c.in.v[k][l] = uint32(rng.Intn(10))
					if k%2 == 1 && width == 64 {
						c.in.v[k][l] = 0
					}
				}
			}
			if width == 64 {
				// keep the address in v8 (the f64 generator may have hit it)
				c.in.v[7][l] = uint32(l / 4 * 8)
			}
		}
		if fname == "cmpstore" {
			for l := 0; l < 64; l += 2 {
				// half the lanes compare equal to the initial value
				c.in.v[2][l] = c.in.v[6][l]
				if width == 64 {
					c.in.v[2][l], c.in.v[3][l] = c.in.v[5][l], c.in.v[6][l]
				}
			}
		}
		c.want = c.in
		lds := map[uint32]uint64{}
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			v := uint64(c.in.v[6][l])
			if width == 64 {
				v = uint64(c.in.v[5][l]) | uint64(c.in.v[6][l])<<32
			}
			lds[c.in.v[7][l]] = v
		}
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			a := c.in.v[7][l]
			d0 := uint64(c.in.v[0][l])
			d1 := uint64(c.in.v[2][l])
			if width == 64 {
				d0 |= uint64(c.in.v[1][l]) << 32
				d1 |= uint64(c.in.v[3][l]) << 32
			}
			old := lds[a]
			lds[a] = ref(old, d0, d1)
			if rtn {
				c.want.v[4][l] = uint32(old)
				if width == 64 {
					c.want.v[5][l] = uint32(old >> 32)
				}
			}
		}
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			v := lds[c.in.v[7][l]]
			if width == 64 {
				c.want.v[5][l], c.want.v[6][l] = uint32(v), uint32(v>>32)
			} else {
				c.want.v[6][l] = uint32(v)
			}
		}
		if strings.Contains(fname, "f") {
			c.vtol = func(r, _ int, got, want uint32) bool {
				return sameF32(got, want) || sameF16(got, want) && sameF16(got>>16, want>>16) || r == 5 && width == 64
			}
			if width == 64 {
				c.vcheck = func(l int, got [nHV]uint32) string {
					for _, p := range [][2]int{{4, 5}, {5, 6}} {
						_ = p
					}
					g := uint64(got[5]) | uint64(got[6])<<32
					w := uint64(c.want.v[5][l]) | uint64(c.want.v[6][l])<<32
					if c.active(l) && !same64(g, w) {
						return fmt.Sprintf("LDS value %#x, want %#x", g, w)
					}
					if rtn && c.active(l) {
						g4 := uint64(got[4]) | uint64(got[5])<<32
						_ = g4
					}
					return ""
				}
			}
		}
		cases = append(cases, c)
	}
	// append and consume count active lanes at LDS[offset]
	for _, n := range []string{"ds_append", "ds_consume"} {
		asm := fmt.Sprintf("ds_store_b32 v8, v7\n  %s v5 offset:16\n  %s v6 offset:16", n, n)
		c := newCase(n, asm, false, rng)
		for l := 0; l < 64; l++ {
			c.in.v[7][l] = 16
		}
		c.want = c.in
		k := uint32(0)
		for l := 0; l < 32; l++ {
			if c.active(l) {
				k++
			}
		}
		var init uint32
		for l := 0; l < 32; l++ {
			if c.active(l) {
				init = c.in.v[6][l] // the last active lane's store wins
			}
		}
		step := k
		if n == "ds_consume" {
			step = -k
		}
		for l := 0; l < 32; l++ {
			if c.active(l) {
				c.want.v[4][l] = init
				c.want.v[5][l] = init + step
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// lane-crossing DS operations.
func dsLaneCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, w64 := range []bool{false, true} {
		n := c32or64(w64)
		// bpermute: pull from lane (v2+4)/4
		c := newCase(fmt.Sprintf("ds_bpermute_b32/w%d", n), "ds_bpermute_b32 v1, v2, v3 offset:4", w64, rng)
		for l := 0; l < 64; l++ {
			c.in.v[1][l] = uint32(rng.Intn(256))
		}
		c.want = c.in
		for l := 0; l < n; l++ {
			if !c.active(l) {
				continue
			}
			s := int((c.in.v[1][l]+4)/4) % n
			if c.active(s) {
				c.want.v[0][l] = c.in.v[2][s]
			} else {
				c.want.v[0][l] = 0
			}
		}
		cases = append(cases, c)
		// permute: push to lane (v2)/4; the highest source lane wins
		c = newCase(fmt.Sprintf("ds_permute_b32/w%d", n), "ds_permute_b32 v1, v2, v3", w64, rng)
		for l := 0; l < 64; l++ {
			c.in.v[1][l] = uint32(rng.Intn(512))
		}
		c.want = c.in
		var tmp [64]uint32
		for l := 0; l < n; l++ {
			if c.active(l) {
				tmp[int(c.in.v[1][l]/4)%n] = c.in.v[2][l]
			}
		}
		for l := 0; l < n; l++ {
			if c.active(l) {
				c.want.v[0][l] = tmp[l]
			}
		}
		cases = append(cases, c)
		// swizzle modes
		for _, off := range []uint32{0x401f, 0x041f, 0x00e0, 0x801b, 0x8039, 0xe01f, 0xe003} {
			c = newCase(fmt.Sprintf("ds_swizzle %#x/w%d", off, n), fmt.Sprintf("ds_swizzle_b32 v1, v2 offset:%#x", off), w64, rng)
			c.want = c.in
			for l := 0; l < n; l++ {
				if !c.active(l) {
					continue
				}
				var j int
				switch {
				case off >= 0xe000:
					mask := int(off & 31)
					r := 0
					for b := 0; b < 5; b++ { // reverse the 5 low bits
						r |= (l >> b & 1) << (4 - b)
					}
					ones := 0
					for b := 0; b < 5; b++ {
						ones += mask >> b & 1
					}
					j = r>>ones | l&mask | l&32
				case off&0x8000 != 0:
					j = l&^3 | int(off>>(2*(l&3))&3)
				default:
					and, or, xor := int(off&31), int(off>>5&31), int(off>>10&31)
					j = l&32 | (l&and | or) ^ xor
				}
				if j < n && c.active(j) {
					c.want.v[0][l] = c.in.v[1][j]
				} else {
					c.want.v[0][l] = 0
				}
			}
			cases = append(cases, c)
		}
	}
	// rotate mode is refused by name
	c := newCase("ds_swizzle rotate", "ds_swizzle_b32 v1, v2 offset:0xc400", false, rng)
	c.wantErr = "rotate mode"
	cases = append(cases, c)
	return cases
}

func smemCases(rng *rand.Rand) []*scase {
	var cases []*scase
	type sl struct {
		name   string
		dst    string
		first  int // index of the first destination in s4..s19
		n      int // bytes
		signed bool
	}
	list := []sl{{"s_load_b32", "s16", 12, 4, false}, {"s_load_b64", "s[16:17]", 12, 8, false}, {"s_load_b96", "s[12:14]", 8, 12, false},
		{"s_load_b128", "s[16:19]", 12, 16, false}, {"s_load_b256", "s[8:15]", 4, 32, false}, {"s_load_b512", "s[4:19]", 0, 64, false},
		{"s_load_i8", "s16", 12, 1, true}, {"s_load_u8", "s16", 12, 1, false}, {"s_load_i16", "s16", 12, 2, true}, {"s_load_u16", "s16", 12, 2, false}}
	for _, p := range list {
		for _, soff := range []bool{false, true} {
			asm := fmt.Sprintf("%s %s, s[4:5], 0x%x", p.name, p.dst, 0x123&^(min(p.n, 4)-1))
			off := uint64(0x123 &^ (min(p.n, 4) - 1))
			if soff {
				asm = fmt.Sprintf("%s %s, s[4:5], s6 offset:0x%x", p.name, p.dst, 0x40)
				off = 0x40
			}
			c := newCase(asm, asm, soff, rng)
			c.mem = randMem(rng)
			c.in.s[0], c.in.s[1] = lo32(testMemVA), uint32(testMemVA>>32)
			c.in.s[2] = uint32(rng.Intn(1000)) * 4
			if soff {
				off += uint64(c.in.s[2])
			}
			c.want = c.in
			b := c.mem[off:]
			if p.n < 4 {
				v := le(b, p.n)
				if p.signed {
					v = sext(v, 8*p.n)
				}
				c.want.s[p.first] = uint32(v)
			} else {
				for k := 0; k < p.n/4; k++ {
					c.want.s[p.first+k] = binary.LittleEndian.Uint32(b[4*k:])
				}
			}
			cases = append(cases, c)
		}
	}
	// buffer loads through a V# in s[8:11]: base, stride 0, NUM_RECORDS
	for _, p := range list {
		name := strings.Replace(p.name, "s_load_", "s_buffer_load_", 1)
		if p.n == 64 || p.n == 32 {
			continue // they would overwrite the V#; the b32..b128 forms cover the path
		}
		for _, oob := range []bool{false, true} {
			off := 0x200
			if oob {
				off = 0x1000
			}
			asm := fmt.Sprintf("%s %s, s[8:11], 0x%x", name, p.dst, off)
			if p.first == 8 {
				asm = fmt.Sprintf("%s s[16:18], s[8:11], 0x%x", name, off)
			}
			c := newCase(asm, asm, false, rng)
			c.mem = randMem(rng)
			c.in.s[4], c.in.s[5] = lo32(testMemVA), uint32(testMemVA>>32)&0xffff
			c.in.s[6] = 0x1000 // NUM_RECORDS
			c.in.s[7] = 0
			c.want = c.in
			first := p.first
			if first == 8 {
				first = 12
			}
			for k := 0; k < (p.n+3)/4; k++ {
				if oob {
					c.want.s[first+k] = 0
					continue
				}
				if p.n < 4 {
					v := le(c.mem[off:], p.n)
					if p.signed {
						v = sext(v, 8*p.n)
					}
					c.want.s[first] = uint32(v)
				} else {
					c.want.s[first+k] = binary.LittleEndian.Uint32(c.mem[off+4*k:])
				}
			}
			cases = append(cases, c)
		}
	}
	// the two buffer loads that do not fit the V# in s[8:11]
	for _, p := range []struct {
		name string
		n    int
	}{{"s_buffer_load_b256", 32}, {"s_buffer_load_b512", 64}} {
		dst := "s[12:19]"
		if p.n == 64 {
			dst = "s[4:19]"
		}
		asm := fmt.Sprintf("%s %s, s[20:23], 0x40", p.name, dst)
		asm = "s_mov_b32 s20, s8\n  s_mov_b32 s21, s9\n  s_mov_b32 s22, s10\n  s_mov_b32 s23, s11\n  " + asm
		c := newCase(p.name, asm, false, rng)
		c.mem = randMem(rng)
		c.in.s[4], c.in.s[5], c.in.s[6], c.in.s[7] = lo32(testMemVA), uint32(testMemVA>>32)&0xffff, 0x1000, 0
		c.want = c.in
		first := 8
		if p.n == 64 {
			first = 0
		}
		for k := 0; k < p.n/4; k++ {
			c.want.s[first+k] = binary.LittleEndian.Uint32(c.mem[0x40+4*k:])
		}
		cases = append(cases, c)
	}
	cases = append(cases, newCase("s_dcache_inv", "s_dcache_inv", false, rng))
	return cases
}

func memCases(rng *rand.Rand) []*scase {
	cases := globalCases(rng)
	cases = append(cases, ldsCases(rng)...)
	cases = append(cases, dsLaneCases(rng)...)
	return append(cases, smemCases(rng)...)
}
