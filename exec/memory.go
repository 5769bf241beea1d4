package exec

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"zincc/ir"
)

// HostBytes estimates the host memory a run of m allocates: every weight
// that is not read from a memory-mapped GGUF file, every state and every
// SSA value (the CPU tier gives each its own buffer; the GPU tiers need
// less), and the copies of the outputs a step returns.
func HostBytes(m *ir.Module) uint64 {
	var n uint64
	for _, v := range m.Decls {
		if v.Kind == ir.Input || (v.Kind == ir.Weight && v.Init.Kind == ir.InitGGUF) {
			continue
		}
		n += uint64(v.Type.Bytes())
	}
	for _, nd := range m.Nodes {
		if nd.Result != nil {
			n += uint64(nd.Result.Type.Bytes())
		}
	}
	for _, o := range m.Outputs {
		n += uint64(o.Value.Type.Bytes())
	}
	return n
}

// DefaultMemoryLimit is what a run may allocate when no limit is given:
// half the memory the kernel reports available (the rest is for the
// process itself, the page cache and whatever else runs), or 4 GiB when it
// cannot be read.
func DefaultMemoryLimit() uint64 {
	const fallback = 4 << 30
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				break
			}
			return kb * 1024 / 2
		}
	}
	return fallback
}

// CheckMemory refuses a graph whose run would allocate more than limit
// bytes, before anything is allocated.
func CheckMemory(m *ir.Module, limit uint64) error {
	if need := HostBytes(m); need > limit {
		return fmt.Errorf("graph @%s needs %s of memory for its weights, states and values; the limit is %s (raise it with -max-memory)",
			m.Name, FormatBytes(need), FormatBytes(limit))
	}
	return nil
}

// FormatBytes prints a byte count with a binary unit ("1.5 GiB").
func FormatBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := uint64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// ParseBytes reads a size such as 512M, 8G, 8GiB or 1073741824.
func ParseBytes(text string) (uint64, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(text)), "B"), "I")
	mult := uint64(1)
	if n := len(s); n > 0 {
		if i := strings.IndexByte("KMGT", s[n-1]); i >= 0 {
			mult, s = 1<<(10*(i+1)), s[:n-1]
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v > (1<<63)/mult {
		return 0, fmt.Errorf("bad size %q (want a number of bytes, optionally with K, M, G or T)", text)
	}
	return v * mult, nil
}
