package pm4

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The expected lines below are written from the listing format documented
// on Disassemble and the field definitions cited in encoding_test.go.

func disasm(t *testing.T, ib []uint32, opt Options) (string, error) {
	t.Helper()
	var sb strings.Builder
	err := Disassemble(&sb, ib, opt)
	return sb.String(), err
}

func TestDisassembleIssueExample(t *testing.T) {
	ib := make([]uint32, 0x10)
	for i := range ib {
		ib[i] = 0xFFFF1000
	}
	ib = append(ib, 0xC0027600, 0x20C, 0x1000, 0)
	out, err := disasm(t, ib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "0x0010  c0027600  SET_SH_REG  COMPUTE_PGM_LO=0x00001000 COMPUTE_PGM_HI=0x00000000\n"
	if !strings.HasSuffix(out, want) {
		t.Fatalf("listing ends\n%s\nwant\n%s", out[max(0, len(out)-200):], want)
	}
	if !strings.HasPrefix(out, "0x0000  ffff1000  NOP  HEADER_ONLY\n") {
		t.Fatalf("listing starts %q", out[:60])
	}
}

func TestDisassembleEveryPacketKind(t *testing.T) {
	b := NewBuilder(make([]uint32, 256))
	_ = b.AcquireMemAll(GCR_GL2_INV | GCR_GL2_WB | GCR_GLM_INV | GCR_GLM_WB | GCR_GL1_INV | GCR_GLV_INV | GCR_GLK_INV | GCR_GLI_INV_ALL)
	_ = emitDispatch(&b)
	_ = b.CSPartialFlush()
	_ = b.WriteData64(0x10, 5)
	_ = b.CopyData32(0x20, 0x28)
	_ = b.WaitMem(CompareGE, 0x30, 1, 0xFFFFFFFF)
	_ = b.DispatchIndirect(DispatchIndirect{Addr: 0x40, Initiator: 0x5})
	_ = b.CallIB(0x1000, 64)
	_ = b.Fence32(0x100, 7)
	_ = b.Nop(3)
	out, err := disasm(t, b.Words(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  c0065800  ACQUIRE_MEM  COHER_SIZE=0xffffffff COHER_SIZE_HI=0x00ffffff COHER_BASE=0x00000000 COHER_BASE_HI=0x00000000 POLL_INTERVAL=10 GCR_CNTL=0x0000c3b1(GLI_INV=ALL(1) GLM_WB GLM_INV GLK_INV GLV_INV GL1_INV GL2_INV GL2_WB)\n",
		"SET_SH_REG  COMPUTE_PGM_LO=0x00123456 COMPUTE_PGM_HI=0x0000007f\n",
		"SET_SH_REG  COMPUTE_PGM_RSRC1=0x600c0001(VGPRS=1 FLOAT_MODE=0xc0 WGP_MODE MEM_ORDERED) COMPUTE_PGM_RSRC2=0x00001188(USER_SGPR=4 TGID_X_EN TGID_Y_EN TIDIG_COMP_CNT=2)\n",
		"SET_SH_REG  COMPUTE_PGM_RSRC3=0x00000000\n",
		"SET_SH_REG  COMPUTE_NUM_THREAD_X=0x00000040(NUM_THREAD_FULL=64) COMPUTE_NUM_THREAD_Y=0x00000001(NUM_THREAD_FULL=1) COMPUTE_NUM_THREAD_Z=0x00000001(NUM_THREAD_FULL=1)\n",
		"SET_SH_REG  COMPUTE_USER_DATA_0=0x00001000 COMPUTE_USER_DATA_1=0x00007f00 COMPUTE_USER_DATA_2=0x00002000 COMPUTE_USER_DATA_3=0x00007f00\n",
		"  c0031500  DISPATCH_DIRECT  DIM_X=128 DIM_Y=1 DIM_Z=1 INITIATOR=0x00008005(COMPUTE_SHADER_EN FORCE_START_AT_000 CS_W32_EN)\n",
		"  c0004600  EVENT_WRITE  EVENT_TYPE=CS_PARTIAL_FLUSH(7) EVENT_INDEX=4\n",
		"  c0043700  WRITE_DATA  DST_SEL=MEMORY(5) WR_CONFIRM ADDR=0x10 DATA=[0x00000005 0x00000000]\n",
		"  c0044000  COPY_DATA  SRC_SEL=MEMORY(1) DST_SEL=MEMORY(5) WR_CONFIRM SRC=0x20 DST=0x28\n",
		"  c0053c00  WAIT_REG_MEM  FUNCTION=GE(5) MEM_SPACE=MEMORY(1) ADDR=0x30 REFERENCE=0x00000001 MASK=0xffffffff POLL_INTERVAL=4\n",
		"  c0021600  DISPATCH_INDIRECT  ADDR=0x40 INITIATOR=0x00000005(COMPUTE_SHADER_EN FORCE_START_AT_000)\n",
		"  c0023f00  INDIRECT_BUFFER  ADDR=0x1000 IB_SIZE=64 VALID\n",
		"  c0064900  RELEASE_MEM  EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT(20) EVENT_INDEX=5 GL2_WB SEQ=FORWARD(1) CACHE_POLICY=BYPASS(3) DST_SEL=MEMORY(0) INT_SEL=NONE(0) DATA_SEL=VALUE_32BIT(1) ADDR=0x100 DATA=0x7\n",
		"  c0021000  NOP  PAYLOAD=3\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks\n%s\nlisting:\n%s", want, out)
		}
	}
}

func TestDisassembleShowsFlagsAndReservedBits(t *testing.T) {
	ib := []uint32{
		0xC0031500 | 2 | 1 | 0x08, 1, 1, 1, 0x8005 | 1<<8, // SHADER_TYPE, PREDICATE, reserved header bit 3, initiator bit 8 unnamed
		0xC0017600, 0x20D, 0x100, // PGM_HI with a bit above DATA[7:0]
	}
	out, err := disasm(t, ib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"INITIATOR=0x00008105(COMPUTE_SHADER_EN FORCE_START_AT_000 CS_W32_EN RESERVED=0x00000100) PREDICATE SHADER_TYPE HEADER_RESERVED=0x00000008\n",
		"COMPUTE_PGM_HI=0x00000100(RESERVED=0x00000100)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
}

func TestDisassembleComments(t *testing.T) {
	b := NewBuilder(make([]uint32, 64))
	_ = b.Nop(0)
	at := b.Written()
	_ = b.SetUserData64(0, 0x5000)
	disp := b.Written()
	_ = b.Dispatch(1, 1, 1, 0x8005)
	out, err := disasm(t, b.Words(), Options{Comments: map[int]string{
		disp:                   "%x = rms_norm %h, %w (graph.zir:12)",
		at + PosSetShRegValues: "token id, patched per step",
		at:                     "// kernel arguments\nsecond line",
		100:                    "past the end",
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := "0x0000  ffff1000  NOP  HEADER_ONLY\n" +
		"// kernel arguments\n" +
		"// second line\n" +
		"// @0x0003: token id, patched per step\n" +
		"0x0001  c0027600  SET_SH_REG  COMPUTE_USER_DATA_0=0x00005000 COMPUTE_USER_DATA_1=0x00000000\n" +
		"// %x = rms_norm %h, %w (graph.zir:12)\n" +
		"0x0005  c0031500  DISPATCH_DIRECT  DIM_X=1 DIM_Y=1 DIM_Z=1 INITIATOR=0x00008005(COMPUTE_SHADER_EN FORCE_START_AT_000 CS_W32_EN)\n" +
		"// @0x0064: past the end\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

func TestDisassembleStopsAtDecodeError(t *testing.T) {
	out, err := disasm(t, []uint32{0xFFFF1000, 0xC0031500, 1}, Options{})
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 1 {
		t.Fatalf("err = %v", err)
	}
	if out != "0x0000  ffff1000  NOP  HEADER_ONLY\n" {
		t.Fatalf("listing %q", out)
	}
}

func TestDisassembleJSON(t *testing.T) {
	ib := []uint32{0xC0027600, 0x20C, 0x1000, 0, 0xC0004600, 0x407, 0xC0031500, 1}
	var buf bytes.Buffer
	err := DisassembleJSON(&buf, ib, Options{Comments: map[int]string{4: "barrier"}})
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 6 {
		t.Fatalf("err = %v", err)
	}
	var l Listing
	if err := json.Unmarshal(buf.Bytes(), &l); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if l.Dwords != 8 || len(l.Packets) != 2 || l.Error == nil || l.Error.Offset != 6 {
		t.Fatalf("listing %+v", l)
	}
	p := l.Packets[0]
	if p.Name != "SET_SH_REG" || p.Opcode != 0x76 || p.Header != 0xC0027600 || len(p.Body) != 3 ||
		len(p.Fields) != 2 || p.Fields[0].Name != "COMPUTE_PGM_LO" || p.Fields[0].Value != 0x1000 {
		t.Fatalf("packet 0: %+v", p)
	}
	e := l.Packets[1]
	if len(e.Comments) != 1 || e.Comments[0].Text != "barrier" || e.Fields[0].Symbol != "CS_PARTIAL_FLUSH" || e.Fields[0].Value != 7 {
		t.Fatalf("packet 1: %+v", e)
	}
}

func TestGCRCntlString(t *testing.T) {
	if s := (GCR_GLI_INV_ALL | GCR_GLK_INV | GCR_GLV_INV).String(); s != "GLI_INV=ALL(1) GLK_INV GLV_INV" {
		t.Fatalf("%q", s)
	}
	if s := GCRCntl(0).String(); s != "0" {
		t.Fatalf("%q", s)
	}
	if s := CS_PARTIAL_FLUSH.String(); s != "CS_PARTIAL_FLUSH" {
		t.Fatalf("%q", s)
	}
}
