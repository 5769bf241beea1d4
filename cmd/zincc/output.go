package main

import (
	"zincc/internal/atomicfile"
)

// stdoutPath is the -o value meaning standard output, as for gofmt and cp.
const stdoutPath = "-"

// writeOutput writes data to the -o path: standard output for "-", else
// through atomicfile, which replaces regular files atomically and writes
// through devices, FIFOs and symbolic links instead of replacing them.
func writeOutput(e *env, path string, data []byte) error {
	if path == stdoutPath {
		_, err := e.stdout.Write(data)
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}
