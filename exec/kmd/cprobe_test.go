package kmd

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The C probe: a program, generated from the tables of the layout tests,
// that includes the installed UAPI headers and prints the value of every C
// expression the tests ask about (sizeof, offsetof, alignment, signedness,
// macro values). It is compiled with gcc once per test binary.

// uapiHeaders are the installed headers the probe includes: Debian's
// linux-libc-dev (kfd_ioctl.h) and libdrm-dev (drm.h, amdgpu_drm.h,
// amdgpu.h for AMDGPU_TIMEOUT_INFINITE).
var uapiHeaders = []string{
	"/usr/include/linux/kfd_ioctl.h",
	"/usr/include/libdrm/drm.h",
	"/usr/include/libdrm/amdgpu_drm.h",
	"/usr/include/libdrm/amdgpu.h",
}

// probeSet collects C expressions and numbers them.
type probeSet struct {
	exprs []string
	index map[string]int
}

func (p *probeSet) add(expr string) int {
	if i, ok := p.index[expr]; ok {
		return i
	}
	if p.index == nil {
		p.index = make(map[string]int)
	}
	p.index[expr] = len(p.exprs)
	p.exprs = append(p.exprs, expr)
	return len(p.exprs) - 1
}

// program returns the C source printing "i value" for every expression, the
// value converted to unsigned long long (two's complement for negatives).
func (p *probeSet) program() string {
	var b strings.Builder
	b.WriteString(`#include <stdio.h>
#include <stddef.h>
#include <linux/kfd_ioctl.h>
#include <libdrm/amdgpu_drm.h>
#include <libdrm/amdgpu.h>

/* 1 for a signed integer, 0 for an unsigned one, 2 for anything else
   (pointers, and arrays, which decay to pointers here). */
#define SIGNEDNESS(x) _Generic((x), \
	signed char: 1, short: 1, int: 1, long: 1, long long: 1, \
	unsigned char: 0, unsigned short: 0, unsigned int: 0, \
	unsigned long: 0, unsigned long long: 0, default: 2)

int main(void) {
`)
	for i, e := range p.exprs {
		fmt.Fprintf(&b, "\tprintf(\"%d %%llu\\n\", (unsigned long long)(%s));\n", i, e)
	}
	b.WriteString("\treturn 0;\n}\n")
	return b.String()
}

// cResults holds the probe's output, by expression.
type cResults struct {
	set    *probeSet
	values []uint64
}

func (r *cResults) value(expr string) uint64 {
	i, ok := r.set.index[expr]
	if !ok {
		panic("expression not registered with the probe: " + expr)
	}
	return r.values[i]
}

var (
	probeOnce   sync.Once
	probeResult *cResults
	probeSkip   string // why the probe could not run (no gcc, no headers)
	probeErr    error
)

// runProbe compiles and runs the probe for every table in this package's
// tests. Without gcc or the headers it fails under CI=true and skips
// otherwise; a compile or run failure always fails.
func runProbe(t *testing.T) *cResults {
	t.Helper()
	probeOnce.Do(func() {
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			probeSkip = "gcc not found on PATH"
			return
		}
		for _, h := range uapiHeaders {
			if _, err := os.Stat(h); err != nil {
				probeSkip = fmt.Sprintf("UAPI header %s missing (install linux-libc-dev and libdrm-dev)", h)
				return
			}
		}
		set := allProbes()
		probeResult, probeErr = compileAndRun(gcc, set)
	})
	if probeSkip != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("C layout probe cannot run under CI=true: %s", probeSkip)
		}
		t.Skipf("C layout probe skipped: %s", probeSkip)
	}
	if probeErr != nil {
		t.Fatalf("C layout probe: %v", probeErr)
	}
	return probeResult
}

func compileAndRun(gcc string, set *probeSet) (*cResults, error) {
	dir, err := os.MkdirTemp("", "kmd-cprobe-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	// Debian ships the kernel's drm/drm.h only inside libdrm-dev, as
	// /usr/include/libdrm/drm.h, while kfd_ioctl.h includes <drm/drm.h>.
	// A drm -> /usr/include/libdrm link searched after the system
	// directories resolves it without shadowing a real drm/ directory.
	if err := os.Symlink("/usr/include/libdrm", filepath.Join(dir, "drm")); err != nil {
		return nil, err
	}
	src := filepath.Join(dir, "probe.c")
	if err := os.WriteFile(src, []byte(set.program()), 0o644); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "probe")
	cmd := exec.Command(gcc, "-std=gnu11", "-Wall", "-idirafter", dir, "-o", bin, src)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		return nil, fmt.Errorf("running the probe: %v", err)
	}
	res := &cResults{set: set, values: make([]uint64, len(set.exprs))}
	seen := make([]bool, len(set.exprs))
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		idx, val, ok := strings.Cut(sc.Text(), " ")
		i, err1 := strconv.Atoi(idx)
		v, err2 := strconv.ParseUint(val, 10, 64)
		if !ok || err1 != nil || err2 != nil || i < 0 || i >= len(seen) || seen[i] {
			return nil, fmt.Errorf("probe printed unexpected line %q", sc.Text())
		}
		res.values[i], seen[i] = v, true
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("probe printed nothing for %s", set.exprs[i])
		}
	}
	return res, nil
}

// allProbes registers the expressions of every table.
func allProbes() *probeSet {
	set := &probeSet{}
	for _, c := range layoutCases() {
		c.register(set)
	}
	for _, r := range requestCases() {
		set.add(r.cExpr)
	}
	for _, c := range constantCases() {
		if c.cExpr != "" {
			set.add(c.cExpr)
		}
	}
	return set
}
