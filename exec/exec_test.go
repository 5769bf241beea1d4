package exec

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/frontend/gguf"
	_ "zincc/internal/golden"
	"zincc/ir"
)

func parse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := frontend.Parse("t.zir", []byte(src))
	if err != nil {
		t.Fatalf("%s", frontend.FormatErrors(err, []byte(src)))
	}
	return m
}

// The first SplitMix64 output for seed 0 is 0xE220A8397B1DCDAF (the
// published test vector of Vigna's splitmix64.c); RandomData keeps its top
// 24 bits as a fraction of [-1, 1).
func TestRandomDataIsSplitMix64(t *testing.T) {
	data, err := RandomData(ir.Tensor(ir.F32, 2), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := math.Float32frombits(binary.LittleEndian.Uint32(data))
	want := float32(float64(0xE220A8)/(1<<23) - 1)
	if got != want {
		t.Fatalf("first value %v, want %v", got, want)
	}
	scaled, _ := RandomData(ir.Tensor(ir.F32, 2), 0, 0.5)
	if g := math.Float32frombits(binary.LittleEndian.Uint32(scaled)); g != want/2 {
		t.Errorf("scale 0.5 gives %v, want %v", g, want/2)
	}
	other, _ := RandomData(ir.Tensor(ir.F32, 2), 1, 1)
	if string(other) == string(data) {
		t.Error("seeds 0 and 1 give the same data")
	}
	for _, d := range []ir.DType{ir.F16, ir.Q4_0, ir.Q8_0} {
		ty := ir.Tensor(d, 2, 64)
		a, err := RandomData(ty, 9, 1)
		b, _ := RandomData(ty, 9, 1)
		if err != nil || len(a) != ty.Bytes() || string(a) != string(b) {
			t.Errorf("%v: %d bytes, err %v, deterministic %v", d, len(a), err, string(a) == string(b))
		}
	}
	if _, err := RandomData(ir.Tensor(ir.U32, 4), 1, 1); err == nil {
		t.Error("random u32 accepted")
	}
}

func TestBindFileAndGGUF(t *testing.T) {
	dir := t.TempDir()
	raw := make([]byte, 16)
	for i := range raw {
		raw[i] = byte(i)
	}
	if err := os.WriteFile(filepath.Join(dir, "w.bin"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	gw := gguf.NewWriter()
	f16 := make([]byte, 2*4*8)
	f16[0] = 0x3c
	if err := gw.AddTensor("emb", gguf.TypeF16, []uint64{8, 4}, f16); err != nil {
		t.Fatal(err)
	}
	if err := gw.WriteFile(filepath.Join(dir, "m.gguf")); err != nil {
		t.Fatal(err)
	}
	m := parse(t, `graph @g {
  input %tok : u32
  weight %a : f32[4] = file("w.bin")
  weight %e : f16[4, 8] = gguf("emb")
  %x = embed %e, %tok
  %y = add %x, %x
  output %y
}`)
	w, err := Bind(m, BindOptions{GGUF: filepath.Join(dir, "m.gguf"), Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if got := w.Data(m.Lookup("a")); string(got) != string(raw) {
		t.Errorf("file weight = %v", got)
	}
	if got := w.Data(m.Lookup("e")); string(got) != string(f16) {
		t.Errorf("gguf weight differs")
	}

	bad := parse(t, `graph @g {
  input %tok : u32
  weight %a : f32[5] = file("w.bin")
  weight %e : q8_0[4, 32] = gguf("emb")
  weight %n : f32[4] = gguf("nope")
  %x = embed %e, %tok
  output %x
}`)
	_, err = Bind(bad, BindOptions{GGUF: filepath.Join(dir, "m.gguf"), Dir: dir})
	for _, want := range []string{
		"t.zir:3:10: weight %a: " + filepath.Join(dir, "w.bin") + " holds 16 bytes; f32[5] takes 20",
		`weight %e: declared q8_0[4, 32] but "emb" in ` + filepath.Join(dir, "m.gguf") + " is f16[4, 8]",
		`weight %n: ` + filepath.Join(dir, "m.gguf") + ` has no tensor "nope"`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want %q in %v", want, err)
		}
	}
	_, err = Bind(m, BindOptions{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), `gguf("emb") needs a model file: pass -weights model.gguf`) {
		t.Errorf("no -weights: %v", err)
	}
}

const stepGraph = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[10, 8] = random(seed = 1)
  state %k : f32[3, 8]
  %x = embed %e, %tok
  kv_store %k, %x, %pos
  %a = attention %x, %k, %k, %pos {heads = 2}
  %n = argmax %a
  output %a, %n
}`

func TestRolesAndInputs(t *testing.T) {
	m := parse(t, stepGraph)
	r, err := FindRoles(m)
	if err != nil || r.Token != m.Lookup("tok") || r.Pos != m.Lookup("pos") || r.Next != 1 {
		t.Fatalf("roles = %+v, %v", r, err)
	}
	in, err := ParseInputs(m, "pos=2, %tok=9")
	if err != nil || in[0] != 9 || in[1] != 2 {
		t.Fatalf("inputs = %v, %v", in, err)
	}
	if err := CheckInputs(m, in); err != nil {
		t.Fatal(err)
	}
	if err := CheckInputs(m, []uint32{10, 0}); err == nil || !strings.Contains(err.Error(), "token %tok = 10 is out of range: weight %e has 10 rows") {
		t.Errorf("token check: %v", err)
	}
	if err := CheckInputs(m, []uint32{0, 3}); err == nil || !strings.Contains(err.Error(), "position %pos = 3 is out of range: state %k has 3 rows") {
		t.Errorf("position check: %v", err)
	}
	for set, want := range map[string]string{
		"x=1":      "graph @g has no input %x (inputs: %tok, %pos)",
		"tok":      "want name=value",
		"tok=-1":   "-set tok",
		"pos=1e99": "-set pos",
	} {
		if _, err := ParseInputs(m, set); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-set %s: %v, want %q", set, err, want)
		}
	}
}

// fakeRing records its inputs and answers with a fixed next token.
type fakeRing struct{ seen [][]uint32 }

func (f *fakeRing) Tier() string { return "fake" }
func (f *fakeRing) Step(in []uint32) ([]Tensor, error) {
	f.seen = append(f.seen, append([]uint32(nil), in...))
	return []Tensor{{Name: "a"}, Scalar("n", ir.U32, uint32(4+len(f.seen)))}, nil
}
func (f *fakeRing) State(*ir.Value) (Tensor, error) { return Tensor{}, nil }
func (f *fakeRing) Close() error                    { return nil }

func TestRunStepsFeedsBack(t *testing.T) {
	m := parse(t, stepGraph)
	r := &fakeRing{}
	var steps []int
	err := RunSteps(r, m, []uint32{1, 0}, 3, func(s StepResult) error {
		steps = append(steps, s.Step)
		return nil
	})
	if err != nil || len(steps) != 3 {
		t.Fatalf("3 steps in a 3-row cache: %v, steps %v", err, steps)
	}
	want := [][]uint32{{1, 0}, {5, 1}, {6, 2}}
	for i := range want {
		if i >= len(r.seen) || r.seen[i][0] != want[i][0] || r.seen[i][1] != want[i][1] {
			t.Fatalf("inputs seen %v, want %v", r.seen, want)
		}
	}
	err = RunSteps(&fakeRing{}, m, []uint32{1, 0}, 4, func(StepResult) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "step 3: position %pos = 3 is out of range") {
		t.Errorf("running past the cache: %v", err)
	}
}

func TestMemoryLimit(t *testing.T) {
	m := parse(t, `graph @g {
  input %tok : u32
  weight %w : f32[1000, 1000] = random(seed = 1)
  weight %g : f32[1000, 1000] = gguf("mapped, not counted")
  state %s : f16[100, 1000]
  %x = embed %w, %tok
  output %x
}`)
	if got, want := HostBytes(m), uint64(4e6+2e5+4e3+4e3); got != want {
		t.Fatalf("HostBytes = %d, want %d", got, want)
	}
	if err := CheckMemory(m, 4e6); err == nil || !strings.Contains(err.Error(), "needs 4.0 MiB") {
		t.Errorf("CheckMemory: %v", err)
	}
	if err := CheckMemory(m, 5e6); err != nil {
		t.Error(err)
	}
	for text, want := range map[string]uint64{"512": 512, "8K": 8 << 10, "3M": 3 << 20, "2G": 2 << 30, "2GiB": 2 << 30, "1TB": 1 << 40} {
		if got, err := ParseBytes(text); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v", text, got, err)
		}
	}
	for _, bad := range []string{"", "G", "-1", "1.5G", "99999999999T"} {
		if _, err := ParseBytes(bad); err == nil {
			t.Errorf("ParseBytes(%q) accepted", bad)
		}
	}
}
