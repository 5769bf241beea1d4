package sim

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"zincc/isa"
)

// The semantics harness runs one wave through a snippet of instructions
// assembled by llvm-mc-19. A prologue loads v1..v8 (one dword per lane),
// s4..s19, VCC, EXEC and SCC from an input buffer; the snippet runs; an
// epilogue stores v1..v8, s4..s19 and the final VCC, EXEC and SCC to an
// output buffer. Each case states its inputs and the state it expects,
// computed by the test from its own reference of the instruction.
//
// Snippets may use v1..v99, s4..s93, vcc, exec, scc, m0 and LDS; "%L" in
// a snippet is replaced by a label prefix unique to the case. s[4:5] of a
// memory case usually holds testMemVA (the case sets it in its inputs).

const (
	nHV       = 8 // v1..v8
	nHS       = 16
	testMemVA = 0x7_0000_0000
	testMemSz = 64 * 1024
)

type hstate struct {
	v         [nHV][64]uint32
	s         [nHS]uint32 // s4..s19
	vcc, exec uint64
	scc       uint32
}

type scase struct {
	name string
	asm  string
	w64  bool
	// mode is the FLOAT_MODE byte (RSRC1[19:12]); 0 gives 0xF0 (round to
	// nearest even, f32 and f16/f64 denormals kept); to ask for mode 0
	// itself, set bit 8 (0x100).
	mode uint32
	in   hstate
	want hstate
	// vtol, when set, compares VGPR r (0 = v1) of lane l; it replaces
	// exact comparison for the VGPRs it is given for.
	vtol func(r, l int, got, want uint32) bool
	// vcheck, when set, checks all of lane l's v1..v8 instead ("" = ok).
	vcheck func(l int, got [nHV]uint32) string
	// mem is the initial content of the memory buffer at testMemVA;
	// wantMem checks it afterwards.
	mem     []byte
	wantMem func(mem []byte) error
	// wantErr, when set, expects the run to fail with an error containing it.
	wantErr string
	// priv is each work-item's private segment size (Launch.PrivateBytes).
	priv uint32
	// twoWaves runs a workgroup of two wave32 waves (64 threads): thread t
	// reads and writes lane t of the layout, the scalars stored last are
	// wave 1's.
	twoWaves bool
	// ops are filled in by the runner: the instructions of the snippet;
	// passed says the case ran and matched.
	ops    []isa.Op
	passed bool
}

const prologue32 = `
  v_lshlrev_b32 v100, 2, v0
  global_load_b32 v1, v100, s[0:1]
  global_load_b32 v2, v100, s[0:1] offset:256
  global_load_b32 v3, v100, s[0:1] offset:512
  global_load_b32 v4, v100, s[0:1] offset:768
  global_load_b32 v5, v100, s[0:1] offset:1024
  global_load_b32 v6, v100, s[0:1] offset:1280
  global_load_b32 v7, v100, s[0:1] offset:1536
  global_load_b32 v8, v100, s[0:1] offset:1792
  s_load_b512 s[4:19], s[0:1], 0x800
  s_load_b128 s[20:23], s[0:1], 0x840
  s_load_b32 s24, s[0:1], 0x850
  s_wait_loadcnt 0
  s_wait_kmcnt 0
  s_mov_b32 vcc_lo, s20
  s_mov_b32 vcc_hi, s21
  s_cmp_lg_u32 s24, 0
  s_mov_b32 exec_lo, s22
  s_mov_b32 exec_hi, s23
`

func epilogue() string {
	var b strings.Builder
	// The snippet's loads must have returned before their registers are
	// stored (the wait checker holds the tests to that too).
	b.WriteString(`
  s_wait_loadcnt_dscnt 0x0
  s_wait_kmcnt 0x0
  s_cselect_b32 s98, 1, 0
  s_mov_b32 s96, exec_lo
  s_mov_b32 s97, exec_hi
  s_mov_b32 s94, vcc_lo
  s_mov_b32 s95, vcc_hi
  s_mov_b32 exec_lo, -1
  s_mov_b32 exec_hi, -1
`)
	for i := 0; i < nHV; i++ {
		fmt.Fprintf(&b, "  global_store_b32 v100, v%d, s[2:3] offset:%d\n", i+1, 256*i)
	}
	b.WriteString("  s_mov_b32 exec_lo, 1\n  s_mov_b32 exec_hi, 0\n  v_mov_b32 v101, 0\n")
	regs := []int{}
	for i := 4; i < 4+nHS; i++ {
		regs = append(regs, i)
	}
	regs = append(regs, 94, 95, 96, 97, 98)
	for i, r := range regs {
		fmt.Fprintf(&b, "  v_mov_b32 v102, s%d\n  global_store_b32 v101, v102, s[2:3] offset:%d\n", r, 0x800+4*i)
	}
	b.WriteString("  s_endpgm\n")
	return b.String()
}

// runCases assembles every case of one wave size in one llvm-mc run and
// checks each.
func runCases(t *testing.T, cases []*scase) {
	t.Helper()
	for _, w64 := range []bool{false, true} {
		var sel []*scase
		for _, c := range cases {
			if c.w64 == w64 {
				sel = append(sel, c)
			}
		}
		if len(sel) == 0 {
			continue
		}
		var src strings.Builder
		src.WriteString(".text\n")
		ep := epilogue()
		for i, c := range sel {
			body := strings.ReplaceAll(c.asm, "%L", fmt.Sprintf("L%d_", i))
			fmt.Fprintf(&src, ".p2align 8\ncase%d:\n%ssnip%d:\n%s\nsnipend%d:\n%s", i, prologue32, i, body, i, ep)
		}
		code, syms := llvmAssemble(t, src.String(), w64)
		g := New(Config{MaxInstructions: 1 << 20})
		must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
		must(t, g.Map(testInVA, 4096, PermRead, "in"))
		must(t, g.Map(testOutVA, 4096, PermRW, "out"))
		must(t, g.Map(testMemVA, testMemSz, PermRW, "mem"))
		for i, c := range sel {
			lo, hi := syms[fmt.Sprintf("snip%d", i)], syms[fmt.Sprintf("snipend%d", i)]
			insts, _, err := isa.DecodeAll(code[lo:hi], w64)
			if err != nil {
				t.Errorf("%s: zincc's decoder rejects llvm-mc's bytes: %v", c.name, err)
				continue
			}
			for _, in := range insts {
				c.ops = append(c.ops, in.Op)
				if in.Enc == isa.VOPD {
					c.ops = append(c.ops, in.Y.Op)
				}
			}
			runCase(t, g, c, testCodeVA+syms[fmt.Sprintf("case%d", i)])
		}
	}
}

func runCase(t *testing.T, g *GPU, c *scase, entry uint64) {
	t.Helper()
	nerr := 0
	errorf := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		nerr++
	}
	defer func() { c.passed = nerr == 0 }()
	in := make([]byte, 4096)
	for r := 0; r < nHV; r++ {
		for l := 0; l < 64; l++ {
			binary.LittleEndian.PutUint32(in[256*r+4*l:], c.in.v[r][l])
		}
	}
	for i, v := range c.in.s {
		binary.LittleEndian.PutUint32(in[0x800+4*i:], v)
	}
	binary.LittleEndian.PutUint64(in[0x840:], c.in.vcc)
	binary.LittleEndian.PutUint64(in[0x848:], c.in.exec)
	binary.LittleEndian.PutUint32(in[0x850:], c.in.scc)
	must(t, g.Write(testInVA, in))
	must(t, g.Write(testOutVA, make([]byte, 4096)))
	mem := make([]byte, testMemSz)
	copy(mem, c.mem)
	must(t, g.Write(testMemVA, mem))
	mode := c.mode
	if mode == 0 {
		mode = 0xf0
	}
	mode &= 0xff
	vgprs := uint32(31)
	if c.w64 {
		vgprs = 63
	}
	l := Launch{Entry: entry, Rsrc1: vgprs | mode<<12, Rsrc2: 128 << 15, UserSGPRs: []uint32{lo32(testInVA), uint32(testInVA >> 32), lo32(testOutVA), uint32(testOutVA >> 32)},
		Groups: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Wave32: !c.w64, PrivateBytes: c.priv}
	if c.w64 || c.twoWaves {
		l.Block[0] = 64
	}
	_, err := g.Dispatch(l)
	if c.wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			errorf("%s: want an error containing %q, got %v", c.name, c.wantErr, err)
		}
		return
	}
	if err != nil {
		errorf("%s: %v", c.name, err)
		return
	}
	out := make([]byte, 4096)
	must(t, g.Read(testOutVA, out))
	lanes := 32
	if c.w64 || c.twoWaves {
		lanes = 64
	}
	bad := 0
	if c.vcheck != nil {
		for l := 0; l < lanes && bad < 3; l++ {
			var got [nHV]uint32
			for r := range got {
				got[r] = binary.LittleEndian.Uint32(out[256*r+4*l:])
			}
			if msg := c.vcheck(l, got); msg != "" {
				errorf("%s: lane %d: %s", c.name, l, msg)
				bad++
			}
		}
		bad = 3
	}
	for r := 0; r < nHV && bad < 3; r++ {
		for l := 0; l < lanes && bad < 3; l++ {
			got, want := binary.LittleEndian.Uint32(out[256*r+4*l:]), c.want.v[r][l]
			ok := got == want
			if c.vtol != nil && !ok {
				ok = c.vtol(r, l, got, want)
			}
			if !ok {
				errorf("%s: v%d lane %d = %#08x, want %#08x (inputs v1..v4 = %#x %#x %#x %#x)", c.name, r+1, l, got, want,
					c.in.v[0][l], c.in.v[1][l], c.in.v[2][l], c.in.v[3][l])
				bad++
			}
		}
	}
	// With two waves the scalars and masks were stored by both, in an
	// order the scheduler picks: only the VGPRs are compared.
	if !c.twoWaves {
		c.checkScalars(out, errorf)
	}
	if c.wantMem != nil {
		must(t, g.Read(testMemVA, mem))
		if err := c.wantMem(mem); err != nil {
			errorf("%s: memory: %v", c.name, err)
		}
	}
}

// newCase returns a case whose inputs are random and whose expected
// state is the input state (the builder then applies the instruction).
func newCase(name, asm string, w64 bool, rng *rand.Rand) *scase {
	c := &scase{name: name, asm: asm, w64: w64}
	for r := range c.in.v {
		for l := range c.in.v[r] {
			c.in.v[r][l] = rng.Uint32()
		}
	}
	for i := range c.in.s {
		c.in.s[i] = rng.Uint32()
	}
	c.in.vcc = rng.Uint64()
	c.in.exec = rng.Uint64() | 1
	if !w64 {
		// exec_hi and vcc_hi are plain SGPRs in wave32: keep them random
		// but make sure lane selection only looks at the low half.
		c.in.exec |= 0xff00000000
	}
	c.in.scc = uint32(rng.Intn(2))
	c.want = c.in
	return c
}

// laneMask is the lanes that exist for the case's wave size.
func (c *scase) laneMask() uint64 {
	if c.w64 {
		return ^uint64(0)
	}
	return 1<<32 - 1
}

// active reports whether lane l is active in EXEC.
func (c *scase) active(l int) bool { return (c.in.exec&c.laneMask())>>uint(l)&1 != 0 }

func (c *scase) lanes() int {
	if c.w64 {
		return 64
	}
	return 32
}

func (c *scase) checkScalars(out []byte, errorf func(string, ...any)) {
	mask := uint64(1<<32 - 1)
	if c.w64 {
		mask = ^uint64(0)
	}
	for i := 0; i < nHS; i++ {
		if got := binary.LittleEndian.Uint32(out[0x800+4*i:]); got != c.want.s[i] {
			errorf("%s: s%d = %#x, want %#x", c.name, i+4, got, c.want.s[i])
		}
	}
	vcc := uint64(binary.LittleEndian.Uint32(out[0x840:])) | uint64(binary.LittleEndian.Uint32(out[0x844:]))<<32
	exec := uint64(binary.LittleEndian.Uint32(out[0x848:])) | uint64(binary.LittleEndian.Uint32(out[0x84c:]))<<32
	scc := binary.LittleEndian.Uint32(out[0x850:])
	if vcc != c.want.vcc {
		errorf("%s: vcc = %#x, want %#x", c.name, vcc, c.want.vcc)
	}
	if exec&mask != c.want.exec&mask {
		errorf("%s: exec = %#x, want %#x", c.name, exec, c.want.exec)
	}
	if scc != c.want.scc {
		errorf("%s: scc = %d, want %d", c.name, scc, c.want.scc)
	}
}
