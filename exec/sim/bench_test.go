package sim

import (
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	"zincc/isa"
	"zincc/pm4"
)

// matvecKernel computes y[row] = W[row] · x for f32, one wave32 per row:
// lanes stride through the row, then a DPP butterfly and a permlanex16
// sum the lanes (the ISA sheet §5.4 reduction). s[0:1] = W, s[2:3] = x,
// s[4:5] = y, s6 = K (a multiple of 32).
const matvecKernel = `.text
.p2align 8
matvec:
  s_mul_i32 s7, ttmp9, s6
  s_lshl_b32 s7, s7, 2
  s_add_co_u32 s8, s0, s7
  s_add_co_ci_u32 s9, s1, 0
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 0
  s_mov_b32 s10, 0
.Lloop:
  global_load_b32 v3, v1, s[8:9]
  global_load_b32 v4, v1, s[2:3]
  s_wait_loadcnt 0
  v_fmac_f32 v2, v3, v4
  v_add_nc_u32 v1, 0x80, v1
  s_add_co_u32 s10, s10, 32
  s_cmp_lt_u32 s10, s6
  s_cbranch_scc1 .Lloop
  v_add_f32_dpp v2, v2, v2 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v2, v2, v2 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v2, v2, v2 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v2, v2, v2 row_xmask:8 row_mask:0xf bank_mask:0xf
  s_mov_b32 s12, 0x76543210
  s_mov_b32 s13, 0xfedcba98
  v_permlanex16_b32 v5, v2, s12, s13
  v_add_f32 v2, v2, v5
  s_lshl_b32 s14, ttmp9, 2
  v_mov_b32 v7, s14
  s_mov_b32 exec_lo, 1
  global_store_b32 v7, v2, s[4:5]
  s_endpgm
`

const (
	mvCodeVA = 0x1_0000_0000
	mvWVA    = 0x2_0000_0000
	mvXVA    = 0x3_0000_0000
	mvYVA    = 0x4_0000_0000
)

// matvecRig maps W (rows x k), x and y for n chained matvecs and builds
// the IB: y_i = W x_i with each result the next input (a barrier
// between, as lowering emits it), in one submission.
type matvecRig struct {
	g      *GPU
	ib     []uint32
	w, x   []float32
	rows   int
	k      int
	layers int
}

func newMatvecRig(tb testing.TB, rows, k, layers int) *matvecRig {
	obj, err := isa.Assemble("matvec.s", []byte(matvecKernel))
	if err != nil {
		tb.Fatal(err)
	}
	g := New(Config{})
	code := make([]byte, 4096)
	copy(code, obj.Code)
	must(tb, g.MapBacking(mvCodeVA, code, PermRX, "code"))
	rng := rand.New(rand.NewSource(1))
	r := &matvecRig{g: g, rows: rows, k: k, layers: layers, w: make([]float32, rows*k), x: make([]float32, k)}
	for i := range r.w {
		r.w[i] = float32(rng.Float64()*2 - 1)
	}
	for i := range r.x {
		r.x[i] = float32(rng.Float64()*2 - 1)
	}
	put := func(va uint64, v []float32, name string, perm Perm) {
		b := make([]byte, (4*len(v)+4095)&^4095)
		for i, f := range v {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
		}
		must(tb, g.MapBacking(va, b, perm, name))
	}
	put(mvWVA, r.w, "W", PermRead)
	// activations: layer i reads slot i and writes slot i+1
	act := make([]float32, (layers+1)*max(rows, k))
	copy(act, r.x)
	put(mvXVA, act, "act", PermRW)
	buf := make([]uint32, 64+layers*40)
	b := pm4.NewBuilder(buf)
	b.SetProgram(mvCodeVA)
	// RSRC1: 8 VGPRs, denormals kept; RSRC2: USER_SGPR 7, TGID_X_EN.
	b.SetShReg(pm4.COMPUTE_PGM_RSRC1, 0x000F0000, 7<<1|0x80)
	b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 32, 1, 1)
	init, _ := pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	stride := uint64(4 * max(rows, k))
	for i := 0; i < layers; i++ {
		b.SetUserData64(0, mvWVA)
		b.SetUserData64(2, mvXVA+uint64(i)*stride)
		b.SetUserData64(4, mvXVA+uint64(i+1)*stride)
		b.SetReg(pm4.UserData(6), uint32(k))
		b.Dispatch(uint32(rows), 1, 1, init)
		b.CSPartialFlush()
		b.AcquireMemAll(pm4.GCR_GLV_INV | pm4.GCR_GLK_INV)
	}
	must(tb, b.Err())
	r.ib = b.Words()
	return r
}

func TestMatvecKernel(t *testing.T) {
	// Square, so each output can feed the next layer.
	r := newMatvecRig(t, 64, 64, 3)
	st, err := r.g.Execute(r.ib)
	if err != nil {
		t.Fatal(err)
	}
	if st.Dispatches != 3 || st.Waves != 3*64 {
		t.Errorf("stats %+v", st)
	}
	x := append([]float64(nil), float64sOf(r.x)...)
	for layer := 0; layer < 3; layer++ {
		y := make([]float64, r.rows)
		for i := range y {
			for j := 0; j < r.k; j++ {
				y[i] += float64(r.w[i*r.k+j]) * x[j]
			}
		}
		b := make([]byte, 4*r.rows)
		must(t, r.g.Read(mvXVA+uint64((layer+1)*4*r.k), b))
		for i := range y {
			got := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
			if math.Abs(got-y[i]) > 1e-4*(1+math.Abs(y[i])) {
				t.Fatalf("layer %d y[%d] = %g, want %g", layer, i, got, y[i])
			}
			y[i] = got // the next layer starts from the emulator's f32 values
		}
		x = y
	}
}

func float64sOf(v []float32) []float64 {
	out := make([]float64, len(v))
	for i, f := range v {
		out[i] = float64(f)
	}
	return out
}

// BenchmarkMatvec256x64 is one matvec dispatch: 256 waves.
func BenchmarkMatvec256x64(b *testing.B) {
	benchMatvec(b, 256, 64, 1)
}

// BenchmarkMatvec256x256 is one larger matvec dispatch.
func BenchmarkMatvec256x256(b *testing.B) {
	benchMatvec(b, 256, 256, 1)
}

// BenchmarkDecodeStep is a tiny-model decode step's worth of work (the
// issue's target: about 40 dispatches, matrices up to 256x64): 40
// dispatches of a 256x64 matvec with barriers between, in one submission.
func BenchmarkDecodeStep(b *testing.B) {
	benchMatvec(b, 256, 64, 40)
}

func benchMatvec(b *testing.B, rows, k, layers int) {
	r := newMatvecRig(b, rows, k, layers)
	var st Stats
	var err error
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if st, err = r.g.Execute(r.ib); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(st.LaneInstructions)/sec, "lane-instr/s")
	b.ReportMetric(sec*1e9/float64(st.Instructions), "ns/instr")
	b.ReportMetric(float64(st.Instructions), "instr/op")
}
