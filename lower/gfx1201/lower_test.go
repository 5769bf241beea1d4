package gfx1201

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"zincc/frontend"
	_ "zincc/internal/golden"
	"zincc/ir"
	"zincc/isa"
	"zincc/isa/kernels"
	"zincc/pm4"
)

// stubLibrary assembles, for every kernel of the ABI table, a kernel that
// only ends, with the descriptor the ABI asks for: enough to check the
// IB's structure without the real kernels.
func stubLibrary(t testing.TB) Library {
	t.Helper()
	var src strings.Builder
	src.WriteString(".amdgcn_target \"amdgcn-amd-amdhsa--gfx1201\"\n.text\n")
	for _, k := range kernels.ABIs {
		fmt.Fprintf(&src, ".p2align 8\n.globl %s\n%s:\n  s_endpgm\n", k.Name, k.Name)
	}
	src.WriteString(".rodata\n")
	for _, k := range kernels.ABIs {
		fmt.Fprintf(&src, ".p2align 6\n.amdhsa_kernel %s\n  .amdhsa_user_sgpr_count %d\n  .amdhsa_next_free_vgpr 1\n  .amdhsa_next_free_sgpr 16\n"+
			"  .amdhsa_wavefront_size32 1\n  .amdhsa_system_sgpr_workgroup_id_x 1\n.end_amdhsa_kernel\n", k.Name, k.UserSGPRs())
	}
	obj, err := isa.Assemble("stub.s", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	return ObjectLibrary{obj}
}

func parseFile(t testing.TB, path string) *ir.Module {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Parse(path, src)
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, src))
	}
	return m
}

func parseText(t testing.TB, src string) *ir.Module {
	t.Helper()
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(src)))
	}
	return m
}

// checkStructure decodes the IB and checks every dispatch is complete: the
// register file the CP would hold at each DISPATCH_DIRECT has the kernel's
// program address, resources and thread counts (set by this dispatch or an
// earlier one), user data set since the dispatch began for every ABI SGPR,
// and the stream ends in the fence.
func checkStructure(t *testing.T, e *Executable, lib Library) {
	t.Helper()
	pkts, err := pm4.Decode(e.IB)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.IB)%IBAlignDwords != 0 {
		t.Errorf("IB of %d dwords is not padded to %d", len(e.IB), IBAlignDwords)
	}
	regs := map[pm4.Reg]uint32{}
	fresh := map[pm4.Reg]bool{} // set since the current dispatch began
	d := 0
	var last pm4.Packet
	for _, p := range pkts {
		if p.Op() != pm4.OpNOP {
			last = p
		}
		if d < len(e.Dispatches) && p.Offset == e.Dispatches[d].First {
			fresh = map[pm4.Reg]bool{}
		}
		if s, ok := p.SetShReg(); ok {
			for i, v := range s.Values {
				regs[s.Reg+pm4.Reg(i)] = v
				fresh[s.Reg+pm4.Reg(i)] = true
			}
		}
		dd, ok := p.DispatchDirect()
		if !ok {
			continue
		}
		if d >= len(e.Dispatches) || e.Dispatches[d].Dword != p.Offset {
			t.Fatalf("DISPATCH_DIRECT at %d is not dispatch %d of the table", p.Offset, d)
		}
		disp := e.Dispatches[d]
		abi := kernels.LookupABI(disp.KernelName())
		code, _ := lib.Kernel(disp.KernelName())
		pgm := (uint64(regs[pm4.COMPUTE_PGM_HI])<<32 | uint64(regs[pm4.COMPUTE_PGM_LO])) << 8
		node := e.Module.Nodes[disp.Node]
		lds := (abi.LDSBytes(code.LDSBytes, sizeOf(node)) + 511) / 512 << 15 // 512-byte units at bit 15
		// A grouped matvec: each member's rows, a wave each.
		groups := uint64(0)
		for _, n := range e.Module.Nodes[disp.Node : disp.Last()+1] {
			groups += uint64(abi.Groups(sizeOf(n)))
		}
		for _, c := range []struct {
			what      string
			got, want uint64
		}{
			{"program", pgm, e.Buffers[BufCode].VA + disp.Entry},
			{"RSRC1", uint64(regs[pm4.COMPUTE_PGM_RSRC1]), uint64(code.Rsrc1)},
			{"RSRC2", uint64(regs[pm4.COMPUTE_PGM_RSRC2]), uint64(code.Rsrc2 | lds)},
			{"RSRC3", uint64(regs[pm4.COMPUTE_PGM_RSRC3]), uint64(code.Rsrc3)},
			{"NUM_THREAD_X", uint64(regs[pm4.COMPUTE_NUM_THREAD_X]), uint64(abi.Block)},
			{"NUM_THREAD_Y", uint64(regs[pm4.COMPUTE_NUM_THREAD_Y]), 1},
			{"NUM_THREAD_Z", uint64(regs[pm4.COMPUTE_NUM_THREAD_Z]), 1},
			{"groups", uint64(dd.DimX), groups},
		} {
			if c.got != c.want {
				t.Errorf("dispatch %d (%s): %s = %#x, want %#x", d, disp.KernelName(), c.what, c.got, c.want)
			}
		}
		if disp.Entry%kernels.EntryAlign != 0 || disp.Entry+code.Size > uint64(len(e.Code)) ||
			!bytes.Equal(e.Code[disp.Entry:disp.Entry+code.Size], lib.Code()[code.Entry:code.Entry+code.Size]) {
			t.Errorf("dispatch %d (%s): the code at entry %#x is not the library's kernel", d, disp.KernelName(), disp.Entry)
		}
		for i := 0; i < abi.UserSGPRs(); i++ {
			if !fresh[pm4.UserData(i)] {
				t.Errorf("dispatch %d (%s): USER_DATA_%d not set since it began", d, disp.KernelName(), i)
			}
		}
		d++
	}
	covered := 0 // statements, each once: by its first launch, or by a group's
	for i, disp := range e.Dispatches {
		if i == 0 || disp.Node != e.Dispatches[i-1].Node {
			if disp.Node != covered {
				t.Errorf("dispatch %d implements statement %d; the next one not yet dispatched is %d", i, disp.Node, covered)
			}
			covered = disp.Last() + 1
		}
	}
	if d != len(e.Dispatches) || covered != len(e.Module.Nodes) {
		t.Errorf("%d dispatches in the IB, %d in the table; %d of %d nodes", d, len(e.Dispatches), covered, len(e.Module.Nodes))
	}
	if rm, ok := last.ReleaseMem(); !ok || last.Offset+pm4.PosReleaseMemData != e.FenceDword {
		t.Errorf("the last packet is %s, not the fence RELEASE_MEM (fence dword %d)", last.Name(), e.FenceDword)
	} else if rm.Addr != e.Buffers[BufFence].VA {
		t.Errorf("fence writes %#x, the fence buffer is at %#x", rm.Addr, e.Buffers[BufFence].VA)
	}
}

// sizeOf recomputes a node's launch size from the rules.
func sizeOf(n *ir.Node) kernels.Size {
	var ln, then launch
	ln.spare = &then // split attention's second launch
	_ = ruleFor(n.Op)(n, &ln)
	return ln.size
}

func TestLowerTestdataStructure(t *testing.T) {
	lib := stubLibrary(t)
	files, _ := filepath.Glob("../../testdata/*.zir")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			e, err := Lower(parseFile(t, f), lib, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkStructure(t, e, lib)
		})
	}
}

// barriersBefore lists, for each dispatch, whether a barrier was emitted
// in front of it.
func barriersBefore(t *testing.T, e *Executable) []bool {
	pkts, _ := pm4.Decode(e.IB)
	var out []bool
	for _, d := range e.Dispatches {
		has := false
		for _, p := range pkts {
			if p.Offset >= d.First && p.Offset < d.Dword {
				if ev, ok := p.EventWrite(); ok && ev.Event == pm4.CS_PARTIAL_FLUSH {
					has = true
				}
			}
		}
		out = append(out, has)
	}
	return out
}

func TestBarriersOnlyWhereNeeded(t *testing.T) {
	lib := stubLibrary(t)
	m := parseText(t, `graph @g {
  input %tok : u32
  input %pos : u32
  weight %w1 : f32[8, 64] = zeros
  weight %w2 : f32[8, 64] = zeros
  weight %n : f32[64] = zeros
  state %k : f32[4, 64]
  %a = embed %w1, %tok
  %b = embed %w2, %tok
  %c = add %a, %b
  %d = rms_norm %a, %n
  kv_store %k, %c, %pos
  %e = attention %d, %k, %k, %pos {heads = 4}
  %f = silu %e
  %g = silu %f
  output %g, %b
}`)
	e, err := Lower(m, lib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// a, b independent; c reads a and b; d reads a (written before the
	// barrier in front of c: no new barrier); kv_store reads c; attention
	// reads the cache kv_store wrote; f reads e; g reads f.
	want := []bool{false, false, true, false, true, true, true, true}
	if got := barriersBefore(t, e); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("barriers before each dispatch = %v, want %v", got, want)
	}
}

func TestPatchesAndRelocs(t *testing.T) {
	lib := stubLibrary(t)
	m := parseFile(t, "../../testdata/tiny_llama.zir")
	e, err := Lower(m, lib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Every patch lands in the user data of a dispatch whose kernel takes
	// that input: rope, kv_store, attention take the position, embed the
	// token. Count them by kernel from the graph instead.
	want := map[int]int{}
	for _, n := range m.Nodes {
		for i, a := range n.Args {
			if a.Kind == ir.Input {
				_ = i
				want[indexOf(m.DeclsOf(ir.Input), a)]++
			}
		}
	}
	got := map[int]int{}
	for _, p := range e.Patches {
		got[p.Input]++
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("patches per input %v, want %v", got, want)
	}
	ib := append([]uint32(nil), e.IB...)
	e.PatchInputs(ib, []uint32{0xAAAA0001, 0xBBBB0002}, 0x1122334455667788)
	for _, p := range e.Patches {
		if ib[p.Dword] != []uint32{0xAAAA0001, 0xBBBB0002}[p.Input] {
			t.Errorf("patch %+v did not land", p)
		}
	}
	if ib[e.FenceDword] != 0x55667788 || ib[e.FenceDword+1] != 0x11223344 {
		t.Error("fence value not patched")
	}
	// Rebase moves every address by the same delta, and only addresses.
	const delta = 0x40_0000_0000
	var vas [NumBuffers]uint64
	for i, b := range e.Buffers {
		vas[i] = b.VA + delta
	}
	moved := append([]uint32(nil), ib...)
	old := e.Buffers
	e.Rebase(moved, vas)
	changed := 0
	for i := range ib {
		if ib[i] != moved[i] {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("rebase changed nothing")
	}
	pkts, _ := pm4.Decode(moved)
	for _, p := range pkts {
		if s, ok := p.SetShReg(); ok && s.Reg == pm4.COMPUTE_PGM_LO {
			entry := (uint64(s.Values[1])<<32 | uint64(s.Values[0])) << 8
			if entry < old[BufCode].VA+delta || entry >= old[BufCode].VA+delta+old[BufCode].Size {
				t.Errorf("program at %#x after rebasing the code buffer to %#x", entry, old[BufCode].VA+delta)
			}
		}
	}
}

func indexOf(vs []*ir.Value, v *ir.Value) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

func TestLowerErrors(t *testing.T) {
	lib := stubLibrary(t)
	m := parseText(t, `graph @g {
  input %tok : u32
  weight %w : f32[8, 64] = zeros
  %a = embed %w, %tok
  %b = softmax %a
  %i = argmax %b
  %c = embed %w, %i
  output %c
}`)
	_, err := Lower(m, lib, Options{})
	if err == nil || !strings.Contains(err.Error(), "g.zir:7:8: embed operand 2 (index) is %i; on gfx1201 it must be an input") {
		t.Fatalf("got %v", err)
	}
}

func TestListingNamesStatements(t *testing.T) {
	e, err := Lower(parseFile(t, "../../testdata/toy.zir"), stubLibrary(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := e.Listing(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"// dispatch 0: %x = embed %emb, %tok  (toy.zir:9:11)  kernel zincc_embed_q8_0",
		"// dispatch 3: %next = argmax %l  (toy.zir:12:11)  kernel zincc_argmax",
		"input %tok, patched per step",
		"fence sequence number, patched per step",
		"RELEASE_MEM",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	e.PlanListing(&b)
	if !strings.Contains(b.String(), "%head") || !strings.Contains(b.String(), "arena:") {
		t.Errorf("plan:\n%s", b.String())
	}
}

// Heads of 64, 128 and 256 take the split kernels at every context their
// LDS fits, as one launch of the fused kernel (the last workgroup of a
// head merges it, attention_fused.go). Other heads keep every score
// in LDS up to kernels.MaxAttentionContext rows; past it the chunked
// kernel takes over, for heads of at most 256.
func TestAttentionKernelByContext(t *testing.T) {
	graph := func(rows, headDim int) *ir.Module {
		return parseText(t, fmt.Sprintf(`graph @g {
  input %%pos : u32
  weight %%q : f32[%d] = zeros
  state %%k : f16[%d, %d]
  %%a = attention %%q, %%k, %%k, %%pos {heads = 1}
  output %%a
}`, headDim, rows, headDim))
	}
	for _, c := range []struct {
		rows, headDim int
		kernels       []string
	}{
		{8, 128, []string{"zincc_attention_fused_f16_d128"}},
		{kernels.MaxAttentionContext + 1, 64, []string{"zincc_attention_fused_f16_d64"}},
		{200000, 256, []string{"zincc_attention_fused_f16_d256"}},
		{1 << 20, 128, []string{"zincc_attention_long_f16"}}, // the split's scores would not fit the LDS
		{kernels.MaxAttentionContext, 96, []string{"zincc_attention_f16"}},
		{kernels.MaxAttentionContext + 1, 96, []string{"zincc_attention_long_f16"}},
	} {
		e, err := Lower(graph(c.rows, c.headDim), stubLibrary(t), Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range e.Dispatches {
			got = append(got, d.KernelName())
		}
		if fmt.Sprint(got) != fmt.Sprint(c.kernels) {
			t.Errorf("%d rows of %d: kernels %v, want %v", c.rows, c.headDim, got, c.kernels)
			continue
		}
		if len(e.Dispatches) == 2 {
			d := e.Dispatches[1]
			if d.Node != e.Dispatches[0].Node || d.First == d.Dword || !slices.Equal(e.IB[d.First:d.First+len(barrierPackets)], barrierPackets) {
				t.Errorf("%d rows of %d: the combine is not behind a barrier", c.rows, c.headDim)
			}
		}
	}
	_, err := Lower(graph(kernels.MaxAttentionContext+1, 288), stubLibrary(t), Options{})
	if err == nil || !strings.Contains(err.Error(), "g.zir:5:8: attention over %k: 16113 rows need the chunked gfx1201 kernel, which takes heads of at most 256, not 288") {
		t.Errorf("head of 288 over 16113 rows: %v", err)
	}
}
