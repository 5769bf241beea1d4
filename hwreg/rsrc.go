package hwreg

// COMPUTE_PGM_RSRC1 (gfx12 positions from gc_12_0_0_sh_mask.h); the kernel
// descriptor's compute_pgm_rsrc1 word has the same layout.
var (
	Rsrc1VGPRs       = Bits("VGPRS", 0, 5) // granulated VGPR count: ceil(vgprs/8)-1 in wave32, ceil(vgprs/4)-1 in wave64
	Rsrc1SGPRs       = Bits("SGPRS", 6, 9) // reserved, 0 on GFX10+
	Rsrc1Priority    = Bits("PRIORITY", 10, 11)
	Rsrc1FloatMode   = HexBits("FLOAT_MODE", 12, 19) // the wave's initial MODE round and denorm bits
	Rsrc1Priv        = Bit("PRIV", 20)
	Rsrc1WGRREn      = Bit("WG_RR_EN", 21)
	Rsrc1DebugMode   = Bit("DEBUG_MODE", 22)
	Rsrc1DisablePerf = Bit("DISABLE_PERF", 23)
	Rsrc1Bulky       = Bit("BULKY", 24)
	Rsrc1CDBGUser    = Bit("CDBG_USER", 25)
	Rsrc1FP16Ovfl    = Bit("FP16_OVFL", 26)
	Rsrc1WGPMode     = Bit("WGP_MODE", 29)
	Rsrc1MemOrdered  = Bit("MEM_ORDERED", 30)
	Rsrc1FwdProgress = Bit("FWD_PROGRESS", 31)

	// Rsrc1Fields is every field of the word, low bits first.
	Rsrc1Fields = []Field{Rsrc1VGPRs, Rsrc1SGPRs, Rsrc1Priority, Rsrc1FloatMode, Rsrc1Priv,
		Rsrc1WGRREn, Rsrc1DebugMode, Rsrc1DisablePerf, Rsrc1Bulky, Rsrc1CDBGUser, Rsrc1FP16Ovfl,
		Rsrc1WGPMode, Rsrc1MemOrdered, Rsrc1FwdProgress}

	// FLOAT_MODE's parts (MODE.FP_ROUND and FP_DENORM): 0 is round to
	// nearest even; denorm 3 keeps denormals in and out.
	Rsrc1FloatRound32    = Rsrc1FloatMode.Sub("FLOAT_ROUND_MODE_32", 0, 1)
	Rsrc1FloatRound1664  = Rsrc1FloatMode.Sub("FLOAT_ROUND_MODE_16_64", 2, 3)
	Rsrc1FloatDenorm32   = Rsrc1FloatMode.Sub("FLOAT_DENORM_MODE_32", 4, 5)
	Rsrc1FloatDenorm1664 = Rsrc1FloatMode.Sub("FLOAT_DENORM_MODE_16_64", 6, 7)
)

// COMPUTE_PGM_RSRC2 (gfx12 layout); the descriptor's compute_pgm_rsrc2
// has it too, with LDS_SIZE left to the command stream.
var (
	Rsrc2ScratchEn    = Bit("SCRATCH_EN", 0)
	Rsrc2UserSGPR     = Bits("USER_SGPR", 1, 5) // user SGPRs loaded from COMPUTE_USER_DATA_0..
	Rsrc2DynamicVGPR  = Bit("DYNAMIC_VGPR", 6)
	Rsrc2TGIDXEn      = Bit("TGID_X_EN", 7)
	Rsrc2TGIDYEn      = Bit("TGID_Y_EN", 8)
	Rsrc2TGIDZEn      = Bit("TGID_Z_EN", 9)
	Rsrc2TGSizeEn     = Bit("TG_SIZE_EN", 10)
	Rsrc2TIDIGCompCnt = Bits("TIDIG_COMP_CNT", 11, 12) // 0 = X, 1 = X,Y, 2 = X,Y,Z work-item ids
	Rsrc2ExcpEnMSB    = HexBits("EXCP_EN_MSB", 13, 14)
	Rsrc2LDSSize      = Bits("LDS_SIZE", 15, 23) // LDS in 512-byte units (LDSUnit)
	Rsrc2ExcpEn       = HexBits("EXCP_EN", 24, 30)
	Rsrc2WGPTakeover  = Bit("WGP_TAKEOVER", 31)

	// Rsrc2Fields is every field of the word, low bits first.
	Rsrc2Fields = []Field{Rsrc2ScratchEn, Rsrc2UserSGPR, Rsrc2DynamicVGPR, Rsrc2TGIDXEn,
		Rsrc2TGIDYEn, Rsrc2TGIDZEn, Rsrc2TGSizeEn, Rsrc2TIDIGCompCnt, Rsrc2ExcpEnMSB,
		Rsrc2LDSSize, Rsrc2ExcpEn, Rsrc2WGPTakeover}

	// EXCP_EN's parts: the exceptions that trap.
	Rsrc2ExcpInvalid   = Rsrc2ExcpEn.Sub("EXCP_IEEE_INVALID", 0, 0)
	Rsrc2ExcpDenormSrc = Rsrc2ExcpEn.Sub("EXCP_DENORM_SRC", 1, 1)
	Rsrc2ExcpDivZero   = Rsrc2ExcpEn.Sub("EXCP_IEEE_DIV_ZERO", 2, 2)
	Rsrc2ExcpOverflow  = Rsrc2ExcpEn.Sub("EXCP_IEEE_OVERFLOW", 3, 3)
	Rsrc2ExcpUnderflow = Rsrc2ExcpEn.Sub("EXCP_IEEE_UNDERFLOW", 4, 4)
	Rsrc2ExcpInexact   = Rsrc2ExcpEn.Sub("EXCP_IEEE_INEXACT", 5, 5)
	Rsrc2ExcpIntDiv0   = Rsrc2ExcpEn.Sub("EXCP_INT_DIV_ZERO", 6, 6)
)

// LDSUnit is the size of one RSRC2.LDS_SIZE unit in bytes.
const LDSUnit = 512

// COMPUTE_PGM_RSRC3 (gfx12 layout; gfx11 differs).
var (
	Rsrc3SharedVGPRCnt = Bits("SHARED_VGPR_CNT", 0, 3)
	Rsrc3InstPrefSize  = Bits("INST_PREF_SIZE", 4, 11) // instruction prefetch, 128-byte units
	Rsrc3GLGEn         = Bit("GLG_EN", 13)             // group launch guarantee
	Rsrc3ImageOp       = Bit("IMAGE_OP", 31)           // must be 0 for plain compute

	// Rsrc3Fields is every field of the word, low bits first.
	Rsrc3Fields = []Field{Rsrc3SharedVGPRCnt, Rsrc3InstPrefSize, Rsrc3GLGEn, Rsrc3ImageOp}
)
