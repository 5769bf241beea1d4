package gguf

import (
	"bytes"
	"errors"
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
