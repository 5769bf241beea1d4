// Package atomicfile writes files so that readers see either the old
// contents or the new, never a half-written file: the data goes to a
// temporary file in the same directory, which is synced and renamed over
// the target.
package atomicfile

import (
	"bytes"
	"io"
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

// Write replaces path with what write produces, streamed into the
// temporary file (so large files need not be held in memory), with the
// guarantees of WriteFile.
func Write(path string, perm os.FileMode, write func(io.Writer) error) (err error) {
	if st, err := os.Stat(path); err == nil {
		perm = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
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
	return os.Rename(tmp.Name(), path)
}
