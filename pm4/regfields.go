package pm4

import (
	"fmt"

	"zincc/hwreg"
)

// Field layouts of the registers that have packers below, gfx12 positions
// from gc_12_0_0_sh_mask.h (COMPUTE_NUM_THREAD_X/Y/Z,
// COMPUTE_DISPATCH_INITIATOR; COMPUTE_PGM_RSRC1/2/3 are package hwreg's,
// which the kernel descriptor shares). The register table refers to these
// slices, so packers, decoder and disassembler read the same bit positions.
var (
	numThreadFullXY  = bits("NUM_THREAD_FULL", 0, 12)
	numThreadInterX  = bits("INTERLEAVE_BITS_X", 13, 15)
	numThreadInterY  = bits("INTERLEAVE_BITS_Y", 13, 15)
	numThreadFullZ   = bits("NUM_THREAD_FULL", 0, 15)
	numThreadPartial = bits("NUM_THREAD_PARTIAL", 16, 31)
	numThreadXFields = []Field{numThreadFullXY, numThreadInterX, numThreadPartial}
	numThreadYFields = []Field{numThreadFullXY, numThreadInterY, numThreadPartial}
	numThreadZFields = []Field{numThreadFullZ, numThreadPartial}

	diComputeShaderEn     = bit("COMPUTE_SHADER_EN", 0)
	diPartialTGEn         = bit("PARTIAL_TG_EN", 1)
	diForceStartAt000     = bit("FORCE_START_AT_000", 2)
	diOrderedAppendEnbl   = bit("ORDERED_APPEND_ENBL", 3)
	diOrderedAppendMode   = bit("ORDERED_APPEND_MODE", 4)
	diUseThreadDimensions = bit("USE_THREAD_DIMENSIONS", 5)
	diOrderMode           = bit("ORDER_MODE", 6)
	diScalarL1InvVol      = bit("SCALAR_L1_INV_VOL", 10)
	diVectorL1InvVol      = bit("VECTOR_L1_INV_VOL", 11)
	diPingPongEn          = bit("PING_PONG_EN", 12)
	diTunnelEnable        = bit("TUNNEL_ENABLE", 13)
	diRestore             = bit("RESTORE", 14)
	diCSW32En             = bit("CS_W32_EN", 15)
	diAMPShaderEn         = bit("AMP_SHADER_EN", 16)
	diDisableDispPremptEn = bit("DISABLE_DISP_PREMPT_EN", 17)
	diInterleave2DEn      = bit("INTERLEAVE_2D_EN", 18)
	diTTraceQueueID       = bits("TTRACE_QUEUE_ID", 29, 31)

	dispatchInitiatorFields = []Field{diComputeShaderEn, diPartialTGEn, diForceStartAt000,
		diOrderedAppendEnbl, diOrderedAppendMode, diUseThreadDimensions, diOrderMode,
		diScalarL1InvVol, diVectorL1InvVol, diPingPongEn, diTunnelEnable, diRestore, diCSW32En,
		diAMPShaderEn, diDisableDispPremptEn, diInterleave2DEn, diTTraceQueueID}
)

// fieldError reports a value that does not fit its field.
func fieldError(what string, f Field, v uint64) error {
	return fmt.Errorf("%w: %s.%s = %d does not fit in bits %d..%d (max %d)",
		ErrInvalid, what, f.Name, v, f.Lo, f.Hi, f.Max())
}

// putField stores v into f of *w, or reports that it does not fit.
func putField(w *uint32, what string, f Field, v uint32) error {
	if !f.Fits(v) {
		return fieldError(what, f, uint64(v))
	}
	*w = f.Put(*w, v)
	return nil
}

// PgmRsrc1 is COMPUTE_PGM_RSRC1 by field (gfx12 layout). The kernel
// descriptor's compute_pgm_rsrc1 word has the same layout.
type PgmRsrc1 struct {
	VGPRs       uint32 // [5:0] granulated VGPR count: ceil(vgprs/8)-1 in wave32, ceil(vgprs/4)-1 in wave64
	SGPRs       uint32 // [9:6] reserved, 0 on GFX10+
	Priority    uint32 // [11:10] CP-owned
	FloatMode   uint32 // [19:12] round and denorm modes
	Priv        bool   // [20]
	WGRREn      bool   // [21] round-robin wave scheduling (gfx11: DX10_CLAMP)
	DebugMode   bool   // [22]
	DisablePerf bool   // [23] must be 0 (gfx11: IEEE_MODE)
	Bulky       bool   // [24]
	CDBGUser    bool   // [25]
	FP16Ovfl    bool   // [26]
	WGPMode     bool   // [29]
	MemOrdered  bool   // [30]
	FwdProgress bool   // [31]
}

// Pack encodes r, failing if a numeric field is too wide.
func (r PgmRsrc1) Pack() (uint32, error) {
	var w uint32
	for _, e := range []struct {
		f Field
		v uint32
	}{{hwreg.Rsrc1VGPRs, r.VGPRs}, {hwreg.Rsrc1SGPRs, r.SGPRs}, {hwreg.Rsrc1Priority, r.Priority}, {hwreg.Rsrc1FloatMode, r.FloatMode}} {
		if err := putField(&w, "COMPUTE_PGM_RSRC1", e.f, e.v); err != nil {
			return 0, err
		}
	}
	w |= hwreg.Rsrc1Priv.Flag(r.Priv) | hwreg.Rsrc1WGRREn.Flag(r.WGRREn) | hwreg.Rsrc1DebugMode.Flag(r.DebugMode) |
		hwreg.Rsrc1DisablePerf.Flag(r.DisablePerf) | hwreg.Rsrc1Bulky.Flag(r.Bulky) | hwreg.Rsrc1CDBGUser.Flag(r.CDBGUser) |
		hwreg.Rsrc1FP16Ovfl.Flag(r.FP16Ovfl) | hwreg.Rsrc1WGPMode.Flag(r.WGPMode) | hwreg.Rsrc1MemOrdered.Flag(r.MemOrdered) |
		hwreg.Rsrc1FwdProgress.Flag(r.FwdProgress)
	return w, nil
}

// UnpackPgmRsrc1 decodes a COMPUTE_PGM_RSRC1 value; reserved bits are dropped.
func UnpackPgmRsrc1(w uint32) PgmRsrc1 {
	return PgmRsrc1{
		VGPRs: hwreg.Rsrc1VGPRs.Get(w), SGPRs: hwreg.Rsrc1SGPRs.Get(w), Priority: hwreg.Rsrc1Priority.Get(w),
		FloatMode: hwreg.Rsrc1FloatMode.Get(w), Priv: hwreg.Rsrc1Priv.Get(w) != 0, WGRREn: hwreg.Rsrc1WGRREn.Get(w) != 0,
		DebugMode: hwreg.Rsrc1DebugMode.Get(w) != 0, DisablePerf: hwreg.Rsrc1DisablePerf.Get(w) != 0,
		Bulky: hwreg.Rsrc1Bulky.Get(w) != 0, CDBGUser: hwreg.Rsrc1CDBGUser.Get(w) != 0, FP16Ovfl: hwreg.Rsrc1FP16Ovfl.Get(w) != 0,
		WGPMode: hwreg.Rsrc1WGPMode.Get(w) != 0, MemOrdered: hwreg.Rsrc1MemOrdered.Get(w) != 0,
		FwdProgress: hwreg.Rsrc1FwdProgress.Get(w) != 0,
	}
}

// PgmRsrc2 is COMPUTE_PGM_RSRC2 by field (gfx12 layout).
type PgmRsrc2 struct {
	ScratchEn    bool   // [0]
	UserSGPR     uint32 // [5:1] user SGPRs loaded from COMPUTE_USER_DATA_0.., at most 16
	DynamicVGPR  bool   // [6] (gfx11: TRAP_PRESENT)
	TGIDXEn      bool   // [7]
	TGIDYEn      bool   // [8]
	TGIDZEn      bool   // [9]
	TGSizeEn     bool   // [10]
	TIDIGCompCnt uint32 // [12:11] 0 = X, 1 = X,Y, 2 = X,Y,Z work-item IDs
	ExcpEnMSB    uint32 // [14:13]
	LDSSize      uint32 // [23:15] LDS in 512-byte units
	ExcpEn       uint32 // [30:24]
	WGPTakeover  bool   // [31]
}

// Pack encodes r, failing if a numeric field is too wide or UserSGPR names
// more than the 16 COMPUTE_USER_DATA registers.
func (r PgmRsrc2) Pack() (uint32, error) {
	if r.UserSGPR > NumUserData {
		return 0, fmt.Errorf("%w: COMPUTE_PGM_RSRC2.USER_SGPR = %d, but only %d user-data registers exist",
			ErrInvalid, r.UserSGPR, NumUserData)
	}
	var w uint32
	for _, e := range []struct {
		f Field
		v uint32
	}{{hwreg.Rsrc2UserSGPR, r.UserSGPR}, {hwreg.Rsrc2TIDIGCompCnt, r.TIDIGCompCnt}, {hwreg.Rsrc2ExcpEnMSB, r.ExcpEnMSB},
		{hwreg.Rsrc2LDSSize, r.LDSSize}, {hwreg.Rsrc2ExcpEn, r.ExcpEn}} {
		if err := putField(&w, "COMPUTE_PGM_RSRC2", e.f, e.v); err != nil {
			return 0, err
		}
	}
	w |= hwreg.Rsrc2ScratchEn.Flag(r.ScratchEn) | hwreg.Rsrc2DynamicVGPR.Flag(r.DynamicVGPR) | hwreg.Rsrc2TGIDXEn.Flag(r.TGIDXEn) |
		hwreg.Rsrc2TGIDYEn.Flag(r.TGIDYEn) | hwreg.Rsrc2TGIDZEn.Flag(r.TGIDZEn) | hwreg.Rsrc2TGSizeEn.Flag(r.TGSizeEn) |
		hwreg.Rsrc2WGPTakeover.Flag(r.WGPTakeover)
	return w, nil
}

// UnpackPgmRsrc2 decodes a COMPUTE_PGM_RSRC2 value.
func UnpackPgmRsrc2(w uint32) PgmRsrc2 {
	return PgmRsrc2{
		ScratchEn: hwreg.Rsrc2ScratchEn.Get(w) != 0, UserSGPR: hwreg.Rsrc2UserSGPR.Get(w),
		DynamicVGPR: hwreg.Rsrc2DynamicVGPR.Get(w) != 0, TGIDXEn: hwreg.Rsrc2TGIDXEn.Get(w) != 0,
		TGIDYEn: hwreg.Rsrc2TGIDYEn.Get(w) != 0, TGIDZEn: hwreg.Rsrc2TGIDZEn.Get(w) != 0,
		TGSizeEn: hwreg.Rsrc2TGSizeEn.Get(w) != 0, TIDIGCompCnt: hwreg.Rsrc2TIDIGCompCnt.Get(w),
		ExcpEnMSB: hwreg.Rsrc2ExcpEnMSB.Get(w), LDSSize: hwreg.Rsrc2LDSSize.Get(w), ExcpEn: hwreg.Rsrc2ExcpEn.Get(w),
		WGPTakeover: hwreg.Rsrc2WGPTakeover.Get(w) != 0,
	}
}

// PgmRsrc3 is COMPUTE_PGM_RSRC3 by field (gfx12 layout; gfx11 differs).
type PgmRsrc3 struct {
	SharedVGPRCnt uint32 // [3:0]
	InstPrefSize  uint32 // [11:4] instruction prefetch, 128-byte units
	GLGEn         bool   // [13] group launch guarantee
	ImageOp       bool   // [31] must be 0 for plain compute
}

// Pack encodes r, failing if a numeric field is too wide.
func (r PgmRsrc3) Pack() (uint32, error) {
	var w uint32
	if err := putField(&w, "COMPUTE_PGM_RSRC3", hwreg.Rsrc3SharedVGPRCnt, r.SharedVGPRCnt); err != nil {
		return 0, err
	}
	if err := putField(&w, "COMPUTE_PGM_RSRC3", hwreg.Rsrc3InstPrefSize, r.InstPrefSize); err != nil {
		return 0, err
	}
	return w | hwreg.Rsrc3GLGEn.Flag(r.GLGEn) | hwreg.Rsrc3ImageOp.Flag(r.ImageOp), nil
}

// UnpackPgmRsrc3 decodes a COMPUTE_PGM_RSRC3 value.
func UnpackPgmRsrc3(w uint32) PgmRsrc3 {
	return PgmRsrc3{SharedVGPRCnt: hwreg.Rsrc3SharedVGPRCnt.Get(w), InstPrefSize: hwreg.Rsrc3InstPrefSize.Get(w),
		GLGEn: hwreg.Rsrc3GLGEn.Get(w) != 0, ImageOp: hwreg.Rsrc3ImageOp.Get(w) != 0}
}

// NumThread is one of COMPUTE_NUM_THREAD_X/Y/Z by field: the workgroup size
// along one axis. On gfx12 X and Y hold FULL in [12:0] and INTERLEAVE_BITS
// in [15:13]; Z holds FULL in [15:0] and has no interleave bits.
type NumThread struct {
	Full       uint32 // NUM_THREAD_FULL: threads per workgroup along the axis
	Interleave uint32 // INTERLEAVE_BITS_X/Y [15:13] (must be 0 for Z)
	Partial    uint32 // NUM_THREAD_PARTIAL [31:16]: size of the last, partial group (with PARTIAL_TG_EN)
}

// Pack encodes n for register r, which must be COMPUTE_NUM_THREAD_X, _Y or _Z.
func (n NumThread) Pack(r Reg) (uint32, error) {
	var fs []Field
	switch r {
	case COMPUTE_NUM_THREAD_X:
		fs = numThreadXFields
	case COMPUTE_NUM_THREAD_Y:
		fs = numThreadYFields
	case COMPUTE_NUM_THREAD_Z:
		if n.Interleave != 0 {
			return 0, fmt.Errorf("%w: COMPUTE_NUM_THREAD_Z has no interleave bits (got %d)", ErrInvalid, n.Interleave)
		}
		fs = numThreadZFields
	default:
		return 0, fmt.Errorf("%w: %v is not a COMPUTE_NUM_THREAD register", ErrInvalid, r)
	}
	var w uint32
	vals := [3]uint32{n.Full, n.Interleave, n.Partial}
	if len(fs) == 2 {
		vals[1] = n.Partial
	}
	for i, f := range fs {
		if err := putField(&w, r.String(), f, vals[i]); err != nil {
			return 0, err
		}
	}
	return w, nil
}

// UnpackNumThread decodes a COMPUTE_NUM_THREAD_X/Y/Z value for register r
// (any other r is treated as X).
func UnpackNumThread(r Reg, w uint32) NumThread {
	if r == COMPUTE_NUM_THREAD_Z {
		return NumThread{Full: numThreadFullZ.Get(w), Partial: numThreadPartial.Get(w)}
	}
	return NumThread{Full: numThreadFullXY.Get(w), Interleave: numThreadInterX.Get(w), Partial: numThreadPartial.Get(w)}
}

// DispatchInitiator is COMPUTE_DISPATCH_INITIATOR by field (gfx12 layout):
// the last dword of DISPATCH_DIRECT and DISPATCH_INDIRECT.
type DispatchInitiator struct {
	ComputeShaderEn     bool   // [0] must be 1
	PartialTGEn         bool   // [1]
	ForceStartAt000     bool   // [2] ignore COMPUTE_START_X/Y/Z
	OrderedAppendEnbl   bool   // [3]
	OrderedAppendMode   bool   // [4]
	UseThreadDimensions bool   // [5] DIM_X/Y/Z count threads, not groups
	OrderMode           bool   // [6]
	ScalarL1InvVol      bool   // [10]
	VectorL1InvVol      bool   // [11]
	PingPongEn          bool   // [12]
	TunnelEnable        bool   // [13]
	Restore             bool   // [14]
	CSW32En             bool   // [15] wave32
	AMPShaderEn         bool   // [16]
	DisableDispPremptEn bool   // [17]
	Interleave2DEn      bool   // [18]
	TTraceQueueID       uint32 // [31:29]
}

// Pack encodes d, failing if TTraceQueueID is too wide.
func (d DispatchInitiator) Pack() (uint32, error) {
	var w uint32
	if err := putField(&w, "COMPUTE_DISPATCH_INITIATOR", diTTraceQueueID, d.TTraceQueueID); err != nil {
		return 0, err
	}
	w |= diComputeShaderEn.Flag(d.ComputeShaderEn) | diPartialTGEn.Flag(d.PartialTGEn) |
		diForceStartAt000.Flag(d.ForceStartAt000) | diOrderedAppendEnbl.Flag(d.OrderedAppendEnbl) |
		diOrderedAppendMode.Flag(d.OrderedAppendMode) | diUseThreadDimensions.Flag(d.UseThreadDimensions) |
		diOrderMode.Flag(d.OrderMode) | diScalarL1InvVol.Flag(d.ScalarL1InvVol) |
		diVectorL1InvVol.Flag(d.VectorL1InvVol) | diPingPongEn.Flag(d.PingPongEn) |
		diTunnelEnable.Flag(d.TunnelEnable) | diRestore.Flag(d.Restore) | diCSW32En.Flag(d.CSW32En) |
		diAMPShaderEn.Flag(d.AMPShaderEn) | diDisableDispPremptEn.Flag(d.DisableDispPremptEn) |
		diInterleave2DEn.Flag(d.Interleave2DEn)
	return w, nil
}

// UnpackDispatchInitiator decodes a COMPUTE_DISPATCH_INITIATOR value.
func UnpackDispatchInitiator(w uint32) DispatchInitiator {
	on := func(f Field) bool { return f.Get(w) != 0 }
	return DispatchInitiator{
		ComputeShaderEn: on(diComputeShaderEn), PartialTGEn: on(diPartialTGEn),
		ForceStartAt000: on(diForceStartAt000), OrderedAppendEnbl: on(diOrderedAppendEnbl),
		OrderedAppendMode: on(diOrderedAppendMode), UseThreadDimensions: on(diUseThreadDimensions),
		OrderMode: on(diOrderMode), ScalarL1InvVol: on(diScalarL1InvVol), VectorL1InvVol: on(diVectorL1InvVol),
		PingPongEn: on(diPingPongEn), TunnelEnable: on(diTunnelEnable), Restore: on(diRestore),
		CSW32En: on(diCSW32En), AMPShaderEn: on(diAMPShaderEn), DisableDispPremptEn: on(diDisableDispPremptEn),
		Interleave2DEn: on(diInterleave2DEn), TTraceQueueID: diTTraceQueueID.Get(w),
	}
}
