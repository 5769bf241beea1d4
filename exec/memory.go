package exec

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

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
		n = addBytes(n, v.Type.Bytes())
	}
	for _, nd := range m.Nodes {
		if nd.Result != nil {
			n = addBytes(n, nd.Result.Type.Bytes())
		}
	}
	for _, o := range m.Outputs {
		n = addBytes(n, o.Value.Type.Bytes())
	}
	return n
}

// addBytes adds b to n, saturating (so no sum of huge types wraps to a
// small one).
func addBytes(n uint64, b int) uint64 {
	if b < 0 || n+uint64(b) < n {
		return math.MaxUint64
	}
	return n + uint64(b)
}

// DefaultMemoryLimit is what a run may allocate when no limit is given:
// half the memory the kernel reports available (the rest is for the
// process itself, the page cache and whatever else runs), or 4 GiB when it
// cannot be read.
func DefaultMemoryLimit() uint64 {
	const fallback = 4 << 30
	info, err := readMeminfo()
	if err != nil {
		return fallback
	}
	avail, ok := info["MemAvailable:"]
	if !ok {
		return fallback
	}
	return avail / 2
}

// CheckMemory refuses a graph whose run would allocate more than limit
// bytes, before anything is allocated. Whatever limit says, a graph that
// needs more than the process could ever get (MachineMemory) is refused
// too: Go cannot recover from a failed allocation, it dies with "fatal
// error: runtime: out of memory".
func CheckMemory(m *ir.Module, limit uint64) error {
	need := HostBytes(m)
	if need > limit {
		return fmt.Errorf("graph @%s needs %s of memory for its weights, states and values; the limit is %s (raise it with -max-memory)",
			m.Name, FormatBytes(need), FormatBytes(limit))
	}
	if most, what := MachineMemory(); need > most {
		return fmt.Errorf("graph @%s needs %s of memory for its weights, states and values, more than this process can have (%s: %s)",
			m.Name, FormatBytes(need), what, FormatBytes(most))
	}
	return nil
}

// MachineMemory is the most memory this process could allocate, and what
// bounds it: the machine's memory and swap, the cgroup's memory.max, or
// the address-space and data rlimits, whichever is least.
func MachineMemory() (uint64, string) {
	most, what := uint64(math.MaxUint64), "no limit known"
	lower := func(n uint64, why string) {
		if n < most {
			most, what = n, why
		}
	}
	if info, err := readMeminfo(); err == nil {
		if total, ok := info["MemTotal:"]; ok {
			lower(total+info["SwapTotal:"], "memory and swap")
		}
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil {
			lower(n, "the cgroup's memory.max")
		}
	}
	for _, r := range []struct {
		res  int
		name string
	}{{unix.RLIMIT_AS, "RLIMIT_AS"}, {unix.RLIMIT_DATA, "RLIMIT_DATA"}} {
		var lim unix.Rlimit
		if unix.Getrlimit(r.res, &lim) == nil && lim.Cur != unix.RLIM_INFINITY {
			lower(lim.Cur, r.name)
		}
	}
	return most, what
}

// readMeminfo returns the fields of /proc/meminfo in bytes, keyed with
// their colon ("MemTotal:").
func readMeminfo() (map[string]uint64, error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info := map[string]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 {
			if kb, err := strconv.ParseUint(fields[1], 10, 64); err == nil {
				info[fields[0]] = kb * 1024
			}
		}
	}
	return info, sc.Err()
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
