package llvmtest

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"zincc/exec/sim"
	"zincc/isa"
)

// kernelCase is one corpus kernel and its check.
type kernelCase struct {
	file   string // in testdata/llvm
	kernel string
	// waves lists the wave sizes the kernel is meaningful for (default
	// both).
	waves []int
	// cov4 also compiles the kernel for code object version 4, where the
	// workgroup size comes from the dispatch packet and the hidden
	// arguments are laid out differently.
	cov4 bool
	// check builds the inputs, dispatches and compares with the Go
	// reference.
	check func(r *run)
}

// corpus lists every kernel the test runs.
func corpus() []kernelCase {
	var ks []kernelCase
	ks = append(ks, intKernels()...)
	ks = append(ks, floatKernels()...)
	ks = append(ks, laneKernels()...)
	ks = append(ks, memKernels()...)
	ks = append(ks, controlKernels()...)
	ks = append(ks, dotKernels()...)
	return ks
}

func (k *kernelCase) variants() []variant {
	var out []variant
	for _, v := range allVariants {
		ok := len(k.waves) == 0
		for _, w := range k.waves {
			ok = ok || w == v.wave
		}
		if ok {
			out = append(out, v)
			if k.cov4 {
				v.cov = 4
				out = append(out, v)
			}
		}
	}
	return out
}

// TestCorpus compiles every kernel under testdata/llvm with LLVM 19 for
// gfx1201 (-O0 and -O2, wave32 and wave64), checks that the emulator
// knows every instruction LLVM emitted (listing all it lacks at once),
// runs each variant and compares its outputs with the reference; at the
// end it reports instructions present in the code that no run executed.
func TestCorpus(t *testing.T) {
	ks := corpus()
	byFile := map[string][]variant{}
	for i := range ks {
		for _, v := range ks[i].variants() {
			if !containsVariant(byFile[ks[i].file], v) {
				byFile[ks[i].file] = append(byFile[ks[i].file], v)
			}
		}
	}
	files := checkCorpusFiles(t, byFile)
	objs := compileAll(t, files, func(f string) []variant { return byFile[f] })
	for _, j := range objs {
		if j.err != nil {
			t.Errorf("compile %s: %v", objKey(j.file, j.v), j.err)
		}
	}
	if t.Failed() {
		return
	}
	present := checkDecodable(t, objs)
	var total sim.Stats
	var ran atomic.Int64
	t.Run("kernels", func(t *testing.T) {
		for i := range ks {
			k := &ks[i]
			for _, v := range k.variants() {
				k, v := k, v
				t.Run(k.kernel+"/"+v.String(), func(t *testing.T) {
					ran.Add(1)
					t.Parallel()
					j := objs[objKey(k.file, v)]
					h := fnv.New64a()
					fmt.Fprint(h, k.kernel, v)
					r := newRun(t, v, j.obj, int64(h.Sum64()), &total)
					if kk, err := r.co.Kernel(k.kernel); err != nil {
						t.Fatal(err)
					} else if kk.WaveSize != v.wave {
						t.Fatalf("compiled for wave%d, descriptor says wave%d", v.wave, kk.WaveSize)
					}
					k.check(r)
				})
			}
		}
	})
	t.Logf("%d kernels, %d variants run: %d waves, %d wave instructions", len(ks), countVariants(ks), total.Waves, total.Instructions)
	if t.Failed() {
		return
	}
	if int(ran.Load()) < countVariants(ks) {
		t.Logf("-run selected %d of %d variants: executed-instruction coverage not checked", ran.Load(), countVariants(ks))
		return
	}
	// Every instruction in the compiled code should have run somewhere;
	// s_code_end only pads the end of .text.
	var never []string
	for op := range present {
		if total.Ops[op] == 0 && op != isa.S_CODE_END {
			never = append(never, fmt.Sprintf("%s (%s)", op, present[op]))
		}
	}
	sort.Strings(never)
	if len(never) > 0 {
		t.Errorf("%d instructions in the compiled corpus were never executed:\n  %s", len(never), strings.Join(never, "\n  "))
	}
}

func containsVariant(vs []variant, v variant) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

func countVariants(ks []kernelCase) int {
	n := 0
	for i := range ks {
		n += len(ks[i].variants())
	}
	return n
}

// checkCorpusFiles requires every file in testdata/llvm to be in the
// table and every table file to exist; it returns the files sorted.
func checkCorpusFiles(t *testing.T, byFile map[string][]variant) []string {
	t.Helper()
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	onDisk := map[string]bool{}
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); ext == ".ll" || ext == ".cl" {
			onDisk[e.Name()] = true
			if _, ok := byFile[e.Name()]; !ok {
				t.Errorf("testdata/llvm/%s has no check in the corpus table", e.Name())
			}
		}
	}
	var files []string
	for f := range byFile {
		if !onDisk[f] {
			t.Errorf("the corpus table names testdata/llvm/%s, which does not exist", f)
			continue
		}
		files = append(files, f)
	}
	sort.Strings(files)
	return files
}

// checkDecodable decodes every instruction of every compiled object and
// lists, all at once, the encodings the decoder rejects and the
// instructions the interpreter has no semantics for, with their object
// and PC. It returns the instructions present, each with one place it
// occurs.
func checkDecodable(t *testing.T, objs map[string]*compileJob) map[isa.Op]string {
	t.Helper()
	present := map[isa.Op]string{}
	missing := map[string][]string{}
	var keys []string
	for k := range objs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		j := objs[key]
		co, err := isa.ReadCodeObject(j.obj)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		for pc := 0; pc < len(co.Code); {
			in, err := isa.Decode(co.Code, pc, j.v.wave == 64)
			if err != nil {
				missing["(undecodable)"] = append(missing["(undecodable)"], fmt.Sprintf("%s %v", key, err))
				break
			}
			ops := []isa.Op{in.Op}
			if in.Enc == isa.VOPD {
				ops = append(ops, in.Y.Op)
			}
			for _, op := range ops {
				if _, ok := present[op]; !ok {
					present[op] = fmt.Sprintf("%s pc 0x%x", key, pc)
				}
				if !sim.Supported(op) {
					missing[op.String()] = append(missing[op.String()], fmt.Sprintf("%s pc 0x%x", key, pc))
				}
			}
			pc += int(in.Size)
		}
	}
	if len(missing) > 0 {
		var lines []string
		for name, where := range missing {
			extra := ""
			if len(where) > 1 {
				extra = fmt.Sprintf(" and %d more", len(where)-1)
			}
			lines = append(lines, fmt.Sprintf("%s: %s%s", name, where[0], extra))
		}
		sort.Strings(lines)
		t.Errorf("the interpreter lacks %d instructions of the compiled corpus:\n  %s", len(missing), strings.Join(lines, "\n  "))
	}
	return present
}

// TestCorpusSize keeps the corpus at its promised size.
func TestCorpusSize(t *testing.T) {
	ks := corpus()
	seen := map[string]bool{}
	for _, k := range ks {
		seen[k.file+":"+k.kernel] = true
	}
	if len(seen) < 30 {
		t.Errorf("the corpus has %d kernels; the issue asks for at least 30", len(seen))
	}
	if n := countVariants(ks); n < 4*28 {
		t.Errorf("only %d kernel variants", n)
	}
}
