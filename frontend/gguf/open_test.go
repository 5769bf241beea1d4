package gguf

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openFDs counts this process's open file descriptors.
func openFDs(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(ents)
}

// mappingOf returns the /proc/self/maps line that maps path, if any.
func mappingOf(t *testing.T, path string) string {
	t.Helper()
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skipf("no /proc/self/maps: %v", err)
	}
	for _, line := range strings.Split(string(maps), "\n") {
		if strings.HasSuffix(line, " "+path) {
			return line
		}
	}
	return ""
}

// TestOpen maps a written file read-only, reads tensors through the mapping,
// and checks Close releases it.
func TestOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rich.gguf")
	if err := richWriter(t, 0).WriteFile(path); err != nil {
		t.Fatal(err)
	}
	fds := openFDs(t)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := openFDs(t); n != fds {
		t.Errorf("%d descriptors open after Open, %d before: the mapping should not need one", n, fds)
	}
	m := mappingOf(t, path)
	if perms := strings.Fields(m + " x x")[1]; !strings.HasPrefix(perms, "r--") {
		t.Errorf("mapping %q is not read-only", m)
	}
	for i, tt := range richTensors {
		d, err := f.TensorData(tt.name)
		if err != nil || !bytes.Equal(d, testTensorData(i, tt.size)) {
			t.Errorf("tensor %q differs (%v)", tt.name, err)
		}
	}
	if got, err := Get[string](f, "general.name"); err != nil || got != "  spaced name \n" {
		t.Errorf("general.name = %q, %v", got, err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if m := mappingOf(t, path); m != "" {
		t.Errorf("still mapped after Close: %q", m)
	}
	if err := f.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := f.TensorData(richTensors[0].name); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("TensorData after Close = %v, want a closed-file error", err)
	}
	if got, err := Get[string](f, "general.architecture"); err != nil || got != "llama" {
		t.Errorf("metadata after Close = %q, %v (metadata is copied out of the mapping)", got, err)
	}
}

// TestOpenErrors checks bad files fail with the path and a byte offset, and
// leave no descriptor or mapping behind.
func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	good := richFile(t, 0)
	cases := []struct {
		name string
		data []byte
		msg  string
	}{
		{"empty", nil, "byte 0: truncated magic"},
		{"magic", append([]byte("XGUF"), good[4:]...), "byte 0: bad magic"},
		{"header cut", good[:100], "byte 8: tensor_count 8 cannot fit"},
		{"data cut", good[:len(good)-200], "run past the end of the file"},
	}
	fds := openFDs(t)
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".gguf")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Open(path)
		var fe *FormatError
		if f != nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: Open = %v, %v; want a FormatError naming %s and %q", c.name, f, err, path, c.msg)
		}
		if m := mappingOf(t, path); m != "" {
			t.Errorf("%s: left mapped: %q", c.name, m)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing.gguf")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	if n := openFDs(t); n != fds {
		t.Errorf("%d descriptors open after failed Opens, %d before", n, fds)
	}
}

// TestParsedFileClose: Close on a File from Parse just drops the bytes.
func TestParsedFileClose(t *testing.T) {
	f := mustParse(t, richFile(t, 0))
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.TensorData(richTensors[0].name); err == nil {
		t.Error("TensorData after Close succeeded")
	}
}

// vmRSS reads this process's resident set size in KiB.
func vmRSS(t *testing.T) int {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int
			fmt.Sscan(rest, &kb)
			return kb
		}
	}
	t.Skip("no VmRSS line")
	return 0
}

// TestOpenReadsOnlyHeader opens a sparse file declaring an 8 GiB tensor: Open
// must map it without reading the data (resident memory barely moves), and the
// tensor slice must span all of it.
func TestOpenReadsOnlyHeader(t *testing.T) {
	const elems = 1 << 31 // f32: 8 GiB
	r := new(raw).header(1, 1).kvHead("general.architecture", ValueString).str("llama")
	r.info("big", []uint64{elems}, TypeF32, 0).padTo(DefaultAlignment)
	path := filepath.Join(t.TempDir(), "sparse.gguf")
	if err := os.WriteFile(path, r.b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, int64(len(r.b))+4*elems); err != nil {
		t.Skipf("cannot make an 8 GiB sparse file here: %v", err)
	}
	before := vmRSS(t)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := f.TensorData("big")
	if err != nil || len(d) != 4*elems {
		t.Fatalf("TensorData: %d bytes, %v", len(d), err)
	}
	if grew := vmRSS(t) - before; grew > 16<<10 {
		t.Errorf("resident memory grew by %d KiB while opening", grew)
	}
	if d[len(d)-1] != 0 {
		t.Errorf("last byte of a sparse file = %d", d[len(d)-1])
	}
}
