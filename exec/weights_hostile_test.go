package exec

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFileWeightRefusesNonRegularFiles: file(...) names a regular file; a
// directory, a device or a FIFO is refused by what it is, at once (issue
// 17 item 10: file("/tmp") "held 4096 bytes"; a FIFO would block the open).
func TestFileWeightRefusesNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, kind string }{
		{dir, "a directory"},
		{"/dev/null", "a character device"},
		{fifo, "a FIFO"},
	} {
		if _, err := os.Stat(c.path); err != nil {
			t.Logf("%s: %v", c.path, err)
			continue
		}
		m := parse(t, `graph @g {
  input %tok : u32
  weight %a : f32[2, 2] = file("`+c.path+`")
  %x = embed %a, %tok
  output %x
}`)
		done := make(chan error, 1)
		go func() {
			_, err := Bind(m, BindOptions{Dir: dir})
			done <- err
		}()
		select {
		case err := <-done:
			want := c.path + " is " + c.kind + ", not a regular file of 16 bytes (f32[2, 2])"
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("file(%q): %v, want %q", c.path, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("file(%q): Bind does not return", c.path)
		}
	}
}
