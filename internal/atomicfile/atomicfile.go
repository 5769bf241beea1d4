// Package atomicfile writes files so that readers see either the old
// contents or the new, never a half-written file: the data goes to a
// temporary file in the same directory, which is synced and renamed over
// the target.
//
// Only regular files (or paths that do not exist yet) are replaced that
// way. What else a path may name is treated as cp and gofmt treat it: a
// symbolic link is followed and its target replaced, the link kept; a
// device, FIFO or socket is opened and written through (so "-o /dev/null"
// discards and "-o /dev/stdout" prints); a directory is an error. A
// regular file without any write permission is refused rather than
// silently replaced.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile replaces path with data. An existing file keeps its
// permissions; a new one gets perm. On any error the target is untouched
// and the temporary file is removed.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := io.Copy(w, bytes.NewReader(data))
		return err
	})
}

// maxLinks bounds the symbolic links followed, as the kernel's ELOOP does.
const maxLinks = 40

// Resolve follows the symbolic links of path's last element (a dangling
// link resolves to the path it names) and returns the path to write, with
// its Lstat (nil when nothing is there yet).
func Resolve(path string) (string, fs.FileInfo, error) {
	for i := 0; ; i++ {
		st, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return path, st, nil
		}
		if i == maxLinks {
			return "", nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
}

// Write replaces path with what write produces, streamed into the
// temporary file (so large files need not be held in memory), with the
// guarantees of WriteFile. A path that names a device, FIFO or socket is
// written through instead (see the package comment).
func Write(path string, perm os.FileMode, write func(io.Writer) error) (err error) {
	target, st, err := Resolve(path)
	if err != nil {
		return err
	}
	if st != nil {
		switch {
		case st.IsDir():
			return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
		case !st.Mode().IsRegular():
			return writeThrough(target, write)
		case st.Mode().Perm()&0o222 == 0:
			return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("file is read-only (mode %#o); not replacing it", st.Mode().Perm())}
		}
		// Replacing by rename needs only the directory to be writable; do
		// not replace a file its owner could not open for writing.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		f.Close()
		perm = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}

// writeThrough writes into an existing device, FIFO or socket path as cp
// does: opened for writing, never created, renamed or removed.
func writeThrough(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		// Some character devices reject O_TRUNC; a FIFO or tty ignores it.
		if f, err = os.OpenFile(path, os.O_WRONLY, 0); err != nil {
			return err
		}
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
