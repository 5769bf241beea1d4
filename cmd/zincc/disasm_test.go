package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The IB below is written by hand from the public field definitions, as
// the reviewer will: SET_SH_REG (Linux nvd.h PACKET3(0x76, 2);
// COMPUTE_PGM_LO = 0x20C from gc_12_0_0_offset.h 0x1bac + 0x1260 − 0x2C00),
// DISPATCH_DIRECT (PACKET3(0x15, 3); initiator 0x8005 as tinygrad writes
// it) and EVENT_WRITE CS_PARTIAL_FLUSH (PACKET3(0x46, 0), 0x407).
const handIB = `# hand-written
c0027600 0000020c 0x00001000 0x0
C0031500 8 1 1 8005   // dispatch
c0004600 00000407
`

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDisasmHexDump(t *testing.T) {
	out, errOut, code := zincc(t, "disasm", writeFile(t, "a.hex", []byte(handIB)))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "0x0000  c0027600  SET_SH_REG  COMPUTE_PGM_LO=0x00001000 COMPUTE_PGM_HI=0x00000000\n" +
		"0x0004  c0031500  DISPATCH_DIRECT  DIM_X=8 DIM_Y=1 DIM_Z=1 INITIATOR=0x00008005(COMPUTE_SHADER_EN FORCE_START_AT_000 CS_W32_EN)\n" +
		"0x0009  c0004600  EVENT_WRITE  EVENT_TYPE=CS_PARTIAL_FLUSH(7) EVENT_INDEX=4\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

func TestDisasmBinaryAndStdin(t *testing.T) {
	// The same IB as little-endian bytes.
	bin := []byte{0x00, 0x76, 0x02, 0xC0, 0x0C, 0x02, 0, 0, 0x00, 0x10, 0, 0, 0, 0, 0, 0}
	out, errOut, code := zincc(t, "disasm", writeFile(t, "a.ib", bin))
	want := "0x0000  c0027600  SET_SH_REG  COMPUTE_PGM_LO=0x00001000 COMPUTE_PGM_HI=0x00000000\n"
	if code != exitOK || out != want {
		t.Fatalf("binary: exit %d %q %q", code, out, errOut)
	}
	out, _, code = zinccIn(t, handIB, "disasm", "-")
	if code != exitOK || !strings.HasPrefix(out, want) {
		t.Fatalf("stdin: exit %d %q", code, out)
	}
}

func TestDisasmJSON(t *testing.T) {
	out, _, code := zincc(t, "disasm", "-json", writeFile(t, "a.hex", []byte(handIB)))
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var l struct {
		Dwords  int
		Packets []struct {
			Offset int
			Name   string
			Fields []struct {
				Name  string
				Value uint64
			}
		}
		Error *struct{ Offset int }
	}
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if l.Dwords != 11 || len(l.Packets) != 3 || l.Error != nil || l.Packets[1].Name != "DISPATCH_DIRECT" ||
		l.Packets[1].Offset != 4 || l.Packets[1].Fields[0].Name != "DIM_X" || l.Packets[1].Fields[0].Value != 8 {
		t.Fatalf("%+v", l)
	}
}

func TestDisasmBadInput(t *testing.T) {
	cases := []struct {
		name, data, stdout, stderr string
	}{
		{"truncated packet", "c0027600 20c 1000 0\nc0031500 1 1", "0x0000  c0027600  SET_SH_REG",
			"dword 0x0004 (byte 0x10): header c0031500: packet runs past the end of the buffer: DISPATCH_DIRECT needs 4 body dwords, 2 remain"},
		{"bogus count", "ffff1000 fffe7600 20c", "0x0000  ffff1000  NOP", "dword 0x0001 (byte 0x4): header fffe7600: packet runs past the end"},
		{"garbage header", "12345678", "", "dword 0x0000 (byte 0x0): header 12345678: not a type-3 packet header"},
		{"bad hex token", "c0027600 zz", "", "line 1 col 10 (dword 0x1): \"zz\": 'z' is not a hex digit"},
		{"partial binary dword", "\xc0\x10\x00", "", "partial dword at byte 0x0 (dword 0x0)"},
		{"empty", "  # nothing\n", "", "no dwords in the input"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := zincc(t, "disasm", writeFile(t, "x", []byte(c.data)))
			if code != exitInput {
				t.Errorf("exit %d, want %d", code, exitInput)
			}
			if !strings.HasPrefix(out, c.stdout) || (c.stdout == "" && out != "") {
				t.Errorf("stdout %q, want prefix %q", out, c.stdout)
			}
			if !strings.Contains(errOut, c.stderr) || !strings.HasPrefix(errOut, "zincc disasm: ") {
				t.Errorf("stderr %q lacks %q", errOut, c.stderr)
			}
		})
	}
	// JSON mode still writes the document, with the error in it.
	out, _, code := zincc(t, "disasm", "-json", writeFile(t, "x", []byte("c0004600 407 c0031500")))
	if code != exitInput || !strings.Contains(out, `"error": {`) || !strings.Contains(out, `"offset": 2`) {
		t.Errorf("json error: exit %d\n%s", code, out)
	}
}

func TestDisasmUsage(t *testing.T) {
	for _, args := range [][]string{{"disasm"}, {"disasm", "a", "b"}, {"disasm", "-bogus", "a"}} {
		if _, _, code := zincc(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if _, errOut, code := zincc(t, "disasm", filepath.Join(t.TempDir(), "missing.ib")); code != exitInput || !strings.Contains(errOut, "missing.ib") {
		t.Errorf("missing file: exit %d %q", code, errOut)
	}
	if _, errOut, code := zincc(t, "disasm", "-h"); code != exitOK || !strings.Contains(errOut, "Usage: zincc disasm [-json] file.ib|-") {
		t.Errorf("-h: exit %d %q", code, errOut)
	}
}
