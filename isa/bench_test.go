package isa

import (
	"os"
	"path/filepath"
	"testing"
)

// corpusObject assembles testdata/corpus.s.
func corpusObject(tb testing.TB) *Object {
	tb.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "corpus.s"))
	if err != nil {
		tb.Fatal(err)
	}
	obj, err := Assemble("corpus.s", src)
	if err != nil {
		tb.Fatal(err)
	}
	return obj
}

// BenchmarkDecode decodes the corpus code instruction by instruction, as
// an emulator pre-decoding a kernel does; it must not allocate.
func BenchmarkDecode(b *testing.B) {
	obj := corpusObject(b)
	insts := make([]Inst, 0, len(obj.Lines))
	b.SetBytes(int64(len(obj.Code)))
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		insts = insts[:0]
		for pc := 0; pc < len(obj.Code); {
			in, err := Decode(obj.Code, pc, false)
			if err != nil {
				b.Fatal(err)
			}
			insts = append(insts, in)
			pc += int(in.Size)
		}
		n += len(insts)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/inst")
}

// BenchmarkAssemble assembles the whole corpus file.
func BenchmarkAssemble(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "corpus.s"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Assemble("corpus.s", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeDoesNotAllocate pins the emulator's requirement.
func TestDecodeDoesNotAllocate(t *testing.T) {
	obj := corpusObject(t)
	allocs := testing.AllocsPerRun(10, func() {
		for pc := 0; pc < len(obj.Code); {
			in, err := Decode(obj.Code, pc, false)
			if err != nil {
				t.Fatal(err)
			}
			pc += int(in.Size)
		}
	})
	if allocs != 0 {
		t.Errorf("Decode allocates %.1f times per corpus pass", allocs)
	}
}
