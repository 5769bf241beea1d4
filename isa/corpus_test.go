package isa

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// asmFiles returns the .s files the llvm comparison covers: everything in
// isa/testdata, and every .s file elsewhere in the repository outside
// other packages' testdata directories and hidden directories.
func asmFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.s"))
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// isa/testdata is covered by the glob above; isa/kernels and any other
	// .s file in the tree by the walk.
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".s") && !isGoAssembly(p) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// isGoAssembly reports whether the .s file at p is Go assembler source
// (exec/cpu's SIMD kernels, say), which is not gfx12 assembly.
func isGoAssembly(p string) bool {
	src, err := os.ReadFile(p)
	return err == nil && (strings.Contains(string(src), "#include \"textflag.h\"") || strings.Contains(string(src), "TEXT \u00b7"))
}

// isWave64File reports whether a test file is assembled in wave64 mode.
func isWave64File(p string) bool { return strings.HasSuffix(p, "_wave64.s") }

// TestFilesMatchLLVM assembles every .s file with this package and with
// llvm-mc and requires identical code bytes, identical kernel entry
// offsets and identical 64-byte kernel descriptors.
func TestFilesMatchLLVM(t *testing.T) {
	files := asmFiles(t)
	if len(files) == 0 {
		t.Fatal("no .s files found")
	}
	for _, f := range files {
		f := f
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			wave64 := isWave64File(f)
			want, err := llvmAssembleFile(t, f, src, wave64)
			if err != nil {
				t.Fatal(err)
			}
			obj, err := AssembleWith(f, src, Options{Wave64: wave64})
			if err != nil {
				t.Fatal(err)
			}
			compareCode(t, obj, want.text)
			for _, k := range obj.Kernels {
				entry, ok := want.symbols[k.Name]
				if !ok {
					t.Errorf("kernel %s: llvm-mc has no code symbol", k.Name)
				} else if uint64(k.Entry) != entry {
					t.Errorf("kernel %s: entry 0x%x, llvm-mc 0x%x", k.Name, k.Entry, entry)
				}
				kd, ok := want.descriptors[k.Name]
				if !ok {
					t.Errorf("kernel %s: llvm-mc emitted no descriptor", k.Name)
					continue
				}
				got := k.Descriptor.Bytes()
				if !bytes.Equal(got[:], kd) {
					t.Errorf("kernel %s descriptor:\n got % x\nwant % x", k.Name, got, kd)
				}
			}
			if len(obj.Kernels) != len(want.descriptors) {
				t.Errorf("%d kernels, llvm-mc %d descriptors", len(obj.Kernels), len(want.descriptors))
			}
		})
	}
}

// compareCode reports the first differing instruction between this
// package's code and llvm-mc's.
func compareCode(t *testing.T, obj *Object, want []byte) {
	t.Helper()
	if bytes.Equal(obj.Code, want) {
		return
	}
	for _, l := range obj.Lines {
		end := l.Offset + int(l.Inst.Size)
		if end > len(want) || !bytes.Equal(obj.Code[l.Offset:end], want[l.Offset:end]) {
			var w []byte
			if end <= len(want) {
				w = want[l.Offset:end]
			}
			t.Fatalf("line %d (offset 0x%x) %s:\n got % x\nwant % x", l.Line, l.Offset, l.Inst.String(), obj.Code[l.Offset:end], w)
		}
	}
	t.Fatalf("code differs: %d bytes, llvm-mc %d bytes", len(obj.Code), len(want))
}

// TestCorpusSize keeps the corpus at its promised size.
func TestCorpusSize(t *testing.T) {
	obj := corpusObject(t)
	if len(obj.Lines) < 300 {
		t.Errorf("corpus has %d instructions, want at least 300", len(obj.Lines))
	}
	ops := map[Op]bool{}
	for _, l := range obj.Lines {
		ops[l.Inst.Op] = true
	}
	t.Logf("corpus: %d instructions, %d distinct mnemonics, %d kernels", len(obj.Lines), len(ops), len(obj.Kernels))
}

// TestCorpusDisassemblyMatchesLLVM disassembles the corpus code with this
// package and with llvm-mc -disassemble and compares the text line by
// line (whitespace normalised).
func TestCorpusDisassemblyMatchesLLVM(t *testing.T) {
	for _, name := range []string{"corpus.s", "corpus_wave64.s"} {
		src, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		wave64 := isWave64File(name)
		obj, err := AssembleWith(name, src, Options{Wave64: wave64})
		if err != nil {
			t.Fatal(err)
		}
		want := llvmDisassemble(t, obj.Code, wave64)
		insts, pcs, err := DecodeAll(obj.Code, wave64)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(insts) != len(want) {
			t.Errorf("%s: %d instructions decoded, llvm-mc %d", name, len(insts), len(want))
		}
		for i := range insts {
			if i >= len(want) {
				break
			}
			if got := normSpace(insts[i].String()); got != want[i] {
				t.Errorf("%s at 0x%x:\n got %s\nwant %s", name, pcs[i], got, want[i])
			}
		}
	}
}
