package ir

import (
	"math"
	"strconv"
	"strings"
	"testing"

	_ "zincc/internal/golden"
)

func TestDTypes(t *testing.T) {
	for _, d := range AllDTypes {
		got, ok := ParseDType(d.String())
		if !ok || got != d {
			t.Errorf("ParseDType(%q) = %v, %v", d.String(), got, ok)
		}
	}
	if _, ok := ParseDType("q2_K"); ok {
		t.Error("q2_K parsed")
	}
	// Sizes from the GGML block layouts: q4_0 = f16 scale + 16 bytes of
	// nibbles, q8_0 = f16 scale + 32 bytes.
	rows := []struct {
		d     DType
		n     int
		bytes int
	}{{F32, 3, 12}, {F16, 3, 6}, {U32, 1, 4}, {I32, 2, 8}, {Q4_0, 64, 36}, {Q8_0, 32, 34}}
	for _, r := range rows {
		got, err := r.d.RowBytes(r.n)
		if err != nil || got != r.bytes {
			t.Errorf("%v.RowBytes(%d) = %d, %v; want %d", r.d, r.n, got, err, r.bytes)
		}
	}
	if _, err := Q4_0.RowBytes(33); err == nil {
		t.Error("q4_0 row of 33 elements accepted")
	}
}

func TestTypeCheckShape(t *testing.T) {
	ok := []Type{Scalar(U32), Tensor(F32, 1), Tensor(Q8_0, 4, 64), Tensor(F16, 2, 3, 4, 5)}
	for _, ty := range ok {
		if err := ty.CheckShape(); err != nil {
			t.Errorf("%v: %v", ty, err)
		}
	}
	bad := map[string]Type{
		"rank 5":               Tensor(F32, 1, 1, 1, 1, 1),
		"at least 1":           Tensor(F32, 4, 0),
		"more than 2^36":       Tensor(F32, 1<<20, 1<<20),
		"not a multiple":       Tensor(Q4_0, 2, 48),
		"cannot be a scalar":   Scalar(Q8_0),
		"invalid element type": {Shape: []int{4}},
	}
	for want, ty := range bad {
		err := ty.CheckShape()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: got %v, want %q", ty, err, want)
		}
	}
	// An overflowing product must be caught, not wrapped.
	if err := Tensor(F32, 1<<62, 1<<62, 4).CheckShape(); err == nil {
		t.Error("overflowing shape accepted")
	}
}

func TestAttrValueText(t *testing.T) {
	cases := map[string]AttrValue{
		"1e-05": FloatValue(1e-5), "10000.0": FloatValue(10000), "0.5": FloatValue(0.5),
		"-3": IntValue(-3), "neox": EnumValue("neox"),
	}
	for want, v := range cases {
		if got := v.String(); got != want {
			t.Errorf("%#v prints %q, want %q", v, got, want)
		}
	}
	for _, f := range []float64{1 / math.Sqrt(128), 1e-300, 123456789.125, -0.1} {
		back, err := strconv.ParseFloat(FloatValue(f).String(), 64)
		if err != nil || back != f {
			t.Errorf("%v prints %q, which reads back as %v", f, FloatValue(f).String(), back)
		}
	}
	if !FloatValue(0).Equal(FloatValue(0)) || FloatValue(0).Equal(FloatValue(math.Copysign(0, -1))) {
		t.Error("floats must compare by bits")
	}
}

// build makes a small module by hand, as a pass would.
func build() (*Module, *Value, *Node) {
	tok := &Value{Name: "tok", Kind: Input, Type: Scalar(U32)}
	emb := &Value{Name: "emb", Kind: Weight, Type: Tensor(F32, 16, 8), Init: Init{Kind: InitZeros}}
	n := &Node{Op: OpEmbed, Args: []*Value{emb, tok}}
	n.Result = &Value{Name: "x", Kind: Result, Def: n}
	m := &Module{Name: "m", Decls: []*Value{tok, emb}, Nodes: []*Node{n}, Outputs: []Output{{Value: n.Result}}}
	return m, emb, n
}

func TestCheckFillsVerifyChecks(t *testing.T) {
	m, _, n := build()
	if errs := Verify(m); len(errs) == 0 {
		t.Fatal("Verify accepted a result with no recorded type")
	}
	if errs := Check(m); len(errs) > 0 {
		t.Fatal(errs)
	}
	if !n.Result.Type.Equal(Tensor(F32, 8)) {
		t.Fatalf("embed of f32[16, 8] gives %v", n.Result.Type)
	}
	if errs := Verify(m); len(errs) > 0 {
		t.Fatal(errs)
	}
	n.Result.Type = Tensor(F32, 9)
	if errs := Verify(m); len(errs) != 1 || !strings.Contains(errs[0].Msg, "recorded as f32[9] but embed gives f32[8]") {
		t.Fatalf("got %v", errs)
	}
}

func TestVerifyCatchesPassBugs(t *testing.T) {
	m, _, n := build()
	Check(m)
	stray := &Value{Name: "stray", Kind: Result, Type: Tensor(F32, 8)}
	m.Outputs = append(m.Outputs, Output{Value: stray}, Output{Value: n.Result})
	errs := Verify(m)
	text := errs.Error()
	for _, want := range []string{"output %stray is not defined in graph @m", "%x is output twice"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	// A node whose recorded attributes are incomplete.
	m2, _, _ := build()
	pos := &Value{Name: "pos", Kind: Input, Type: Scalar(U32)}
	m2.Decls = append(m2.Decls, pos)
	Check(m2)
	r := &Node{Op: OpRope, Args: []*Value{m2.Nodes[0].Result, pos}, Attrs: []Attr{{Name: "heads", Value: IntValue(2)}}}
	r.Result = &Value{Name: "r", Kind: Result, Def: r, Type: Tensor(F32, 8)}
	m2.Nodes = append(m2.Nodes, r)
	if errs := Verify(m2); len(errs) != 1 || !strings.Contains(errs[0].Msg, "records all 5") {
		t.Fatalf("got %v", errs)
	}
	if errs := Check(m2); len(errs) > 0 || r.Int("dims") != 4 || r.Float("theta") != 10000 || r.Enum("mode") != "normal" {
		t.Fatalf("Check did not fill defaults: %v %v", errs, r.Attrs)
	}
}

func TestDerivedDefaults(t *testing.T) {
	m, _, x := build()
	Check(m)
	pos := &Value{Name: "pos", Kind: Input, Type: Scalar(U32)}
	k := &Value{Name: "k", Kind: State, Type: Tensor(F16, 4, 4), Init: Init{Kind: InitZeros}}
	m.Decls = append(m.Decls, pos, k)
	a := &Node{Op: OpAttention, Args: []*Value{x.Result, k, k, pos}, Attrs: []Attr{{Name: "heads", Value: IntValue(4)}, {Name: "kv_heads", Value: IntValue(2)}}}
	a.Result = &Value{Name: "a", Kind: Result, Def: a}
	m.Nodes = append(m.Nodes, a)
	if errs := Check(m); len(errs) > 0 {
		t.Fatal(errs)
	}
	if got := a.Float("scale"); got != 1/math.Sqrt(2) {
		t.Errorf("default scale for head size 2 = %v", got)
	}
	if s := NodeString(a); s != "%a = attention %x, %k, %k, %pos {heads = 4, kv_heads = 2}" {
		t.Errorf("NodeString omits defaults badly: %q", s)
	}
}

func TestOpsTable(t *testing.T) {
	want := "add argmax attention attention_quantize copy embed kv_store matvec matvec_add mul quantize rms_norm rms_norm_quantize rope rope_kv silu softmax swiglu swiglu_quantize"
	var names []string
	for _, op := range Ops() {
		names = append(names, op.Name)
		if op.Infer == nil || op.Doc == "" {
			t.Errorf("%s lacks Infer or Doc", op.Name)
		}
		if LookupOp(op.Name) != op {
			t.Errorf("LookupOp(%s)", op.Name)
		}
	}
	if got := strings.Join(names, " "); got != want {
		t.Errorf("ops = %s", got)
	}
	if OpKVStore.Pure() || !OpAdd.Pure() {
		t.Error("effects are wrong")
	}
}

// Issue 17 item 8: a NaN attribute printed as "NaN.0".
func TestAttrStringNonFinite(t *testing.T) {
	for v, want := range map[float64]string{math.NaN(): "NaN", math.Inf(1): "+Inf", math.Inf(-1): "-Inf", 1e300: "1e+300", 3: "3.0"} {
		if got := FloatValue(v).String(); got != want {
			t.Errorf("FloatValue(%v).String() = %q, want %q", v, got, want)
		}
	}
}
