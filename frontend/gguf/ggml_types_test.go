package gguf

import (
	"bytes"
	"testing"

	"zincc/ir"
)

// TestWriteReadNewDTypes writes a tensor of every dtype zincc reads through
// TypeOf and RowBytes, parses the file back and checks type, shape and
// bytes.
func TestWriteReadNewDTypes(t *testing.T) {
	w := NewWriter()
	data := map[string][]byte{}
	for i, d := range ir.AllDTypes {
		typ, err := TypeOf(d)
		if err != nil {
			continue // u32
		}
		shape := []int{3, 2 * d.BlockElems()}
		rb, err := d.RowBytes(shape[1])
		if err != nil {
			t.Fatal(err)
		}
		p := make([]byte, shape[0]*rb)
		for j := range p {
			p[j] = byte(i*31 + j*7)
		}
		name := "t." + d.String()
		data[name] = p
		if err := w.AddTensor(name, typ, DimsFromShape(shape), p); err != nil {
			t.Fatalf("%v: %v", d, err)
		}
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f := mustParse(t, buf.Bytes())
	for _, d := range ir.AllDTypes {
		name := "t." + d.String()
		want, ok := data[name]
		if !ok {
			continue
		}
		info, ok := f.Tensor(name)
		if !ok {
			t.Fatalf("%s missing", name)
		}
		got, err := info.DType()
		if err != nil || got != d {
			t.Errorf("%s: dtype %v, %v", name, got, err)
		}
		if s := info.Shape(); len(s) != 2 || s[0] != 3 || s[1] != 2*d.BlockElems() {
			t.Errorf("%s: shape %v", name, s)
		}
		p, err := f.TensorData(name)
		if err != nil || !bytes.Equal(p, want) {
			t.Errorf("%s: data differs (%v)", name, err)
		}
	}
}
