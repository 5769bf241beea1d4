package ir

import "testing"

// TestGGMLDTypes checks the geometry of the ggml dtypes against the block
// sizes of the reference sheet (gguf-ggml.md §1, ggml type ids table) and
// their spelling (ggml's type names: the K-quants keep a capital K).
func TestGGMLDTypes(t *testing.T) {
	rows := []struct {
		name         string
		d            DType
		elems, bytes int
		quantized    bool
	}{
		{"bf16", BF16, 1, 2, false},
		{"q4_1", Q4_1, 32, 20, true},
		{"q5_0", Q5_0, 32, 22, true},
		{"q5_1", Q5_1, 32, 24, true},
		{"q4_K", Q4_K, 256, 144, true},
		{"q5_K", Q5_K, 256, 176, true},
		{"q6_K", Q6_K, 256, 210, true},
	}
	for _, r := range rows {
		d, ok := ParseDType(r.name)
		if !ok || d != r.d || d.String() != r.name {
			t.Errorf("ParseDType(%q) = %v, %v", r.name, d, ok)
		}
		if d.BlockElems() != r.elems || d.BlockBytes() != r.bytes || d.Quantized() != r.quantized || !d.IsFloat() {
			t.Errorf("%v: block %d elems %d bytes quantized %v float %v", d, d.BlockElems(), d.BlockBytes(), d.Quantized(), d.IsFloat())
		}
		if n, err := d.RowBytes(512); err != nil || n != 512/r.elems*r.bytes {
			t.Errorf("%v.RowBytes(512) = %d, %v", d, n, err)
		}
	}
	if _, ok := ParseDType("q4_k"); ok {
		t.Error("q4_k (lower-case k) parsed: one spelling only")
	}
	if _, err := Q4_K.RowBytes(288); err == nil {
		t.Error("q4_K row of 288 elements accepted")
	}
	if err := Tensor(Q6_K, 2, 128).CheckShape(); err == nil {
		t.Error("q6_K[2, 128] accepted")
	}
	if len(AllDTypes)+len(ActivationDTypes) != int(NumDTypes)-1 {
		t.Errorf("AllDTypes and ActivationDTypes have %d dtypes, want %d", len(AllDTypes)+len(ActivationDTypes), NumDTypes-1)
	}
	if !BF16.IsFloat() || BF16.Quantized() {
		t.Error("bf16 must be a float and not quantised")
	}
}
