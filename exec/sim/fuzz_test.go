package sim

import (
	"encoding/binary"
	"errors"
	"testing"

	"zincc/isa"
	"zincc/pm4"
)

// copyCode is the ISA sheet's copy kernel (§7) as llvm-mc encodes it.
var copyCode = []uint32{0x84048675, 0x4A020004, 0x30020282, 0xEE050000, 0x00000002, 0x00000001, 0xBFC00000,
	0xEE068002, 0x01000000, 0x00000001, 0xBF800000, 0xBFB60003, 0xBFB00000}

const (
	fuzzCodeVA = 0x1_0000_0000
	fuzzDataVA = 0x2_0000_0000
	fuzzIBVA   = 0x3_0000_0000
)

// fuzzGPU maps code, a data buffer and an IB buffer with small limits, so
// that garbage finishes quickly.
func fuzzGPU(t testing.TB, code []byte) *GPU {
	g := New(Config{MaxInstructions: 4000, MaxPackets: 2000, Hazards: HazardWarn})
	c := make([]byte, 4096)
	copy(c, code)
	must(t, g.MapBacking(fuzzCodeVA, c, PermRX, "code"))
	must(t, g.Map(fuzzDataVA, 64*1024, PermRW, "data"))
	must(t, g.Map(fuzzIBVA, 4096, PermRead, "ib"))
	return g
}

func validIB() []uint32 {
	b := pm4.NewBuilder(make([]uint32, 128))
	b.SetProgram(fuzzCodeVA)
	b.SetShReg(pm4.COMPUTE_PGM_RSRC1, 0x000F0000, 0x88)
	b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 64, 1, 1)
	b.SetUserData64(0, fuzzDataVA)
	b.SetUserData64(2, fuzzDataVA+8192)
	init, _ := pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	b.Dispatch(2, 1, 1, init)
	b.CSPartialFlush()
	b.AcquireMemAll(pm4.GCR_GLV_INV | pm4.GCR_GLK_INV)
	b.WriteData64(fuzzDataVA+16, 7)
	b.Fence32(fuzzDataVA+32, 1)
	return b.Words()
}

func dwordBytes(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func FuzzExecute(f *testing.F) {
	f.Add(dwordBytes(validIB()))
	f.Add(dwordBytes([]uint32{0xC0023F00, fuzzIBVA & 0xffffffff, fuzzIBVA >> 32, 1<<23 | 16}))
	f.Add([]byte{0xff, 0xff, 0x10, 0xc0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		ib := make([]uint32, len(data)/4)
		for i := range ib {
			ib[i] = binary.LittleEndian.Uint32(data[4*i:])
		}
		g := fuzzGPU(t, dwordBytes(copyCode))
		must(t, g.Write(fuzzIBVA, dwordBytes(ib)))
		_, err := g.Execute(ib)
		if errors.Is(err, ErrInternal) {
			t.Fatal(err)
		}
		// any other error is a fine answer to garbage
		_, err = g.ExecuteAt(fuzzIBVA, uint32(len(ib)))
		if errors.Is(err, ErrInternal) {
			t.Fatal(err)
		}
	})
}

func FuzzCode(f *testing.F) {
	f.Add(dwordBytes(copyCode), false, uint8(1))
	f.Add(dwordBytes(copyCode), true, uint8(2))
	f.Add([]byte{0x00, 0x00, 0xb0, 0xbf}, false, uint8(0))
	// private memory, the flat apertures, a VOPD pair, 16-bit operations
	if obj, err := isa.Assemble("seed.s", []byte(`
  v_lshlrev_b32 v1, 2, v0
  scratch_store_b32 v1, v0, off offset:8
  scratch_load_b32 v2, off, s4 offset:4
  s_mov_b64 s[6:7], src_private_base
  v_dual_mov_b32 v3, v1 :: v_dual_mov_b32 v4, s7
  flat_load_b32 v5, v[3:4]
  s_mov_b64 s[6:7], src_shared_base
  v_mov_b32 v4, s7
  flat_store_b32 v[3:4], v5
  v_add_nc_u16 v6, v5, v2 op_sel:[1,0,1]
  s_endpgm`)); err == nil {
		f.Add(obj.Code, false, uint8(1))
	}
	f.Fuzz(func(t *testing.T, code []byte, w64 bool, waves uint8) {
		if len(code) > 4096 {
			code = code[:4096]
		}
		g := fuzzGPU(t, code)
		width := uint32(32)
		if w64 {
			width = 64
		}
		l := Launch{Entry: fuzzCodeVA, Rsrc1: 0x3f | 0xf0<<12, Rsrc2: 16<<15 | 2<<11,
			UserSGPRs: []uint32{lo32(fuzzDataVA), fuzzDataVA >> 32, lo32(fuzzDataVA + 4096), fuzzDataVA >> 32},
			Groups:    [3]uint32{2, 1, 1}, Block: [3]uint32{width * uint32(waves%4+1), 1, 1}, Wave32: !w64, PrivateBytes: 256}
		_, err := g.Dispatch(l)
		if errors.Is(err, ErrInternal) {
			t.Fatal(err)
		}
	})
}
