package pm4

import (
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"testing"

	"zincc/hwreg"
)

// Property tests: for every packet kind, random field values go through
// the builder and come back unchanged from the decoder.

func rndBits(r *rand.Rand, f Field) uint32 { return r.Uint32() & f.Max() }

func rndAddr(r *rand.Rand, align uint64) uint64 { return r.Uint64() &^ (align - 1) }

func rndWords(r *rand.Rand, min, max int) []uint32 {
	w := make([]uint32, min+r.IntN(max-min+1))
	for i := range w {
		w[i] = r.Uint32()
	}
	return w
}

// randomPacket returns a random typed packet of kind k (0..numKinds-1).
func randomPacket(r *rand.Rand, k int) any {
	switch k {
	case 0:
		return Nop{Payload: rndWords(r, 0, 40)}
	case 1:
		reg := Reg(r.IntN(SHRegWindow))
		vals := rndWords(r, 1, min(40, SHRegWindow-int(reg)))
		return SetShReg{Reg: reg, VMIDShift: rndBits(r, shRegVMIDShift), Index: rndBits(r, shRegIndex), Values: vals}
	case 2:
		return DispatchDirect{DimX: r.Uint32(), DimY: r.Uint32(), DimZ: r.Uint32(), Initiator: r.Uint32()}
	case 3:
		return DispatchIndirect{Addr: rndAddr(r, 4), Initiator: r.Uint32()}
	case 4:
		return ReleaseMem{
			Event: Event(rndBits(r, relEventType)), EventIndex: rndBits(r, relEventIndex),
			GCR: GCRCntl(r.Uint32()) & releaseGCRMask, CachePolicy: rndBits(r, relCachePolicy),
			Execute: rndBits(r, relExecute), DstSel: rndBits(r, relDstSel), IntSel: rndBits(r, relIntSel),
			DataSel: rndBits(r, relDataSel), Addr: rndAddr(r, 8), Data: r.Uint64(), IntCtxID: r.Uint32(),
		}
	case 5:
		return AcquireMem{CoherCntl: rndBits(r, acqCoherCntl), EngineSel: rndBits(r, acqEngineSel),
			CoherSize: r.Uint32(), CoherSizeHi: r.Uint32(), CoherBase: r.Uint32(), CoherBaseHi: r.Uint32(),
			PollInterval: rndBits(r, acqPollInterval), GCR: GCRCntl(r.Uint32()) & gcrMask}
	case 6:
		e := EventWrite{Event: Event(rndBits(r, evEventType)), EventIndex: rndBits(r, evEventIndex), HasAddr: r.IntN(2) == 0}
		if e.HasAddr {
			e.Addr = r.Uint64()
		}
		return e
	case 7:
		return WriteData{DstSel: rndBits(r, wdDstSel), WrOneAddr: r.IntN(2) == 0, WrConfirm: r.IntN(2) == 0,
			CachePolicy: rndBits(r, wdCachePolicy), EngineSel: rndBits(r, wdEngineSel), Addr: rndAddr(r, 4),
			Data: rndWords(r, 1, 20)}
	case 8:
		return CopyData{SrcSel: rndBits(r, cdSrcSel), DstSel: rndBits(r, cdDstSel),
			SrcCachePolicy: rndBits(r, cdSrcCachePolicy), CountSel64: r.IntN(2) == 0, WrConfirm: r.IntN(2) == 0,
			DstCachePolicy: rndBits(r, cdDstCachePolicy), PQExeStatus: r.IntN(2) == 0, EnginePFP: r.IntN(2) == 0,
			Src: rndAddr(r, 8), Dst: rndAddr(r, 8)}
	case 9:
		return WaitRegMem{Function: Compare(rndBits(r, wrmFunction)), MemSpace: rndBits(r, wrmMemSpace),
			Operation: rndBits(r, wrmOperation), EngineSel: rndBits(r, wrmEngineSel),
			CachePolicy: rndBits(r, wrmCachePolicy), Addr: rndAddr(r, 4), Reference: r.Uint32(), Mask: r.Uint32(),
			PollInterval: rndBits(r, wrmPollInterval), OptimizeACEOffload: r.IntN(2) == 0}
	case 10:
		return IndirectBuffer{Addr: rndAddr(r, 4), Swap: rndBits(r, ibSwap), SizeDwords: rndBits(r, ibSize),
			Chain: r.IntN(2) == 0, PreEna: r.IntN(2) == 0, Valid: r.IntN(2) == 0, VMID: rndBits(r, ibVMID),
			CachePolicy: rndBits(r, ibCachePolicy), Priv: r.IntN(2) == 0}
	}
	panic(fmt.Sprintf("no packet kind %d", k))
}

const numKinds = 11

// emitTyped writes typed packet v with the builder method for its kind.
func emitTyped(b *Builder, v any) error {
	switch p := v.(type) {
	case Nop:
		return b.NopData(p.Payload...)
	case SetShReg:
		return b.SetShRegIndex(p)
	case DispatchDirect:
		return b.DispatchDirect(p)
	case DispatchIndirect:
		return b.DispatchIndirect(p)
	case ReleaseMem:
		return b.ReleaseMem(p)
	case AcquireMem:
		return b.AcquireMem(p)
	case EventWrite:
		return b.EventWrite(p)
	case WriteData:
		return b.WriteData(p)
	case CopyData:
		return b.CopyData(p)
	case WaitRegMem:
		return b.WaitRegMem(p)
	case IndirectBuffer:
		return b.IndirectBuffer(p)
	}
	return fmt.Errorf("unknown packet type %T", v)
}

// decodeTyped returns the typed form of p that has the same Go type as
// like.
func decodeTyped(p Packet, like any) (any, bool) {
	switch like.(type) {
	case Nop:
		return p.Nop()
	case SetShReg:
		return p.SetShReg()
	case DispatchDirect:
		return p.DispatchDirect()
	case DispatchIndirect:
		return p.DispatchIndirect()
	case ReleaseMem:
		return p.ReleaseMem()
	case AcquireMem:
		return p.AcquireMem()
	case EventWrite:
		return p.EventWrite()
	case WriteData:
		return p.WriteData()
	case CopyData:
		return p.CopyData()
	case WaitRegMem:
		return p.WaitRegMem()
	case IndirectBuffer:
		return p.IndirectBuffer()
	}
	return nil, false
}

func TestBuildDecodeRoundTripEveryKind(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]uint32, 4096)
	for k := range numKinds {
		for i := 0; i < 2000; i++ {
			want := randomPacket(r, k)
			b := NewBuilder(buf)
			if err := emitTyped(&b, want); err != nil {
				t.Fatalf("kind %d: emit %+v: %v", k, want, err)
			}
			rd := NewReader(b.Words())
			p, err := rd.Next()
			if err != nil {
				t.Fatalf("kind %d: decode %+v: %v", k, want, err)
			}
			if p.Len() != b.Written() {
				t.Fatalf("kind %d: decoded %d dwords of %d", k, p.Len(), b.Written())
			}
			got, ok := decodeTyped(p, want)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Fatalf("kind %d (%s):\n got %+v\nwant %+v", k, p.Name(), got, want)
			}
			if _, err := rd.Next(); err != io.EOF {
				t.Fatalf("kind %d: trailing data: %v", k, err)
			}
		}
	}
}

// TestRandomStreamsDecodeInOrder builds streams of random packets of all
// kinds and checks the decoder returns each one, at the offset where the
// builder put it.
func TestRandomStreamsDecodeInOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]uint32, 1<<16)
	for range 200 {
		b := NewBuilder(buf)
		var want []any
		var offs []int
		for range 1 + r.IntN(30) {
			v := randomPacket(r, r.IntN(numKinds))
			offs = append(offs, b.Written())
			if err := emitTyped(&b, v); err != nil {
				t.Fatal(err)
			}
			want = append(want, v)
		}
		pk, err := Decode(b.Words())
		if err != nil {
			t.Fatal(err)
		}
		if len(pk) != len(want) {
			t.Fatalf("%d packets decoded, %d built", len(pk), len(want))
		}
		for i, p := range pk {
			got, ok := decodeTyped(p, want[i])
			if !ok || !reflect.DeepEqual(got, want[i]) || p.Offset != offs[i] {
				t.Fatalf("packet %d at %d (want %d): got %+v want %+v", i, p.Offset, offs[i], got, want[i])
			}
		}
	}
}

func TestRegisterPackersRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		w := r.Uint32()
		r1 := UnpackPgmRsrc1(w)
		if v, err := r1.Pack(); err != nil || v != w&fieldsMask(hwreg.Rsrc1Fields) {
			t.Fatalf("RSRC1 %#x → %+v → %#x, %v", w, r1, v, err)
		}
		r2 := UnpackPgmRsrc2(w)
		r2.UserSGPR %= NumUserData + 1
		if v, err := r2.Pack(); err != nil || UnpackPgmRsrc2(v) != r2 {
			t.Fatalf("RSRC2 %+v → %#x, %v", r2, v, err)
		}
		r3 := UnpackPgmRsrc3(w)
		if v, err := r3.Pack(); err != nil || v != w&fieldsMask(hwreg.Rsrc3Fields) {
			t.Fatalf("RSRC3 %#x → %+v → %#x, %v", w, r3, v, err)
		}
		di := UnpackDispatchInitiator(w)
		if v, err := di.Pack(); err != nil || v != w&fieldsMask(dispatchInitiatorFields) {
			t.Fatalf("initiator %#x → %+v → %#x, %v", w, di, v, err)
		}
		for _, reg := range []Reg{COMPUTE_NUM_THREAD_X, COMPUTE_NUM_THREAD_Y, COMPUTE_NUM_THREAD_Z} {
			n := UnpackNumThread(reg, w)
			if v, err := n.Pack(reg); err != nil || v != w&fieldsMask(LookupReg(reg).Fields) {
				t.Fatalf("%v %#x → %+v → %#x, %v", reg, w, n, v, err)
			}
		}
	}
}
