package main

import (
	"fmt"
	"io"
	"os"
)

// maxInputBytes bounds the binary and text inputs of the tools (an IB, a
// hex dump, code bytes, an object file, assembly): far more than any real
// one (an IB holds at most 4 MiB of dwords), and small enough that
// /dev/zero or a huge sparse file is refused quickly.
const maxInputBytes = 64 << 20

// readFileLimit reads path whole, refusing, without reading it all, a
// regular file longer than limit and any other file (a device, a FIFO)
// that yields more than limit bytes.
func readFileLimit(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", path)
	}
	if st.Mode().IsRegular() && st.Size() > limit {
		return nil, fmt.Errorf("%s is %d bytes; the limit is %d", path, st.Size(), limit)
	}
	return readLimit(f, path, limit)
}

// readLimit reads r to its end, or fails once it has given more than limit
// bytes.
func readLimit(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is longer than the limit of %d bytes", name, limit)
	}
	return data, nil
}
