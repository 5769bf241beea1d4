package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	_ "zincc/internal/golden"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteFile(path, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(got) != "two" || st.Mode().Perm() != 0o640 {
		t.Errorf("contents %q, mode %v; want \"two\", 0640", got, st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestWriteFileFailureLeavesTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "missing", "out.txt")
	if err := WriteFile(path, []byte("x"), 0o644); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("target exists after a failed write: %v", err)
	}
}

// Issue 17 item 13: "-o x" where x is a character device (as /dev/null is)
// turned the device into a regular file. A device is written through.
func TestWriteThroughCharDevice(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "null")
	if err := unix.Mknod(path, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
		t.Skipf("mknod needs privileges: %v", err)
	}
	if err := WriteFile(path, []byte("discarded"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("after writing, %s is %v, not the character device it was", path, st.Mode())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left behind: %v", entries)
	}
}

func TestWriteThroughFIFO(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fifo")
	if err := unix.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan []byte)
	go func() {
		data, _ := os.ReadFile(path)
		got <- data
	}()
	if err := WriteFile(path, []byte("through the pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data := <-got; string(data) != "through the pipe" {
		t.Errorf("reader got %q", data)
	}
	if st, _ := os.Lstat(path); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO became %v", st.Mode())
	}
}

// Issue 17 item 9: a symbolic link is kept and its target rewritten.
func TestWriteKeepsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.zir")
	link := filepath.Join(dir, "link.zir")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.zir", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Lstat(link)
	if st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link became %v", st.Mode())
	}
	data, _ := os.ReadFile(target)
	if string(data) != "new" {
		t.Errorf("target holds %q, want \"new\"", data)
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v, want 0640", st.Mode().Perm())
	}
}

func TestWriteDanglingSymlinkCreatesTarget(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link")
	if err := os.Symlink("made", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "made")); string(data) != "x" {
		t.Errorf("target holds %q", data)
	}
}

func TestWriteSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink("b", a)
	os.Symlink("a", b)
	if err := WriteFile(a, []byte("x"), 0o644); err == nil {
		t.Error("writing through a symlink loop succeeded")
	}
}

// Issue 17 item 9: a read-only file is not silently replaced by rename.
func TestWriteRefusesReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ro.zir")
	if err := os.WriteFile(path, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, []byte("new"), 0o644)
	if err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("err = %v, want a read-only refusal", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Errorf("file now holds %q", data)
	}
}

func TestWriteRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(dir, []byte("x"), 0o644); err == nil {
		t.Error("writing over a directory succeeded")
	}
}
