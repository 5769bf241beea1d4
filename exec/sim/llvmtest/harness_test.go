package llvmtest

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"zincc/exec/sim"
	_ "zincc/internal/golden"
	"zincc/isa"
)

// corpusDir is where the kernels live, relative to this package.
const corpusDir = "../../../testdata/llvm"

// variant is one way of compiling a kernel.
type variant struct {
	opt  int // 0 or 2
	wave int // 32 or 64
	cov  int // code object version: 0 for LLVM 19's default (5), or 4
}

func (v variant) String() string {
	s := fmt.Sprintf("O%d/w%d", v.opt, v.wave)
	if v.cov != 0 {
		s += fmt.Sprintf("/cov%d", v.cov)
	}
	return s
}

var allVariants = []variant{{opt: 0, wave: 32}, {opt: 0, wave: 64}, {opt: 2, wave: 32}, {opt: 2, wave: 64}}

// requireTool returns the path of an external tool; it skips the test
// when the tool is missing, or fails it when CI=true.
func requireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed and CI=true: %v", name, err)
		}
		t.Skipf("%s is not installed: %v", name, err)
	}
	return p
}

// compileJob is one kernel file in one variant.
type compileJob struct {
	file string // base name in corpusDir
	v    variant
	out  string // object path
	err  error
	obj  []byte
}

// compileAll compiles every corpus file in every variant, in parallel,
// with llc-19 (.ll) and clang-19 (.cl).
func compileAll(t *testing.T, files []string, variants func(file string) []variant) map[string]*compileJob {
	t.Helper()
	llc := requireTool(t, "llc-19")
	clang := requireTool(t, "clang-19")
	dir := t.TempDir()
	var jobs []*compileJob
	for _, f := range files {
		for _, v := range variants(f) {
			name := strings.TrimSuffix(f, filepath.Ext(f))
			jobs = append(jobs, &compileJob{file: f, v: v, out: filepath.Join(dir, fmt.Sprintf("%s.O%d.w%d.cov%d.o", name, v.opt, v.wave, v.cov))})
		}
	}
	work := make(chan *compileJob)
	var wg sync.WaitGroup
	for i := 0; i < runtime.NumCPU(); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.err = compile(llc, clang, j)
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	out := map[string]*compileJob{}
	for _, j := range jobs {
		out[objKey(j.file, j.v)] = j
	}
	return out
}

func objKey(file string, v variant) string { return file + "/" + v.String() }

func compile(llc, clang string, j *compileJob) error {
	src := filepath.Join(corpusDir, j.file)
	var args []string
	tool := llc
	switch filepath.Ext(j.file) {
	case ".ll":
		args = []string{"-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", fmt.Sprintf("-O%d", j.v.opt), "-filetype=obj", src, "-o", j.out}
		if j.v.wave == 64 {
			args = append(args, "-mattr=+wavefrontsize64")
		}
		if j.v.cov != 0 {
			args = append(args, fmt.Sprintf("--amdhsa-code-object-version=%d", j.v.cov))
		}
	case ".cl":
		tool = clang
		args = []string{"-x", "cl", "-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-nogpulib",
			fmt.Sprintf("-O%d", j.v.opt), "-c", src, "-o", j.out}
		if j.v.wave == 64 {
			args = append(args, "-mwavefrontsize64")
		}
		if j.v.cov != 0 {
			args = append(args, fmt.Sprintf("-mcode-object-version=%d", j.v.cov))
		}
	default:
		return fmt.Errorf("%s: not .ll or .cl", j.file)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", filepath.Base(tool), strings.Join(args, " "), err, stderr.String())
	}
	obj, err := os.ReadFile(j.out)
	if err != nil {
		return err
	}
	j.obj = obj
	return nil
}

// run is one kernel variant being executed: a fresh GPU with the code
// object loaded, and helpers to place buffers and dispatch.
type run struct {
	t     *testing.T
	v     variant
	co    *sim.CodeObject
	g     *sim.GPU
	lc    *sim.LoadedCodeObject
	rng   *rand.Rand
	next  uint64
	stats *sim.Stats
}

const (
	codeVA   = 0x1_0000_0000
	bufferVA = 0x10_0000_0000
)

func newRun(t *testing.T, v variant, obj []byte, seed int64, stats *sim.Stats) *run {
	t.Helper()
	co, err := sim.ParseCodeObject(obj)
	if err != nil {
		t.Fatal(err)
	}
	g := sim.New(sim.Config{CountOps: true})
	lc, err := g.LoadCodeObject(co, codeVA)
	if err != nil {
		t.Fatal(err)
	}
	return &run{t: t, v: v, co: co, g: g, lc: lc, rng: rand.New(rand.NewSource(seed)), next: bufferVA, stats: stats}
}

// buf maps data as a buffer (shared with the caller: results appear in
// it) followed by an unmapped guard, and returns its address.
func (r *run) buf(name string, data []byte) uint64 {
	r.t.Helper()
	va := r.next
	if err := r.g.MapBacking(va, data, sim.PermRW, name); err != nil {
		r.t.Fatal(err)
	}
	r.next += (uint64(len(data)) + 0xffff) &^ 0xffff
	r.next += 0x10000
	return va
}

// dispatch runs the kernel over grid work-items in blocks; it fails the
// test on any emulator error.
func (r *run) dispatch(grid, block [3]uint32, args ...sim.Arg) {
	r.t.Helper()
	if err := r.tryDispatch(sim.KernelDispatch{GridSize: grid, WorkgroupSize: block, Args: args}); err != nil {
		r.t.Fatal(err)
	}
}

func (r *run) tryDispatch(kd sim.KernelDispatch) error {
	st, err := r.lc.Dispatch(kd)
	if r.stats != nil {
		mergeStats(r.stats, &st)
	}
	return err
}

var statsMu sync.Mutex

func mergeStats(dst, src *sim.Stats) {
	statsMu.Lock()
	defer statsMu.Unlock()
	dst.Instructions += src.Instructions
	dst.Waves += src.Waves
	if dst.Ops == nil {
		dst.Ops = map[isa.Op]uint64{}
	}
	for op, n := range src.Ops {
		dst.Ops[op] += n
	}
}

// grid1 is a one-dimensional grid.
func grid1(n uint32) [3]uint32 { return [3]uint32{n, 1, 1} }

// wave returns the run's wave size.
func (r *run) wave() uint32 { return uint32(r.v.wave) }

// Byte-slice helpers.

func u32s(n int) []byte { return make([]byte, 4*n) }

func getU32(b []byte, i int) uint32     { return binary.LittleEndian.Uint32(b[4*i:]) }
func putU32(b []byte, i int, v uint32)  { binary.LittleEndian.PutUint32(b[4*i:], v) }
func getU16(b []byte, i int) uint16     { return binary.LittleEndian.Uint16(b[2*i:]) }
func putU16(b []byte, i int, v uint16)  { binary.LittleEndian.PutUint16(b[2*i:], v) }
func getU64(b []byte, i int) uint64     { return binary.LittleEndian.Uint64(b[8*i:]) }
func putU64(b []byte, i int, v uint64)  { binary.LittleEndian.PutUint64(b[8*i:], v) }
func getF32(b []byte, i int) float32    { return math.Float32frombits(getU32(b, i)) }
func putF32(b []byte, i int, v float32) { putU32(b, i, math.Float32bits(v)) }

// fill sets every byte of b to v (a sentinel for bytes a kernel must not
// write).
func fill(b []byte, v byte) []byte {
	for i := range b {
		b[i] = v
	}
	return b
}

// checker collects mismatches and reports the first few.
type checker struct {
	t    *testing.T
	n    int
	what string
}

func (c *checker) errorf(format string, args ...any) {
	c.t.Helper()
	c.n++
	if c.n <= 8 {
		c.t.Errorf(c.what+": "+format, args...)
	} else if c.n == 9 {
		c.t.Errorf("%s: more mismatches follow", c.what)
		c.t.Cleanup(func() { c.t.Logf("%s: %d mismatches in all", c.what, c.n) })
	}
}

// eq32 compares integers.
func (c *checker) eq32(where string, got, want uint32) {
	c.t.Helper()
	if got != want {
		c.errorf("%s = %#x (%d), want %#x (%d)", where, got, int32(got), want, int32(want))
	}
}

func (c *checker) eq64(where string, got, want uint64) {
	c.t.Helper()
	if got != want {
		c.errorf("%s = %#x, want %#x", where, got, want)
	}
}
