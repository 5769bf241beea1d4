package isa

// Every test package defines -update so that `go test ./... -update` works.
import _ "zincc/internal/golden"
