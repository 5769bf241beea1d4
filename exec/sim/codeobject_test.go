package sim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"zincc/isa"
)

// testELF builds a small AMDGPU relocatable object the way llc lays one
// out: .text with the kernel, .rodata with its 64-byte descriptor whose
// entry offset is an R_AMDGPU_REL64 relocation, an NT_AMDGPU_METADATA
// note, a symbol table. Tests change its parts to make malformed files.
type testELF struct {
	code     []byte
	desc     isa.Descriptor
	kernel   string
	metadata []byte // nil: no note
	extraRel []testRel
	machine  uint16
}

type testRel struct {
	off    uint64 // in .text
	typ    uint32
	sym    string // "" for the kernel symbol; other names are undefined
	addend int64
}

// build writes the ELF file.
func (e *testELF) build() []byte {
	le := binary.LittleEndian
	// string tables
	shstr := []byte("\x00.text\x00.rodata\x00.rela.rodata\x00.rela.text\x00.note\x00.symtab\x00.strtab\x00.shstrtab\x00")
	name := func(tab []byte, s string) uint32 { return uint32(bytes.Index(tab, []byte("\x00"+s+"\x00")) + 1) }
	undef := map[string]int{}
	strtab := []byte("\x00" + e.kernel + "\x00" + e.kernel + ".kd\x00")
	var undefNames []string
	for _, r := range e.extraRel {
		if r.sym != "" && undef[r.sym] == 0 {
			undef[r.sym] = 3 + len(undefNames)
			undefNames = append(undefNames, r.sym)
			strtab = append(strtab, r.sym+"\x00"...)
		}
	}
	// symbols: null, kernel, kernel.kd, undefined...
	sym := func(nameOff uint32, info byte, shndx uint16, value, size uint64) []byte {
		b := make([]byte, 24)
		le.PutUint32(b, nameOff)
		b[4] = info
		le.PutUint16(b[6:], shndx)
		le.PutUint64(b[8:], value)
		le.PutUint64(b[16:], size)
		return b
	}
	symtab := make([]byte, 24)
	symtab = append(symtab, sym(1, 0x12, 1, 0, uint64(len(e.code)))...)      // GLOBAL FUNC in .text
	symtab = append(symtab, sym(uint32(len(e.kernel)+2), 0x11, 2, 0, 64)...) // GLOBAL OBJECT in .rodata
	for _, n := range undefNames {
		symtab = append(symtab, sym(name(strtab, n), 0x10, 0, 0, 0)...) // GLOBAL NOTYPE undefined
	}
	rela := func(off uint64, symIdx int, typ uint32, addend int64) []byte {
		b := make([]byte, 24)
		le.PutUint64(b, off)
		le.PutUint64(b[8:], uint64(symIdx)<<32|uint64(typ))
		le.PutUint64(b[16:], uint64(addend))
		return b
	}
	kd := e.desc.Bytes()
	relRodata := rela(16, 1, isa.RAMDGPURel64, 16)
	var relText []byte
	for _, r := range e.extraRel {
		idx := 1
		if r.sym != "" {
			idx = undef[r.sym]
		}
		relText = append(relText, rela(r.off, idx, r.typ, r.addend)...)
	}
	var note []byte
	if e.metadata != nil {
		note = le.AppendUint32(note, 7)
		note = le.AppendUint32(note, uint32(len(e.metadata)))
		note = le.AppendUint32(note, 32)
		note = append(note, "AMDGPU\x00\x00"...)
		note = append(note, e.metadata...)
		for len(note)%4 != 0 {
			note = append(note, 0)
		}
	}
	type sec struct {
		name           string
		typ            uint32
		flags          uint64
		data           []byte
		link, info     uint32
		align, entsize uint64
	}
	secs := []sec{
		{},
		{".text", 1, 6, e.code, 0, 0, 256, 0},
		{".rodata", 1, 2, kd[:], 0, 0, 64, 0},
		{".rela.rodata", 4, 0x40, relRodata, 6, 2, 8, 24},
		{".rela.text", 4, 0x40, relText, 6, 1, 8, 24},
		{".note", 7, 2, note, 0, 0, 4, 0},
		{".symtab", 2, 0, symtab, 7, 1, 8, 24},
		{".strtab", 3, 0, strtab, 0, 0, 1, 0},
		{".shstrtab", 3, 0, shstr, 0, 0, 1, 0},
	}
	out := make([]byte, 64)
	offs := make([]uint64, len(secs))
	for i := 1; i < len(secs); i++ {
		for uint64(len(out))%max(secs[i].align, 1) != 0 {
			out = append(out, 0)
		}
		offs[i] = uint64(len(out))
		out = append(out, secs[i].data...)
	}
	for len(out)%8 != 0 {
		out = append(out, 0)
	}
	shoff := uint64(len(out))
	for i, s := range secs {
		b := make([]byte, 64)
		if i > 0 {
			le.PutUint32(b, name(shstr, s.name))
		}
		le.PutUint32(b[4:], s.typ)
		le.PutUint64(b[8:], s.flags)
		le.PutUint64(b[24:], offs[i])
		le.PutUint64(b[32:], uint64(len(s.data)))
		le.PutUint32(b[40:], s.link)
		le.PutUint32(b[44:], s.info)
		le.PutUint64(b[48:], s.align)
		le.PutUint64(b[56:], s.entsize)
		out = append(out, b...)
	}
	copy(out, "\x7fELF\x02\x01\x01\x40\x03") // 64-bit, LE, version 1, OSABI AMDGPU_HSA, ABI v3
	machine := e.machine
	if machine == 0 {
		machine = 224 // EM_AMDGPU
	}
	le.PutUint16(out[16:], 1) // ET_REL
	le.PutUint16(out[18:], machine)
	le.PutUint32(out[20:], 1)
	le.PutUint64(out[40:], shoff)
	le.PutUint16(out[52:], 64)
	le.PutUint16(out[58:], 64)
	le.PutUint16(out[60:], uint16(len(secs)))
	le.PutUint16(out[62:], uint16(len(secs)-1))
	return out
}

// testKernelSource stores, at out[0..5], the u32 argument, the packet's
// grid_size_x, hidden_block_count_x, the dispatch id (lo, hi) and the
// packet's workgroup_size_x: everything a code-object launch provides.
const testKernelSource = `
  s_load_b64 s[6:7], s[2:3], 0x0
  s_load_b32 s8, s[2:3], 0x8
  s_load_b32 s9, s[0:1], 0xc
  s_load_b32 s10, s[2:3], 0x10
  s_load_b32 s11, s[0:1], 0x4
  s_wait_kmcnt 0
  s_and_b32 s11, s11, 0xffff
  v_mov_b32 v0, 0
  v_mov_b32 v1, s8
  v_mov_b32 v2, s9
  v_mov_b32 v3, s10
  v_mov_b32 v4, s4
  v_mov_b32 v5, s5
  v_mov_b32 v6, s11
  global_store_b32 v0, v1, s[6:7]
  global_store_b32 v0, v2, s[6:7] offset:4
  global_store_b32 v0, v3, s[6:7] offset:8
  global_store_b32 v0, v4, s[6:7] offset:12
  global_store_b32 v0, v5, s[6:7] offset:16
  global_store_b32 v0, v6, s[6:7] offset:20
  s_endpgm
`

func testMetadata(t testing.TB, name string, args []map[string]any, kernargSize int) []byte {
	t.Helper()
	md := map[string]any{
		"amdhsa.version": []int{1, 2},
		"amdhsa.kernels": []map[string]any{{
			".name": name, ".symbol": name + ".kd", ".args": args,
			".kernarg_segment_size": kernargSize, ".kernarg_segment_align": 8,
			".group_segment_fixed_size": 0, ".private_segment_fixed_size": 0,
			".wavefront_size": 32, ".max_flat_workgroup_size": 256,
		}},
	}
	b, err := msgpack.Marshal(md)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func testArgs() []map[string]any {
	return []map[string]any{
		{".name": "out", ".offset": 0, ".size": 8, ".value_kind": "global_buffer", ".address_space": "global", ".type_name": "uint*"},
		{".name": "v", ".offset": 8, ".size": 4, ".value_kind": "by_value", ".type_name": "uint"},
		{".offset": 16, ".size": 4, ".value_kind": "hidden_block_count_x"},
		{".offset": 20, ".size": 2, ".value_kind": "hidden_group_size_x"},
	}
}

func newTestELF(t testing.TB) *testELF {
	t.Helper()
	obj, err := isa.Assemble("k.s", []byte(testKernelSource))
	if err != nil {
		t.Fatal(err)
	}
	d := isa.Descriptor{KernargSize: 24, RSRC1: 0xf0<<12 | 1, RSRC2: 6 << 1,
		KernelCodeProperties: isa.KCPDispatchPtr | isa.KCPKernargSegmentPtr | isa.KCPDispatchID | isa.KCPWavefrontSize32}
	return &testELF{code: obj.Code, desc: d, kernel: "k", metadata: testMetadata(t, "k", testArgs(), 24)}
}

// TestCodeObjectLaunch runs a kernel from a hand-built code object and
// checks the launch state the HSA ABI defines: user SGPRs in order
// (dispatch ptr s[0:1], kernarg ptr s[2:3], dispatch id s[4:5]), the
// dispatch packet's fields, the kernarg segment with a hidden argument.
func TestCodeObjectLaunch(t *testing.T) {
	e := newTestELF(t)
	co, err := ParseCodeObject(e.build())
	if err != nil {
		t.Fatal(err)
	}
	k, err := co.Kernel("")
	if err != nil {
		t.Fatal(err)
	}
	if k.Name != "k" || len(k.Args) != 4 || k.KernargSize != 24 || k.WaveSize != 32 {
		t.Fatalf("kernel info %+v", k)
	}
	g := New(Config{})
	lc, err := g.LoadCodeObject(co, 0x1_0000_0000)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 64)
	must(t, g.MapBacking(0x2_0000_0000, out, PermRW, "out"))
	_, err = lc.Dispatch(KernelDispatch{GridSize: [3]uint32{100, 1, 1}, WorkgroupSize: [3]uint32{32, 1, 1}, DispatchID: 0x1122334455667788,
		Args: []Arg{PointerArg(0x2_0000_0000), U32Arg(0xabcd)}})
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{0xabcd, 100, 4, 0x55667788, 0x11223344, 32}
	for i, w := range want {
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != w {
			t.Errorf("out[%d] = %#x, want %#x", i, got, w)
		}
	}
	// The dispatch's memory is gone afterwards; the image stays.
	if n := len(g.Mappings()); n != 2 {
		t.Errorf("%d mappings after the dispatch, want 2 (code object, out): %v", n, g.Mappings())
	}
}

// TestCodeObjectErrors: malformed objects, bad dispatches and unsupported
// requests give precise errors.
func TestCodeObjectErrors(t *testing.T) {
	parse := []struct {
		name   string
		change func(e *testELF)
		want   string
	}{
		{"machine", func(e *testELF) { e.machine = 62 }, "not AMDGPU"},
		{"metadata not MessagePack", func(e *testELF) { e.metadata = []byte{0xc1, 0x00} }, "metadata"},
		{"metadata truncated", func(e *testELF) { e.metadata = e.metadata[:len(e.metadata)/2] }, "not well-formed MessagePack"},
		{"metadata array longer than the note", func(e *testELF) {
			e.metadata = []byte{0x81, 0xae, 'a', 'm', 'd', 'h', 's', 'a', '.', 'k', 'e', 'r', 'n', 'e', 'l', 's', 0xdd, 0x7f, 0xff, 0xff, 0xff}
		}, "not well-formed"},
		{"metadata for a kernel without descriptor", func(e *testELF) { e.metadata = testMetadata(t, "other", testArgs(), 24) }, `no descriptor other.kd`},
		{"argument past the segment", func(e *testELF) { e.metadata = testMetadata(t, "k", testArgs(), 12) }, "ends past the 12-byte kernarg segment"},
		{"wave size disagrees", func(e *testELF) { e.desc.KernelCodeProperties &^= isa.KCPWavefrontSize32 }, "wavefront size 32 disagrees"},
	}
	for _, c := range parse {
		e := newTestELF(t)
		c.change(e)
		_, err := ParseCodeObject(e.build())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}

	// Loading: library calls the object was not linked with.
	e := newTestELF(t)
	e.extraRel = []testRel{{off: 4, typ: isa.RAMDGPURel32Lo, sym: "_Z13get_global_idj", addend: 8}, {off: 8, typ: isa.RAMDGPURel32Hi, sym: "_Z13get_global_idj", addend: 16}}
	co, err := ParseCodeObject(e.build())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{}).LoadCodeObject(co, 0x1_0000_0000); err == nil || !strings.Contains(err.Error(), "undefined symbols _Z13get_global_idj") {
		t.Errorf("undefined symbol: %v", err)
	}
	e = newTestELF(t)
	e.extraRel = []testRel{{off: 4, typ: 7}} // R_AMDGPU_GOTPCREL
	co, _ = ParseCodeObject(e.build())
	if _, err := New(Config{}).LoadCodeObject(co, 0x1_0000_0000); err == nil || !strings.Contains(err.Error(), "relocation type 7") {
		t.Errorf("GOT relocation: %v", err)
	}

	// Dispatches.
	dispatch := []struct {
		name   string
		change func(e *testELF)
		kd     KernelDispatch
		want   string
	}{
		{"argument count", nil, KernelDispatch{Args: []Arg{PointerArg(0)}}, "1 explicit arguments given, the kernel takes 2"},
		{"value for a pointer", nil, KernelDispatch{Args: []Arg{U32Arg(1), U32Arg(2)}}, "a global buffer takes a pointer"},
		{"float for an int", nil, KernelDispatch{Args: []Arg{PointerArg(0), F32Arg(1)}}, "the argument's type is uint"},
		{"bytes of the wrong size", nil, KernelDispatch{Args: []Arg{PointerArg(0), BytesArg(make([]byte, 8))}}, "8 bytes for a 4-byte argument"},
		{"workgroup too large", nil, KernelDispatch{WorkgroupSize: [3]uint32{512, 1, 1}, Args: []Arg{PointerArg(0), U32Arg(1)}}, "max_flat_workgroup_size 256"},
		{"private segment buffer", func(e *testELF) { e.desc.KernelCodeProperties |= isa.KCPPrivateSegmentBuffer },
			KernelDispatch{Args: []Arg{PointerArg(0), U32Arg(1)}}, "private segment buffer SGPRs"},
		{"user SGPR count", func(e *testELF) { e.desc.RSRC2 = 2 << 1 },
			KernelDispatch{Args: []Arg{PointerArg(0), U32Arg(1)}}, "enables 6 user SGPRs of values but RSRC2.USER_SGPR is 2"},
		{"unknown kernel", nil, KernelDispatch{Kernel: "nope"}, `no kernel "nope" (it has k)`},
		{"zero grid", nil, KernelDispatch{GridSize: [3]uint32{0, 1, 1}, Args: []Arg{PointerArg(0), U32Arg(1)}}, "must be positive"},
	}
	for _, c := range dispatch {
		e := newTestELF(t)
		if c.change != nil {
			c.change(e)
		}
		co, err := ParseCodeObject(e.build())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		g := New(Config{})
		lc, err := g.LoadCodeObject(co, 0x1_0000_0000)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		kd := c.kd
		if kd.GridSize == [3]uint32{} {
			kd.GridSize = [3]uint32{1, 1, 1}
		}
		if kd.WorkgroupSize == [3]uint32{} {
			kd.WorkgroupSize = [3]uint32{1, 1, 1}
		}
		_, err = lc.Dispatch(kd)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestCodeObjectTruncated: every prefix of a valid object is rejected (or
// parsed) without a panic.
func TestCodeObjectTruncated(t *testing.T) {
	data := newTestELF(t).build()
	for n := 0; n < len(data); n++ {
		if _, err := ParseCodeObject(data[:n]); err == nil {
			t.Errorf("a %d-byte prefix of a %d-byte object parsed", n, len(data))
		}
	}
}

// TestCodeObjectWithoutMetadata: explicit arguments are packed at their
// natural alignment when the object has no metadata note.
func TestCodeObjectWithoutMetadata(t *testing.T) {
	e := newTestELF(t)
	e.metadata = nil
	co, err := ParseCodeObject(e.build())
	if err != nil {
		t.Fatal(err)
	}
	if co.HasMetadata {
		t.Fatal("HasMetadata with no note")
	}
	g := New(Config{})
	lc, err := g.LoadCodeObject(co, 0x1_0000_0000)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 64)
	must(t, g.MapBacking(0x2_0000_0000, out, PermRW, "out"))
	if _, err := lc.Dispatch(KernelDispatch{GridSize: [3]uint32{1, 1, 1}, WorkgroupSize: [3]uint32{1, 1, 1},
		Args: []Arg{PointerArg(0x2_0000_0000), U32Arg(77)}}); err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint32(out); got != 77 {
		t.Errorf("out[0] = %d, want 77", got)
	}
}

// TestCountOps checks Config.CountOps.
func TestCountOps(t *testing.T) {
	co, err := ParseCodeObject(newTestELF(t).build())
	if err != nil {
		t.Fatal(err)
	}
	g := New(Config{CountOps: true})
	lc, err := g.LoadCodeObject(co, 0x1_0000_0000)
	if err != nil {
		t.Fatal(err)
	}
	must(t, g.Map(0x2_0000_0000, 64, PermRW, "out"))
	st, err := lc.Dispatch(KernelDispatch{GridSize: [3]uint32{64, 1, 1}, WorkgroupSize: [3]uint32{32, 1, 1},
		Args: []Arg{PointerArg(0x2_0000_0000), U32Arg(1)}})
	if err != nil {
		t.Fatal(err)
	}
	// two waves, each running the kernel once
	if st.Ops[isa.S_ENDPGM] != 2 || st.Ops[isa.GLOBAL_STORE_B32] != 12 || st.Ops[isa.S_LOAD_B32] != 8 {
		t.Errorf("ops: s_endpgm %d, global_store_b32 %d, s_load_b32 %d; want 2, 12, 8",
			st.Ops[isa.S_ENDPGM], st.Ops[isa.GLOBAL_STORE_B32], st.Ops[isa.S_LOAD_B32])
	}
	var total uint64
	for _, n := range st.Ops {
		total += n
	}
	if total != st.Instructions {
		t.Errorf("op counts sum to %d, Stats.Instructions is %d", total, st.Instructions)
	}
	if st2, _ := New(Config{}).Dispatch(Launch{}); st2.Ops != nil {
		t.Error("Ops filled without CountOps")
	}
}

// FuzzCodeObject: parsing, loading and launching arbitrary bytes must not
// panic, and failures must be errors.
func FuzzCodeObject(f *testing.F) {
	f.Add(newTestELF(f).build())
	e := newTestELF(f)
	e.metadata = nil
	f.Add(e.build())
	e = newTestELF(f)
	e.extraRel = []testRel{{off: 4, typ: isa.RAMDGPURel32Lo, sym: "ext", addend: 8}}
	f.Add(e.build())
	f.Add([]byte("\x7fELF"))
	// Objects llc writes, when it is installed (the fuzzer needs no tool).
	if llc, err := exec.LookPath("llc-19"); err == nil {
		for _, k := range []string{"int_arith.ll", "dispatch.ll", "lds_widths.ll"} {
			out := filepath.Join(f.TempDir(), k+".o")
			cmd := exec.Command(llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", filepath.Join("..", "..", "testdata", "llvm", k), "-o", out)
			if cmd.Run() == nil {
				if data, err := os.ReadFile(out); err == nil {
					f.Add(data)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		co, err := ParseCodeObject(data)
		if err != nil {
			return
		}
		for _, k := range co.Kernels {
			g := New(Config{MaxInstructions: 4096})
			lc, err := g.LoadCodeObject(co, 0x1_0000_0000)
			if err != nil {
				return
			}
			var args []Arg
			for _, a := range k.Args {
				if !a.Hidden() {
					args = append(args, PointerArg(0x2_0000_0000))
				}
			}
			_, err = lc.Dispatch(KernelDispatch{Kernel: k.Name, GridSize: [3]uint32{2, 1, 1}, WorkgroupSize: [3]uint32{1, 1, 1}, Args: args})
			if errors.Is(err, ErrInternal) {
				t.Fatalf("emulator failure: %v", err)
			}
		}
	})
}
