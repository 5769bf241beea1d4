package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"zincc/pm4"
)

// Where the sim-ib tests map things.
const (
	siCodeVA = 0x1_0000_0000
	siXVA    = 0x2_0000_0000
	siYVA    = 0x2_0001_0000
	siZVA    = 0x2_0002_0000
)

// siScale is one dispatch of skScaleKernel over 64 f32 elements:
// out = in*scale + bias.
type siScale struct {
	in, out     uint64
	scale, bias float32
}

// scaleIB builds an IB of scale dispatches with the pm4 builder, a barrier
// between consecutive ones when barriers is set, and writes it to a file
// (hex dump when hex is set).
func scaleIB(t *testing.T, dispatches []siScale, barriers, hex bool) string {
	t.Helper()
	b := pm4.NewBuilder(make([]uint32, 512))
	rsrc2, err := pm4.PgmRsrc2{UserSGPR: 7, TGIDXEn: true}.Pack()
	if err != nil {
		t.Fatal(err)
	}
	initiator, err := pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	if err != nil {
		t.Fatal(err)
	}
	b.SetProgram(siCodeVA)
	b.SetShReg(pm4.COMPUTE_PGM_RSRC1, 0, rsrc2) // 8 VGPRs, denormals flushed
	b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 64, 1, 1)
	for i, d := range dispatches {
		if i > 0 && barriers {
			b.CSPartialFlush()
			b.AcquireMemAll(pm4.GCR_GLV_INV | pm4.GCR_GLK_INV)
		}
		b.SetShReg(pm4.COMPUTE_USER_DATA_0, uint32(d.in), uint32(d.in>>32), uint32(d.out), uint32(d.out>>32),
			math.Float32bits(d.scale), math.Float32bits(d.bias), 64)
		b.Dispatch(1, 1, 1, initiator)
	}
	b.Fence32(siZVA+256, 7)
	if b.Err() != nil {
		t.Fatal(b.Err())
	}
	var out bytes.Buffer
	write := pm4.WriteBinaryIB
	name := "step.ib"
	if hex {
		write, name = pm4.WriteHexIB, "step.hex"
	}
	if err := write(&out, b.Words()); err != nil {
		t.Fatal(err)
	}
	return writeTemp(t, name, out.String())
}

// siInputs are the 64 values of buffer x and its -buf flag.
func siInputs() ([]float32, string) {
	x := make([]float32, 64)
	text := make([]string, 64)
	for i := range x {
		x[i] = float32(i)*0.25 - 4
		text[i] = strconv.FormatFloat(float64(x[i]), 'g', -1, 32)
	}
	return x, fmt.Sprintf("x@%#x=f32:64=%s", siXVA, strings.Join(text, ","))
}

func TestSimIBRunsTwoDependentDispatches(t *testing.T) {
	code := writeTemp(t, "scale.s", skScaleKernel)
	x, xbuf := siInputs()
	for _, hex := range []bool{false, true} {
		ib := scaleIB(t, []siScale{{siXVA, siYVA, 2, 1}, {siYVA, siZVA, 3, -0.5}}, true, hex)
		out, errOut, status := zincc(t, "sim-ib", "-code", fmt.Sprintf("%#x=%s", siCodeVA, code), "-buf", xbuf,
			"-buf", fmt.Sprintf("y@%#x=f32:64", siYVA), "-buf", fmt.Sprintf("z@%#x=u32:66", siZVA), "-ro", "x", ib)
		if status != exitOK {
			t.Fatalf("hex %v: exit %d: %s", hex, status, errOut)
		}
		if !strings.Contains(out, "2 dispatches") || !strings.Contains(out, "scale=+0x0") {
			t.Errorf("hex %v: summary lacks the dispatch count or the label list:\n%s", hex, out)
		}
		z := bufferValues(t, out, "z")
		if len(z) != 66 {
			t.Fatalf("hex %v: z has %d values:\n%s", hex, len(z), out)
		}
		for i, v := range x {
			y := float32(math.FMA(float64(v), 2, 1))
			want := math.Float32bits(float32(math.FMA(float64(y), 3, -0.5)))
			if z[i] != strconv.FormatUint(uint64(want), 10) {
				t.Errorf("hex %v: z[%d] = %s, want bits %d (%g)", hex, i, z[i], want, math.Float32frombits(want))
			}
		}
		if z[64] != "7" { // the fence, at byte 256
			t.Errorf("hex %v: fence word = %s, want 7", hex, z[64])
		}
	}
}

func TestSimIBReportsHazardFaultAndHang(t *testing.T) {
	code := writeTemp(t, "scale.s", skScaleKernel)
	codeFlag := fmt.Sprintf("%#x=%s", siCodeVA, code)
	_, xbuf := siInputs()
	bufs := []string{"-buf", xbuf, "-buf", fmt.Sprintf("y@%#x=f32:64", siYVA), "-buf", fmt.Sprintf("z@%#x=f32:66", siZVA)}
	run := func(extra []string, ib string) (string, string, int) {
		args := append(append([]string{"sim-ib", "-code", codeFlag}, bufs...), extra...)
		return zincc(t, append(args, ib)...)
	}

	// The second dispatch reads y, which the first wrote, with no barrier.
	noBarrier := scaleIB(t, []siScale{{siXVA, siYVA, 2, 1}, {siYVA, siZVA, 3, 0}}, false, false)
	_, errOut, status := run(nil, noBarrier)
	if status != exitInput || !strings.Contains(errOut, "hazard") || !strings.Contains(errOut, fmt.Sprintf("%#x", siYVA)) {
		t.Errorf("missing barrier: exit %d: %s", status, errOut)
	}
	out, errOut, status := run([]string{"-hazards", "warn"}, noBarrier)
	if status != exitOK || !strings.Contains(errOut, "warning:") || !strings.Contains(out, "z f32[66]") {
		t.Errorf("missing barrier, -hazards warn: exit %d: %s\n%s", status, errOut, out)
	}
	if _, errOut, status = run([]string{"-hazards", "off"}, noBarrier); status != exitOK || errOut != "" {
		t.Errorf("missing barrier, -hazards off: exit %d: %s", status, errOut)
	}

	// A write into the read-only x is a page fault naming it.
	intoX := scaleIB(t, []siScale{{siXVA, siXVA, 2, 1}}, true, false)
	_, errOut, status = run([]string{"-ro", "x"}, intoX)
	if status != exitInput || !strings.Contains(errOut, "page fault") || !strings.Contains(errOut, `"x"`) {
		t.Errorf("write to read-only x: exit %d: %s", status, errOut)
	}
	// So is a read of unmapped memory.
	unmapped := scaleIB(t, []siScale{{0x3_0000_0000, siYVA, 2, 1}}, true, false)
	out, _, status = run([]string{"-json"}, unmapped)
	var j struct {
		Error struct{ Kind, Message string }
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || status != exitInput || j.Error.Kind != "page fault" ||
		!strings.Contains(j.Error.Message, "0x300000000") {
		t.Errorf("unmapped read: exit %d, %v: %s", status, err, out)
	}

	// A kernel that never ends is a hang at its budget.
	loop := writeTemp(t, "loop.s", ".text\nspin:\n  s_branch spin\n  s_endpgm\n")
	ib := scaleIB(t, []siScale{{siXVA, siYVA, 1, 0}}, true, false)
	_, errOut, status = zincc(t, "sim-ib", "-budget", "1000", "-code", fmt.Sprintf("%#x=%s", siCodeVA, loop), ib)
	if status != exitInput || !strings.Contains(errOut, "GPU hang") || !strings.Contains(errOut, "spin") {
		t.Errorf("endless loop: exit %d: %s", status, errOut)
	}
}

func TestSimIBUsage(t *testing.T) {
	code := writeTemp(t, "scale.s", skScaleKernel)
	ib := scaleIB(t, []siScale{{siXVA, siYVA, 1, 0}}, true, false)
	empty := writeTemp(t, "empty.ib", "")
	truncated := filepath.Join(t.TempDir(), "bad.ib")
	if err := os.WriteFile(truncated, []byte{0x00, 0x10, 0x76, 0xc0, 0x01}, 0o644); err != nil { // 5 bytes
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-buf", "y=f32:4", ib}, exitUsage, "NAME@VA=TYPE:N"},
		{[]string{"-buf", "y@0x1001=f32:4", ib}, exitUsage, "not 4096-byte aligned"},
		{[]string{"-buf", "y@0x1000000000000=f32:4", ib}, exitUsage, "48-bit"},
		{[]string{"-buf", "y@0x1000=f32:4", "-buf", "y@0x2000=f32:4", ib}, exitUsage, `two buffers are called "y"`},
		{[]string{"-ro", "w", ib}, exitUsage, `no buffer "w"`},
		{[]string{"-hazards", "maybe", ib}, exitUsage, "-hazards"},
		{[]string{"-code", code, ib}, exitInput, "want VA=FILE"},
		{[]string{"-code", fmt.Sprintf("%#x=%s", siCodeVA, code), "-buf", fmt.Sprintf("y@%#x=f32:4", siCodeVA), ib}, exitInput, "-buf y"},
		{[]string{empty}, exitInput, "empty"},
		{[]string{truncated}, exitInput, "bad.ib"},
		{[]string{}, exitUsage, "sim-ib"},
	} {
		_, errOut, status := zincc(t, append([]string{"sim-ib"}, c.args...)...)
		if status != c.status || !strings.Contains(errOut, c.want) {
			t.Errorf("sim-ib %v: exit %d (want %d), stderr %q (want %q)", c.args, status, c.status, errOut, c.want)
		}
	}
}
