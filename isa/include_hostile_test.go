package isa

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestIncludeOfNonRegularFiles: .include of a FIFO no longer blocks the
// assembler forever, and a directory, device or FIFO is named for what it
// is rather than "Could not find include file" (issue 17, the fifteenth).
func TestIncludeOfNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.inc")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{fifo, "include file '" + filepath.ToSlash(fifo) + "': a FIFO, not a regular file"},
		{dir, "include file '" + filepath.ToSlash(dir) + "': a directory, not a regular file"},
		{"/dev/null", "include file '/dev/null': a device, not a regular file"},
		{filepath.Join(dir, "missing.inc"), "Could not find include file"},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := AssembleWith(filepath.Join(dir, "k.s"), []byte(".include \""+filepath.ToSlash(c.path)+"\"\ns_endpgm\n"), Options{})
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf(".include %q: %v, want %q", c.path, err, c.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf(".include %q: the assembler does not return", c.path)
		}
	}
}
