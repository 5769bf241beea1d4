package ggml

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// The worked examples of /work/shared/ref/models-and-tokenizers.md §1,
// computed by ggml's dequantize_row_* and gguf-py (the independent oracle).

func hexBytes(t *testing.T, s string) []byte {
	t.Helper()
	var out []byte
	for i := 0; i < len(s); {
		if s[i] == ' ' {
			i++
			continue
		}
		var v byte
		for _, c := range s[i : i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			case c >= 'A' && c <= 'F':
				v |= byte(c - 'A' + 10)
			default:
				t.Fatalf("bad hex %q", s[i:i+2])
			}
		}
		out = append(out, v)
		i += 2
	}
	return out
}

func sum64(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x)
	}
	return s
}

func TestWorkedQ4_1(t *testing.T) {
	b := hexBytes(t, "00 38 00 BC F0 E1 D2 C3 B4 A5 96 87 78 69 5A 4B 3C 2D 1E 0F")
	got := make([]float32, 32)
	if err := DequantizeQ4_1(got, b); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 16; i++ {
		if want := float32(-1 + 0.5*float64(i)); got[i] != want {
			t.Errorf("e%d = %g, want %g", i, got[i], want)
		}
		if want := float32(6.5 - 0.5*float64(i)); got[16+i] != want {
			t.Errorf("e%d = %g, want %g", 16+i, got[16+i], want)
		}
	}
	if s := sum64(got); s != 88 {
		t.Errorf("sum %g, want 88", s)
	}
}

func TestWorkedQ5_0(t *testing.T) {
	b := hexBytes(t, "00 34 5A A5 0F F0 10 47 7E A5 DC 03 3A 61 98 CF F6 2D 54 8B B2 E9")
	want := []float32{-4, 1.75, -0.5, 1.25, 3, -3.25, 2.5, -3.75, 2, -0.25, 1.5, -0.75, -3, 2.75, -3.5, 2.25,
		0.25, 1, 1.75, 2.5, -0.75, -4, -3.25, -2.5, -1.75, -1, -0.25, -3.5, 1.25, 2, 2.75, 3.5}
	got := make([]float32, 32)
	if err := DequantizeQ5_0(got, b); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("e%d = %g, want %g", i, got[i], want[i])
		}
	}
}

func TestWorkedQ5_1(t *testing.T) {
	b := hexBytes(t, "00 30 00 C2 01 80 FF 00 23 D8 8D 32 E7 9C 41 F6 AB 50 05 BA 6F 14 C9 7E")
	want := []float32{-0.625, -2, -1.375, -2.75, -2.125, -1.5, -2.875, -2.25, -1.625, -3, -2.375, -1.75, -1.125, -2.5, -1.875, 0.75,
		-0.75, 0.625, 0, -0.625, 0.75, 0.125, -0.5, 0.875, -1.75, -2.375, -3, -1.625, -2.25, -2.875, -1.5, -2.125}
	got := make([]float32, 32)
	if err := DequantizeQ5_1(got, b); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("e%d = %g, want %g", i, got[i], want[i])
		}
	}
	if s := sum64(got); s != -46 {
		t.Errorf("sum %g, want -46", s)
	}
}

// workedK builds the reference sheet's K-quant block: byte i = (29i+7) mod
// 256, then the scale bytes overwritten.
func workedK(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte((29*i + 7) % 256)
	}
	if n == Q6_KBlockBytes {
		b[208], b[209] = 0x00, 0x20
	} else {
		copy(b, []byte{0x00, 0x20, 0x00, 0x24})
	}
	return b
}

func TestWorkedKScales(t *testing.T) {
	b := workedK(Q4_KBlockBytes)
	want := [8][2]uint8{{59, 47}, {24, 12}, {53, 41}, {18, 6}, {19, 54}, {32, 8}, {45, 9}, {58, 27}}
	for j := 0; j < 8; j++ {
		sc, m := ScaleMinK4(j, b[4:16])
		if sc != want[j][0] || m != want[j][1] {
			t.Errorf("sub-block %d: (%d, %d), want %v", j, sc, m, want[j])
		}
	}
	var sc, m [8]uint8
	for j := range sc {
		sc[j], m[j] = want[j][0], want[j][1]
	}
	packed := make([]byte, 12)
	packScaleMinK4(packed, &sc, &m)
	// Packing keeps only the 6 bits ScaleMinK4 reads, so it gives back the
	// sheet's bytes wherever all their bits are used: every byte here.
	for i := range packed {
		if packed[i] != b[4+i] {
			t.Errorf("packed byte %d = %#02x, want %#02x", i, packed[i], b[4+i])
		}
	}
}

func TestWorkedK(t *testing.T) {
	cases := []struct {
		name string
		n    int
		deq  func([]float32, []byte) error
		want map[int]float32
		sum  float64
	}{
		{"q4_K", Q4_KBlockBytes, DequantizeQ4_K, map[int]float32{0: 2.4921875, 1: 1.109375, 31: 3.875, 32: 2.25, 63: 0.75,
			64: 2.2578125, 127: 2.015625, 128: 0.1953125, 200: 5.1328125, 255: 0.9375}, 475.8125},
		{"q5_K", Q5_KBlockBytes, DequantizeQ5_K, map[int]float32{0: 9.8671875, 1: 1.109375, 31: 3.875, 32: 4.125, 63: 5.625,
			64: 8.8828125, 127: 3.421875, 128: 2.5703125, 200: 5.1328125, 255: 5.46875}, 1098.3125},
		{"q6_K", Q6_KBlockBytes, DequantizeQ6_K, map[int]float32{0: -10.2421875, 1: 12.46875, 31: -2.1875, 32: -0.0703125,
			63: 2.34375, 64: -14.75, 127: 25.78125, 128: -14.5546875, 200: -8.203125, 255: 5.71875}, -11.59375},
	}
	for _, c := range cases {
		got := make([]float32, KBlockElems)
		if err := c.deq(got, workedK(c.n)); err != nil {
			t.Fatal(err)
		}
		for e, w := range c.want {
			if got[e] != w {
				t.Errorf("%s e%d = %g, want %g", c.name, e, got[e], w)
			}
		}
		if s := sum64(got); s != c.sum {
			t.Errorf("%s sum %g, want %g", c.name, s, c.sum)
		}
	}
	// The sheet's Q6_K scales: int8 bytes 192..207.
	b := workedK(Q6_KBlockBytes)
	want := []int8{-57, -28, 1, 30, 59, 88, 117, -110, -81, -52, -23, 6, 35, 64, 93, 122}
	for k, w := range want {
		if int8(b[192+k]) != w {
			t.Errorf("q6_K scale %d = %d, want %d", k, int8(b[192+k]), w)
		}
	}
}

// refElem decodes element e of one block from the layout written out bit
// by bit (element e's code bits located by their byte and bit position),
// in float64: exact values of d·sc·q − dmin·m and friends. It is written
// separately from the package's decoders.
func refElem(kind string, blk []byte, e int) float64 {
	h := func(off int) float64 { return float64(F16ToF32(binary.LittleEndian.Uint16(blk[off:]))) }
	bit := func(off, i int) int { return int(blk[off+i/8]>>(i%8)) & 1 }
	nib := func(off, e int) int { // e < 32: qs[e%16], low for e < 16
		if e < 16 {
			return int(blk[off+e] & 15)
		}
		return int(blk[off+e-16] >> 4)
	}
	switch kind {
	case "q4_1":
		return float64(nib(4, e))*h(0) + h(2)
	case "q5_0":
		return float64(nib(6, e)+16*bit(2, e)-16) * h(0)
	case "q5_1":
		return float64(nib(8, e)+16*bit(4, e))*h(0) + h(2)
	case "q4_K", "q5_K":
		j, l := e/32, e%32 // sub-block j, position l
		qs := 16
		if kind == "q5_K" {
			qs = 48
		}
		q := int(blk[qs+32*(j/2)+l]) >> (4 * (j % 2)) & 15
		if kind == "q5_K" {
			q += 16 * bit(16+l, j)
		}
		// 6-bit fields: scale j's bits 0..3 and 4..5, min j's likewise.
		var sc, m int
		if j < 4 {
			sc, m = int(blk[4+j])&63, int(blk[8+j])&63
		} else {
			sc = int(blk[12+j-4])&15 | int(blk[4+j-4])>>6<<4
			m = int(blk[12+j-4])>>4 | int(blk[8+j-4])>>6<<4
		}
		return h(0)*float64(sc)*float64(q) - h(2)*float64(m)
	case "q6_K":
		half, r := e/128, e%128
		i, l := r/32, r%32 // element 128·half + 32i + l
		lowByte := blk[64*half+32*(i%2)+l]
		q := int(lowByte>>(4*(i/2))) & 15
		q |= (int(blk[128+32*half+l]) >> (2 * i) & 3) << 4
		return h(208) * float64(int8(blk[192+e/16])) * float64(q-32)
	}
	panic(kind)
}

var decoders = []struct {
	name   string
	elems  int
	bytes  int
	deq    func([]float32, []byte) error
	quant  func([]byte, []float32) error
	scales []int // offsets of f16 fields to keep finite
}{
	{"q4_1", 32, Q4_1BlockBytes, DequantizeQ4_1, QuantizeQ4_1, []int{0, 2}},
	{"q5_0", 32, Q5_0BlockBytes, DequantizeQ5_0, QuantizeQ5_0, []int{0}},
	{"q5_1", 32, Q5_1BlockBytes, DequantizeQ5_1, QuantizeQ5_1, []int{0, 2}},
	{"q4_K", 256, Q4_KBlockBytes, DequantizeQ4_K, QuantizeQ4_K, []int{0, 2}},
	{"q5_K", 256, Q5_KBlockBytes, DequantizeQ5_K, QuantizeQ5_K, []int{0, 2}},
	{"q6_K", 256, Q6_KBlockBytes, DequantizeQ6_K, QuantizeQ6_K, []int{208}},
}

// TestDequantizeRandomBlocks: random bytes with finite f16 scales decode to
// the exact value rounded once to float32 (the dequantisers are exact but
// for that one rounding of the min formats' sum).
func TestDequantizeRandomBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, c := range decoders {
		const nb = 3
		src := make([]byte, nb*c.bytes)
		got := make([]float32, nb*c.elems)
		for iter := 0; iter < 300; iter++ {
			for i := range src {
				src[i] = byte(rng.Uint32())
			}
			for b := 0; b < nb; b++ {
				for _, off := range c.scales {
					binary.LittleEndian.PutUint16(src[b*c.bytes+off:], uint16(rng.IntN(2))<<15|uint16(rng.IntN(31))<<10|uint16(rng.IntN(1024)))
				}
			}
			if err := c.deq(got, src); err != nil {
				t.Fatal(err)
			}
			for e := range got {
				b := e / c.elems
				want := float32(refElem(c.name, src[b*c.bytes:(b+1)*c.bytes], e%c.elems))
				if math.Float32bits(got[e]) != math.Float32bits(want) && !(got[e] == 0 && want == 0) {
					t.Fatalf("%s element %d = %g, want %g", c.name, e, got[e], want)
				}
			}
		}
	}
}

func TestNewBlockLengthErrors(t *testing.T) {
	for _, c := range decoders {
		if c.deq(make([]float32, c.elems), make([]byte, c.bytes-1)) == nil {
			t.Errorf("%s: decoded a short block", c.name)
		}
		if c.deq(make([]float32, c.elems+32), make([]byte, c.bytes)) == nil && c.elems == 256 {
			t.Errorf("%s: accepted 288 elements", c.name)
		}
		if c.quant(make([]byte, c.bytes+1), make([]float32, c.elems)) == nil {
			t.Errorf("%s: quantized into a long block", c.name)
		}
		if c.quant(make([]byte, c.bytes), make([]float32, c.elems-1)) == nil {
			t.Errorf("%s: quantized %d elements", c.name, c.elems-1)
		}
	}
}

// kQuantBound returns the per-element round-trip bound each K-quantizer
// documents, from the block it wrote.
func kQuantBound(name string, blk []byte, e int) float64 {
	h := func(off int) float64 { return float64(F16ToF32(binary.LittleEndian.Uint16(blk[off:]))) }
	switch name {
	case "q6_K":
		D := math.Abs(h(208))
		return math.Abs(D*float64(int8(blk[192+e/16]))) + 16*D
	default:
		top := 7.5
		if name == "q5_K" {
			top = 15.5
		}
		sc, _ := ScaleMinK4(e/32, blk[4:16])
		D, M := h(0), h(2)
		return D*float64(sc)/2 + top*D + M/2
	}
}

// TestKQuantRoundTrip quantizes blocks whose sub-blocks have spreads and
// offsets of different sizes, checks each value against the documented
// bound, and checks that every bit of the 6-bit scales and mins (and of
// the int8 Q6_K scales) and of the codes was both 0 and 1 somewhere.
func TestKQuantRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, c := range decoders[3:] {
		const nb = 64
		x := make([]float32, nb*256)
		for b := 0; b < nb; b++ {
			for j := 0; j < 16; j++ {
				spread := math.Ldexp(1, rng.IntN(6)-3)
				off := rng.NormFloat64() * spread * float64(rng.IntN(3))
				for i := 0; i < 16; i++ {
					x[256*b+16*j+i] = float32(off + rng.NormFloat64()*spread)
				}
			}
		}
		q := make([]byte, nb*c.bytes)
		if err := c.quant(q, x); err != nil {
			t.Fatal(err)
		}
		y := make([]float32, len(x))
		if err := c.deq(y, q); err != nil {
			t.Fatal(err)
		}
		var sumErr2, sumX2 float64
		for e := range x {
			blk := q[e/256*c.bytes : (e/256+1)*c.bytes]
			err := math.Abs(float64(x[e]) - float64(y[e]))
			bound := kQuantBound(c.name, blk, e%256)*(1+1e-3) + 1e-6*math.Abs(float64(x[e]))
			if err > bound {
				t.Fatalf("%s element %d: |%g - %g| = %g > bound %g", c.name, e, x[e], y[e], err, bound)
			}
			sumErr2 += err * err
			sumX2 += float64(x[e]) * float64(x[e])
		}
		if rel := math.Sqrt(sumErr2 / sumX2); rel > 0.1 {
			t.Errorf("%s: relative RMS error %g, want < 0.1", c.name, rel)
		}
		// Bit coverage of the scale fields and codes.
		var or, and uint32 = 0, ^uint32(0)
		var cor, cand uint32 = 0, ^uint32(0)
		for b := 0; b < nb; b++ {
			blk := q[b*c.bytes : (b+1)*c.bytes]
			if c.name == "q6_K" {
				for k := 0; k < 16; k++ {
					v := uint32(blk[192+k])
					or, and = or|v, and&v
				}
			} else {
				for j := 0; j < 8; j++ {
					sc, m := ScaleMinK4(j, blk[4:16])
					v := uint32(sc) | uint32(m)<<8
					or, and = or|v, and&v
				}
			}
			for e := 0; e < 256; e++ {
				v := uint32(codeOf(c.name, blk, e))
				cor, cand = cor|v, cand&v
			}
		}
		wantOr := uint32(0x3F3F)
		codeBits := map[string]uint32{"q4_K": 15, "q5_K": 31, "q6_K": 63}[c.name]
		if c.name == "q6_K" {
			wantOr = 0xFF
		}
		if or != wantOr || and != 0 {
			t.Errorf("%s: scale bits OR %#x AND %#x, want %#x and 0", c.name, or, and, wantOr)
		}
		if cor != codeBits || cand != 0 {
			t.Errorf("%s: code bits OR %#x AND %#x, want %#x and 0", c.name, cor, cand, codeBits)
		}
	}
}

// codeOf reads element e's code from a K-quant block (via refElem's
// layout: the value with d = 1, sc = 1, dmin = 0 is q, or q − 32).
func codeOf(name string, blk []byte, e int) int {
	b := append([]byte(nil), blk...)
	switch name {
	case "q6_K":
		binary.LittleEndian.PutUint16(b[208:], 0x3C00) // d = 1
		for k := 0; k < 16; k++ {
			b[192+k] = 1
		}
		return int(refElem(name, b, e)) + 32
	default:
		binary.LittleEndian.PutUint16(b[0:], 0x3C00)
		binary.LittleEndian.PutUint16(b[2:], 0)
		// Every 6-bit scale and min 1 (the min times dmin = 0).
		for i := 4; i < 12; i++ {
			b[i] = 1
		}
		b[12], b[13], b[14], b[15] = 0x11, 0x11, 0x11, 0x11
		return int(refElem(name, b, e))
	}
}

func TestKQuantZeroAndNonFinite(t *testing.T) {
	for _, c := range decoders {
		x := make([]float32, c.elems)
		q := make([]byte, c.bytes)
		y := make([]float32, c.elems)
		if err := c.quant(q, x); err != nil {
			t.Fatal(err)
		}
		if err := c.deq(y, q); err != nil {
			t.Fatal(err)
		}
		for i, v := range y {
			if v != 0 {
				t.Fatalf("%s: zeros came back as %g at %d", c.name, v, i)
			}
		}
		x[3] = float32(math.NaN())
		x[7] = float32(math.Inf(1))
		if err := c.quant(q, x); err != nil { // must not panic
			t.Fatal(err)
		}
	}
}

// FuzzKBlocks: arbitrary bytes decode when they are whole blocks, are an
// error otherwise, never panic.
func FuzzKBlocks(f *testing.F) {
	f.Add(workedK(Q4_KBlockBytes))
	f.Add(workedK(Q6_KBlockBytes))
	f.Add(make([]byte, 2*Q5_KBlockBytes))
	f.Add([]byte{0, 0x38, 0, 0xBC})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, c := range decoders {
			n := len(b) / c.bytes * c.elems
			err := c.deq(make([]float32, n), b)
			if (err == nil) != (len(b)%c.bytes == 0) {
				t.Fatalf("%s on %d bytes: err = %v", c.name, len(b), err)
			}
		}
		if n := len(b) / 2; BF16ToF32Row(make([]float32, n), b) == nil != (len(b)%2 == 0) {
			t.Fatalf("bf16 on %d bytes", len(b))
		}
	})
}
