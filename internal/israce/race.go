//go:build race

package israce

// Enabled is true in binaries built with -race.
const Enabled = true
