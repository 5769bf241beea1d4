package pm4

import (
	"errors"
	"fmt"
	"io"
)

// Decoding errors; a *DecodeError wraps exactly one of them.
var (
	// ErrNotType3 marks a header whose TYPE field is not 3. Drivers emit
	// only type-3 packets on gfx10+; type-0 and type-2 support on the gfx12
	// compute queue is UNCONFIRMED, so they are rejected.
	ErrNotType3 = errors.New("not a type-3 packet header")
	// ErrTruncated marks a packet whose COUNT runs past the end of the
	// buffer.
	ErrTruncated = errors.New("packet runs past the end of the buffer")
	// ErrBadLength marks a known packet whose body length is not one it can
	// have.
	ErrBadLength = errors.New("wrong body length for the packet")
	// ErrBadField marks a known packet with a field value it cannot carry,
	// such as a SET_SH_REG that runs past the SH register window.
	ErrBadField = errors.New("invalid packet field")
)

// DecodeError is an error at a position in an IB.
type DecodeError struct {
	Offset int    // dword index of the offending packet's header
	Header uint32 // the header dword
	Err    error  // ErrNotType3, ErrTruncated, ErrBadLength or ErrBadField
	Detail string // what exactly is wrong
}

// Error formats the error with the dword and byte offset.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("pm4: dword %#04x (byte %#x): header %08x: %v: %s",
		e.Offset, 4*e.Offset, e.Header, e.Err, e.Detail)
}

// Unwrap returns the sentinel error.
func (e *DecodeError) Unwrap() error { return e.Err }

// Packet is one decoded packet. Body shares the IB's memory: decoding never
// copies or allocates.
type Packet struct {
	Offset int      // dword index of the header within the IB
	Header Header   // the header dword
	Body   []uint32 // the dwords after the header
}

// Op is the packet's opcode.
func (p Packet) Op() Opcode { return p.Header.Opcode() }

// Name is the opcode's name, UNKNOWN_0xNN for an opcode no header names.
func (p Packet) Name() string { return p.Op().String() }

// Len is the packet's size in dwords, header included.
func (p Packet) Len() int { return 1 + len(p.Body) }

// Reader decodes packets from an IB one at a time without allocating:
//
//	r := pm4.NewReader(ib)
//	for {
//		p, err := r.Next()
//		if err == io.EOF { break }
//		if err != nil { return err } // a *DecodeError
//		switch p.Op() { case pm4.OpDispatchDirect: d, _ := p.DispatchDirect(); ... }
//	}
//
// Next checks every packet it returns: the header is type 3, the body fits
// in the buffer, and known packets have a body their typed accessor accepts,
// so those accessors succeed on every packet Next returned. After an error
// Next keeps returning it.
type Reader struct {
	ib  []uint32
	pos int
	err error
}

// NewReader returns a Reader positioned at the start of ib.
func NewReader(ib []uint32) Reader { return Reader{ib: ib} }

// Offset is the dword index of the next packet's header.
func (r *Reader) Offset() int { return r.pos }

// Seek moves to dword index off (to re-read a packet, e.g. a WAIT_REG_MEM
// that must be retried) and clears a kept error.
func (r *Reader) Seek(off int) error {
	if off < 0 || off > len(r.ib) {
		return fmt.Errorf("pm4: seek to dword %d outside an IB of %d dwords", off, len(r.ib))
	}
	r.pos, r.err = off, nil
	return nil
}

// Next returns the next packet, io.EOF at the end of the IB, or a
// *DecodeError.
func (r *Reader) Next() (Packet, error) {
	if r.err != nil {
		return Packet{}, r.err
	}
	if r.pos >= len(r.ib) {
		return Packet{}, io.EOF
	}
	off := r.pos
	h := Header(r.ib[off])
	if t := h.Type(); t != 3 {
		return Packet{}, r.fail(off, h, ErrNotType3, fmt.Sprintf("TYPE is %d", t))
	}
	n := h.BodyLen()
	if rest := len(r.ib) - off - 1; n > rest {
		return Packet{}, r.fail(off, h, ErrTruncated,
			fmt.Sprintf("%s needs %d body dwords, %d remain", h.Opcode(), n, rest))
	}
	p := Packet{Offset: off, Header: h, Body: r.ib[off+1 : off+1+n : off+1+n]}
	if detail, sentinel := validate(p); sentinel != nil {
		return Packet{}, r.fail(off, h, sentinel, detail)
	}
	r.pos = off + 1 + n
	return p, nil
}

func (r *Reader) fail(off int, h Header, sentinel error, detail string) error {
	r.err = &DecodeError{Offset: off, Header: uint32(h), Err: sentinel, Detail: detail}
	return r.err
}

// Decode decodes a whole IB. On error it returns the packets before the
// bad one together with the *DecodeError.
func Decode(ib []uint32) ([]Packet, error) {
	var out []Packet
	r := NewReader(ib)
	for {
		p, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, p)
	}
}

// validate checks the body of a known packet; it returns a description and
// a sentinel, or a nil error. Only the error path formats (and so
// allocates).
func validate(p Packet) (string, error) {
	n := len(p.Body)
	want := -1
	switch p.Op() {
	case OpSetShReg:
		if n < 2 {
			return fmt.Sprintf("SET_SH_REG has %d body dwords, needs an offset and at least one value", n), ErrBadLength
		}
		off := shRegOffset.Get(p.Body[0])
		if int(off)+n-1 > SHRegWindow {
			return fmt.Sprintf("SET_SH_REG of %d values at offset %#x runs past the SH window (%#x)",
				n-1, off, SHRegWindow), ErrBadField
		}
	case OpDispatchDirect:
		want = bodyDispatchDirect
	case OpDispatchIndirect:
		if n == 2 {
			return "DISPATCH_INDIRECT with 2 body dwords is the GFX-ring form; only the compute-ring form (3) is decoded", ErrBadLength
		}
		want = bodyDispatchIndirect
	case OpReleaseMem:
		want = bodyReleaseMem
	case OpAcquireMem:
		want = bodyAcquireMem
	case OpEventWrite:
		if n != 1 && n != 3 {
			return fmt.Sprintf("EVENT_WRITE has %d body dwords, want 1 or 3", n), ErrBadLength
		}
	case OpWriteData:
		if n < 4 {
			return fmt.Sprintf("WRITE_DATA has %d body dwords, want control, address lo/hi and data", n), ErrBadLength
		}
	case OpCopyData:
		want = bodyCopyData
	case OpWaitRegMem:
		want = bodyWaitRegMem
	case OpIndirectBuffer:
		want = bodyIndirectBuffer
	}
	if want >= 0 && n != want {
		return fmt.Sprintf("%s has %d body dwords, want %d", p.Op(), n, want), ErrBadLength
	}
	return "", nil
}

// u64 joins a lo, hi dword pair.
func u64(lo, hi uint32) uint64 { return uint64(lo) | uint64(hi)<<32 }

// Nop returns the packet as a NOP.
func (p Packet) Nop() (Nop, bool) {
	if p.Op() != OpNOP {
		return Nop{}, false
	}
	return Nop{Payload: p.Body}, true
}

// SetShReg returns the packet as a SET_SH_REG.
func (p Packet) SetShReg() (SetShReg, bool) {
	if p.Op() != OpSetShReg || len(p.Body) < 2 {
		return SetShReg{}, false
	}
	d := p.Body[0]
	return SetShReg{Reg: Reg(shRegOffset.Get(d)), VMIDShift: shRegVMIDShift.Get(d), Index: shRegIndex.Get(d),
		Values: p.Body[1:]}, true
}

// DispatchDirect returns the packet as a DISPATCH_DIRECT.
func (p Packet) DispatchDirect() (DispatchDirect, bool) {
	if p.Op() != OpDispatchDirect || len(p.Body) != bodyDispatchDirect {
		return DispatchDirect{}, false
	}
	b := p.Body
	return DispatchDirect{DimX: b[0], DimY: b[1], DimZ: b[2], Initiator: b[3]}, true
}

// DispatchIndirect returns the packet as a compute-ring DISPATCH_INDIRECT.
func (p Packet) DispatchIndirect() (DispatchIndirect, bool) {
	if p.Op() != OpDispatchIndirect || len(p.Body) != bodyDispatchIndirect {
		return DispatchIndirect{}, false
	}
	return DispatchIndirect{Addr: u64(p.Body[0], p.Body[1]), Initiator: p.Body[2]}, true
}

// ReleaseMem returns the packet as a RELEASE_MEM; the cache actions are
// translated back into GCRCntl form.
func (p Packet) ReleaseMem() (ReleaseMem, bool) {
	if p.Op() != OpReleaseMem || len(p.Body) != bodyReleaseMem {
		return ReleaseMem{}, false
	}
	b := p.Body
	var gcr uint32
	for _, e := range gcrToRelease {
		gcr |= e.gcr.Put(0, e.rel.Get(b[0]))
	}
	return ReleaseMem{
		Event: Event(relEventType.Get(b[0])), EventIndex: relEventIndex.Get(b[0]), GCR: GCRCntl(gcr),
		CachePolicy: relCachePolicy.Get(b[0]), Execute: relExecute.Get(b[0]),
		DstSel: relDstSel.Get(b[1]), IntSel: relIntSel.Get(b[1]), DataSel: relDataSel.Get(b[1]),
		Addr: u64(b[2], b[3]), Data: u64(b[4], b[5]), IntCtxID: b[6],
	}, true
}

// AcquireMem returns the packet as a gfx10+ ACQUIRE_MEM.
func (p Packet) AcquireMem() (AcquireMem, bool) {
	if p.Op() != OpAcquireMem || len(p.Body) != bodyAcquireMem {
		return AcquireMem{}, false
	}
	b := p.Body
	return AcquireMem{
		CoherCntl: acqCoherCntl.Get(b[0]), EngineSel: acqEngineSel.Get(b[0]),
		CoherSize: b[1], CoherSizeHi: b[2], CoherBase: b[3], CoherBaseHi: b[4],
		PollInterval: acqPollInterval.Get(b[5]), GCR: GCRCntl(b[6]) & gcrMask,
	}, true
}

// EventWrite returns the packet as an EVENT_WRITE.
func (p Packet) EventWrite() (EventWrite, bool) {
	if p.Op() != OpEventWrite || (len(p.Body) != 1 && len(p.Body) != 3) {
		return EventWrite{}, false
	}
	e := EventWrite{Event: Event(evEventType.Get(p.Body[0])), EventIndex: evEventIndex.Get(p.Body[0])}
	if len(p.Body) == 3 {
		e.HasAddr, e.Addr = true, u64(p.Body[1], p.Body[2])
	}
	return e, true
}

// WriteData returns the packet as a WRITE_DATA; Data shares the IB.
func (p Packet) WriteData() (WriteData, bool) {
	if p.Op() != OpWriteData || len(p.Body) < 4 {
		return WriteData{}, false
	}
	b := p.Body
	return WriteData{
		DstSel: wdDstSel.Get(b[0]), WrOneAddr: wdWrOneAddr.Get(b[0]) != 0, WrConfirm: wdWrConfirm.Get(b[0]) != 0,
		CachePolicy: wdCachePolicy.Get(b[0]), EngineSel: wdEngineSel.Get(b[0]),
		Addr: u64(b[1], b[2]), Data: b[3:],
	}, true
}

// CopyData returns the packet as a COPY_DATA.
func (p Packet) CopyData() (CopyData, bool) {
	if p.Op() != OpCopyData || len(p.Body) != bodyCopyData {
		return CopyData{}, false
	}
	b := p.Body
	return CopyData{
		SrcSel: cdSrcSel.Get(b[0]), DstSel: cdDstSel.Get(b[0]), SrcCachePolicy: cdSrcCachePolicy.Get(b[0]),
		CountSel64: cdCountSel.Get(b[0]) != 0, WrConfirm: cdWrConfirm.Get(b[0]) != 0,
		DstCachePolicy: cdDstCachePolicy.Get(b[0]), PQExeStatus: cdPQExeStatus.Get(b[0]) != 0,
		EnginePFP: cdEnginePFP.Get(b[0]) != 0, Src: u64(b[1], b[2]), Dst: u64(b[3], b[4]),
	}, true
}

// WaitRegMem returns the packet as a WAIT_REG_MEM.
func (p Packet) WaitRegMem() (WaitRegMem, bool) {
	if p.Op() != OpWaitRegMem || len(p.Body) != bodyWaitRegMem {
		return WaitRegMem{}, false
	}
	b := p.Body
	return WaitRegMem{
		Function: Compare(wrmFunction.Get(b[0])), MemSpace: wrmMemSpace.Get(b[0]), Operation: wrmOperation.Get(b[0]),
		EngineSel: wrmEngineSel.Get(b[0]), CachePolicy: wrmCachePolicy.Get(b[0]), Addr: u64(b[1], b[2]),
		Reference: b[3], Mask: b[4], PollInterval: wrmPollInterval.Get(b[5]),
		OptimizeACEOffload: wrmOptimizeACE.Get(b[5]) != 0,
	}, true
}

// IndirectBuffer returns the packet as an INDIRECT_BUFFER.
func (p Packet) IndirectBuffer() (IndirectBuffer, bool) {
	if p.Op() != OpIndirectBuffer || len(p.Body) != bodyIndirectBuffer {
		return IndirectBuffer{}, false
	}
	b := p.Body
	return IndirectBuffer{
		Addr: u64(b[0]&^3, b[1]), Swap: ibSwap.Get(b[0]), SizeDwords: ibSize.Get(b[2]),
		Chain: ibChain.Get(b[2]) != 0, PreEna: ibPreEna.Get(b[2]) != 0, Valid: ibValid.Get(b[2]) != 0,
		VMID: ibVMID.Get(b[2]), CachePolicy: ibCachePolicy.Get(b[2]), Priv: ibPriv.Get(b[2]) != 0,
		InheritVMIDGFX: ibInheritGFX.Get(b[2]) != 0, InheritVMIDCompute: ibInheritCS.Get(b[2]) != 0,
	}, true
}
