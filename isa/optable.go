package isa

// The instruction table. Op constants are grouped by native encoding and
// ordered by opcode; opTable is keyed by them, so the order of the two
// lists does not matter. Operand types, modifier flags and DPP support were
// learned from llvm-mc 19 and are checked against it by the tests.

// Instructions.
const (
	_ Op = iota

	// SOP1
	S_MOV_B32
	S_MOV_B64
	S_CMOV_B32
	S_CMOV_B64
	S_BREV_B32
	S_BREV_B64
	S_CTZ_I32_B32
	S_CTZ_I32_B64
	S_CLZ_I32_U32
	S_CLZ_I32_U64
	S_CLS_I32
	S_CLS_I32_I64
	S_SEXT_I32_I8
	S_SEXT_I32_I16
	S_BITSET0_B32
	S_BITSET0_B64
	S_BITSET1_B32
	S_BITSET1_B64
	S_BITREPLICATE_B64_B32
	S_ABS_I32
	S_BCNT0_I32_B32
	S_BCNT0_I32_B64
	S_BCNT1_I32_B32
	S_BCNT1_I32_B64
	S_QUADMASK_B32
	S_QUADMASK_B64
	S_WQM_B32
	S_WQM_B64
	S_NOT_B32
	S_NOT_B64
	S_AND_SAVEEXEC_B32
	S_AND_SAVEEXEC_B64
	S_OR_SAVEEXEC_B32
	S_OR_SAVEEXEC_B64
	S_XOR_SAVEEXEC_B32
	S_XOR_SAVEEXEC_B64
	S_NAND_SAVEEXEC_B32
	S_NAND_SAVEEXEC_B64
	S_NOR_SAVEEXEC_B32
	S_NOR_SAVEEXEC_B64
	S_XNOR_SAVEEXEC_B32
	S_XNOR_SAVEEXEC_B64
	S_AND_NOT0_SAVEEXEC_B32
	S_AND_NOT0_SAVEEXEC_B64
	S_OR_NOT0_SAVEEXEC_B32
	S_OR_NOT0_SAVEEXEC_B64
	S_AND_NOT1_SAVEEXEC_B32
	S_AND_NOT1_SAVEEXEC_B64
	S_OR_NOT1_SAVEEXEC_B32
	S_OR_NOT1_SAVEEXEC_B64
	S_AND_NOT0_WREXEC_B32
	S_AND_NOT0_WREXEC_B64
	S_AND_NOT1_WREXEC_B32
	S_AND_NOT1_WREXEC_B64
	S_GETPC_B64
	S_SETPC_B64
	S_SWAPPC_B64
	S_BARRIER_SIGNAL
	S_BARRIER_SIGNAL_ISFIRST
	S_CEIL_F32
	S_FLOOR_F32
	S_TRUNC_F32
	S_RNDNE_F32
	S_CVT_F32_I32
	S_CVT_F32_U32
	S_CVT_I32_F32
	S_CVT_U32_F32
	S_CVT_F16_F32
	S_CVT_F32_F16
	S_CVT_HI_F32_F16
	S_CEIL_F16
	S_FLOOR_F16
	S_TRUNC_F16
	S_RNDNE_F16

	// SOP2
	S_ADD_CO_U32
	S_SUB_CO_U32
	S_ADD_CO_I32
	S_SUB_CO_I32
	S_ADD_CO_CI_U32
	S_SUB_CO_CI_U32
	S_ABSDIFF_I32
	S_LSHL_B32
	S_LSHL_B64
	S_LSHR_B32
	S_LSHR_B64
	S_ASHR_I32
	S_ASHR_I64
	S_LSHL1_ADD_U32
	S_LSHL2_ADD_U32
	S_LSHL3_ADD_U32
	S_LSHL4_ADD_U32
	S_MIN_I32
	S_MIN_U32
	S_MAX_I32
	S_MAX_U32
	S_AND_B32
	S_AND_B64
	S_OR_B32
	S_OR_B64
	S_XOR_B32
	S_XOR_B64
	S_NAND_B32
	S_NAND_B64
	S_NOR_B32
	S_NOR_B64
	S_XNOR_B32
	S_XNOR_B64
	S_AND_NOT1_B32
	S_AND_NOT1_B64
	S_OR_NOT1_B32
	S_OR_NOT1_B64
	S_BFE_U32
	S_BFE_I32
	S_BFE_U64
	S_BFE_I64
	S_BFM_B32
	S_BFM_B64
	S_MUL_I32
	S_MUL_HI_U32
	S_MUL_HI_I32
	S_CSELECT_B32
	S_CSELECT_B64
	S_PACK_LL_B32_B16
	S_PACK_LH_B32_B16
	S_PACK_HH_B32_B16
	S_PACK_HL_B32_B16
	S_ADD_F32
	S_SUB_F32
	S_MIN_NUM_F32
	S_MAX_NUM_F32
	S_MUL_F32
	S_FMAC_F32
	S_MINIMUM_F32
	S_MAXIMUM_F32
	S_ADD_NC_U64
	S_SUB_NC_U64
	S_MUL_U64
	S_ADD_F16
	S_SUB_F16
	S_MIN_NUM_F16
	S_MAX_NUM_F16
	S_MUL_F16
	S_FMAC_F16
	S_MINIMUM_F16
	S_MAXIMUM_F16
	S_FMAAK_F32
	S_FMAMK_F32

	// SOPK
	S_MOVK_I32
	S_CMOVK_I32
	S_ADDK_CO_I32
	S_MULK_I32
	S_GETREG_B32
	S_SETREG_B32
	S_SETREG_IMM32_B32

	// SOPC
	S_CMP_EQ_I32
	S_CMP_LG_I32
	S_CMP_GT_I32
	S_CMP_GE_I32
	S_CMP_LT_I32
	S_CMP_LE_I32
	S_CMP_EQ_U32
	S_CMP_LG_U32
	S_CMP_GT_U32
	S_CMP_GE_U32
	S_CMP_LT_U32
	S_CMP_LE_U32
	S_BITCMP0_B32
	S_BITCMP1_B32
	S_BITCMP0_B64
	S_BITCMP1_B64
	S_CMP_EQ_U64
	S_CMP_LG_U64
	S_CMP_LT_F32
	S_CMP_EQ_F32
	S_CMP_LE_F32
	S_CMP_GT_F32
	S_CMP_LG_F32
	S_CMP_GE_F32
	S_CMP_O_F32
	S_CMP_U_F32
	S_CMP_NGE_F32
	S_CMP_NLG_F32
	S_CMP_NGT_F32
	S_CMP_NLE_F32
	S_CMP_NEQ_F32
	S_CMP_NLT_F32
	S_CMP_LT_F16
	S_CMP_EQ_F16
	S_CMP_LE_F16
	S_CMP_GT_F16
	S_CMP_LG_F16
	S_CMP_GE_F16
	S_CMP_O_F16
	S_CMP_U_F16
	S_CMP_NGE_F16
	S_CMP_NLG_F16
	S_CMP_NGT_F16
	S_CMP_NLE_F16
	S_CMP_NEQ_F16
	S_CMP_NLT_F16

	// SOPP
	S_NOP
	S_SETKILL
	S_SETHALT
	S_SLEEP
	S_CLAUSE
	S_DELAY_ALU
	S_WAIT_ALU
	S_WAITCNT
	S_WAIT_IDLE
	S_WAIT_EVENT
	S_TRAP
	S_ROUND_MODE
	S_DENORM_MODE
	S_BARRIER_WAIT
	S_BARRIER_LEAVE
	S_CODE_END
	S_BRANCH
	S_CBRANCH_SCC0
	S_CBRANCH_SCC1
	S_CBRANCH_VCCZ
	S_CBRANCH_VCCNZ
	S_CBRANCH_EXECZ
	S_CBRANCH_EXECNZ
	S_ENDPGM
	S_ENDPGM_SAVED
	S_WAKEUP
	S_SETPRIO
	S_SENDMSG
	S_SENDMSGHALT
	S_INCPERFLEVEL
	S_DECPERFLEVEL
	S_TTRACEDATA
	S_TTRACEDATA_IMM
	S_ICACHE_INV
	S_WAIT_LOADCNT
	S_WAIT_STORECNT
	S_WAIT_SAMPLECNT
	S_WAIT_BVHCNT
	S_WAIT_EXPCNT
	S_WAIT_DSCNT
	S_WAIT_KMCNT
	S_WAIT_LOADCNT_DSCNT
	S_WAIT_STORECNT_DSCNT

	// SMEM
	S_LOAD_B32
	S_LOAD_B64
	S_LOAD_B128
	S_LOAD_B256
	S_LOAD_B512
	S_LOAD_B96
	S_LOAD_I8
	S_LOAD_U8
	S_LOAD_I16
	S_LOAD_U16
	S_BUFFER_LOAD_B32
	S_BUFFER_LOAD_B64
	S_BUFFER_LOAD_B128
	S_BUFFER_LOAD_B256
	S_BUFFER_LOAD_B512
	S_BUFFER_LOAD_B96
	S_BUFFER_LOAD_I8
	S_BUFFER_LOAD_U8
	S_BUFFER_LOAD_I16
	S_BUFFER_LOAD_U16
	S_DCACHE_INV

	// VOP1
	V_NOP
	V_MOV_B32
	V_READFIRSTLANE_B32
	V_CVT_I32_F64
	V_CVT_F64_I32
	V_CVT_F32_I32
	V_CVT_F32_U32
	V_CVT_U32_F32
	V_CVT_I32_F32
	V_CVT_F16_F32
	V_CVT_F32_F16
	V_CVT_NEAREST_I32_F32
	V_CVT_FLOOR_I32_F32
	V_CVT_OFF_F32_I4
	V_CVT_F32_F64
	V_CVT_F64_F32
	V_CVT_F32_UBYTE0
	V_CVT_F32_UBYTE1
	V_CVT_F32_UBYTE2
	V_CVT_F32_UBYTE3
	V_CVT_U32_F64
	V_CVT_F64_U32
	V_TRUNC_F64
	V_CEIL_F64
	V_RNDNE_F64
	V_FLOOR_F64
	V_FRACT_F32
	V_TRUNC_F32
	V_CEIL_F32
	V_RNDNE_F32
	V_FLOOR_F32
	V_EXP_F32
	V_LOG_F32
	V_RCP_F32
	V_RCP_IFLAG_F32
	V_RSQ_F32
	V_RCP_F64
	V_RSQ_F64
	V_SQRT_F32
	V_SQRT_F64
	V_SIN_F32
	V_COS_F32
	V_NOT_B32
	V_BFREV_B32
	V_CLZ_I32_U32
	V_CTZ_I32_B32
	V_CLS_I32
	V_FREXP_EXP_I32_F64
	V_FREXP_MANT_F64
	V_FRACT_F64
	V_FREXP_EXP_I32_F32
	V_FREXP_MANT_F32
	V_RCP_F16
	V_SQRT_F16
	V_RSQ_F16
	V_LOG_F16
	V_EXP_F16
	V_FREXP_MANT_F16
	V_FLOOR_F16
	V_CEIL_F16
	V_TRUNC_F16
	V_RNDNE_F16
	V_FRACT_F16
	V_SIN_F16
	V_COS_F16
	V_SWAP_B32
	V_PERMLANE64_B32
	V_MOVRELD_B32
	V_MOVRELS_B32
	V_CVT_F16_U16
	V_CVT_F16_I16
	V_CVT_U16_F16
	V_CVT_I16_F16
	V_CVT_I32_I16
	V_CVT_U32_U16

	// VOP2
	V_CNDMASK_B32
	V_ADD_F64
	V_ADD_F32
	V_SUB_F32
	V_SUBREV_F32
	V_MUL_F64
	V_MUL_DX9_ZERO_F32
	V_MUL_F32
	V_MUL_I32_I24
	V_MUL_HI_I32_I24
	V_MUL_U32_U24
	V_MUL_HI_U32_U24
	V_MIN_NUM_F64
	V_MAX_NUM_F64
	V_MIN_I32
	V_MAX_I32
	V_MIN_U32
	V_MAX_U32
	V_MIN_NUM_F32
	V_MAX_NUM_F32
	V_LSHLREV_B32
	V_LSHRREV_B32
	V_ASHRREV_I32
	V_AND_B32
	V_OR_B32
	V_XOR_B32
	V_XNOR_B32
	V_LSHLREV_B64
	V_ADD_CO_CI_U32
	V_SUB_CO_CI_U32
	V_SUBREV_CO_CI_U32
	V_ADD_NC_U32
	V_SUB_NC_U32
	V_SUBREV_NC_U32
	V_FMAC_F32
	V_FMAMK_F32
	V_FMAAK_F32
	V_CVT_PK_RTZ_F16_F32
	V_MIN_NUM_F16
	V_MAX_NUM_F16
	V_ADD_F16
	V_SUB_F16
	V_SUBREV_F16
	V_MUL_F16
	V_FMAC_F16
	V_FMAMK_F16
	V_FMAAK_F16
	V_LDEXP_F16
	V_PK_FMAC_F16

	// VOPC
	V_CMP_LT_F16
	V_CMP_EQ_F16
	V_CMP_LE_F16
	V_CMP_GT_F16
	V_CMP_LG_F16
	V_CMP_GE_F16
	V_CMP_O_F16
	V_CMP_U_F16
	V_CMP_NGE_F16
	V_CMP_NLG_F16
	V_CMP_NGT_F16
	V_CMP_NLE_F16
	V_CMP_NEQ_F16
	V_CMP_NLT_F16
	V_CMP_LT_F32
	V_CMP_EQ_F32
	V_CMP_LE_F32
	V_CMP_GT_F32
	V_CMP_LG_F32
	V_CMP_GE_F32
	V_CMP_O_F32
	V_CMP_U_F32
	V_CMP_NGE_F32
	V_CMP_NLG_F32
	V_CMP_NGT_F32
	V_CMP_NLE_F32
	V_CMP_NEQ_F32
	V_CMP_NLT_F32
	V_CMP_LT_F64
	V_CMP_EQ_F64
	V_CMP_LE_F64
	V_CMP_GT_F64
	V_CMP_LG_F64
	V_CMP_GE_F64
	V_CMP_O_F64
	V_CMP_U_F64
	V_CMP_NGE_F64
	V_CMP_NLG_F64
	V_CMP_NGT_F64
	V_CMP_NLE_F64
	V_CMP_NEQ_F64
	V_CMP_NLT_F64
	V_CMP_LT_I32
	V_CMP_EQ_I32
	V_CMP_LE_I32
	V_CMP_GT_I32
	V_CMP_NE_I32
	V_CMP_GE_I32
	V_CMP_LT_U32
	V_CMP_EQ_U32
	V_CMP_LE_U32
	V_CMP_GT_U32
	V_CMP_NE_U32
	V_CMP_GE_U32
	V_CMP_LT_I64
	V_CMP_EQ_I64
	V_CMP_LE_I64
	V_CMP_GT_I64
	V_CMP_NE_I64
	V_CMP_GE_I64
	V_CMP_LT_U64
	V_CMP_EQ_U64
	V_CMP_LE_U64
	V_CMP_GT_U64
	V_CMP_NE_U64
	V_CMP_GE_U64
	V_CMP_CLASS_F16
	V_CMP_CLASS_F32
	V_CMP_CLASS_F64
	V_CMPX_LT_F16
	V_CMPX_EQ_F16
	V_CMPX_LE_F16
	V_CMPX_GT_F16
	V_CMPX_LG_F16
	V_CMPX_GE_F16
	V_CMPX_O_F16
	V_CMPX_U_F16
	V_CMPX_NGE_F16
	V_CMPX_NLG_F16
	V_CMPX_NGT_F16
	V_CMPX_NLE_F16
	V_CMPX_NEQ_F16
	V_CMPX_NLT_F16
	V_CMPX_LT_F32
	V_CMPX_EQ_F32
	V_CMPX_LE_F32
	V_CMPX_GT_F32
	V_CMPX_LG_F32
	V_CMPX_GE_F32
	V_CMPX_O_F32
	V_CMPX_U_F32
	V_CMPX_NGE_F32
	V_CMPX_NLG_F32
	V_CMPX_NGT_F32
	V_CMPX_NLE_F32
	V_CMPX_NEQ_F32
	V_CMPX_NLT_F32
	V_CMPX_LT_F64
	V_CMPX_EQ_F64
	V_CMPX_LE_F64
	V_CMPX_GT_F64
	V_CMPX_LG_F64
	V_CMPX_GE_F64
	V_CMPX_O_F64
	V_CMPX_U_F64
	V_CMPX_NGE_F64
	V_CMPX_NLG_F64
	V_CMPX_NGT_F64
	V_CMPX_NLE_F64
	V_CMPX_NEQ_F64
	V_CMPX_NLT_F64
	V_CMPX_LT_I32
	V_CMPX_EQ_I32
	V_CMPX_LE_I32
	V_CMPX_GT_I32
	V_CMPX_NE_I32
	V_CMPX_GE_I32
	V_CMPX_LT_U32
	V_CMPX_EQ_U32
	V_CMPX_LE_U32
	V_CMPX_GT_U32
	V_CMPX_NE_U32
	V_CMPX_GE_U32
	V_CMPX_LT_I64
	V_CMPX_EQ_I64
	V_CMPX_LE_I64
	V_CMPX_GT_I64
	V_CMPX_NE_I64
	V_CMPX_GE_I64
	V_CMPX_LT_U64
	V_CMPX_EQ_U64
	V_CMPX_LE_U64
	V_CMPX_GT_U64
	V_CMPX_NE_U64
	V_CMPX_GE_U64
	V_CMPX_CLASS_F16
	V_CMPX_CLASS_F32
	V_CMPX_CLASS_F64

	// VOP3
	V_FMA_DX9_ZERO_F32
	V_MAD_I32_I24
	V_MAD_U32_U24
	V_BFE_U32
	V_BFE_I32
	V_BFI_B32
	V_FMA_F32
	V_FMA_F64
	V_ALIGNBIT_B32
	V_ALIGNBYTE_B32
	V_MIN3_I32
	V_MIN3_U32
	V_MAX3_I32
	V_MAX3_U32
	V_MED3_I32
	V_MED3_U32
	V_SAD_U8
	V_SAD_HI_U8
	V_SAD_U32
	V_CVT_PK_U8_F32
	V_DIV_FIXUP_F32
	V_DIV_FIXUP_F64
	V_MIN3_NUM_F32
	V_MAX3_NUM_F32
	V_MIN3_NUM_F16
	V_MAX3_NUM_F16
	V_MINIMUM3_F32
	V_MAXIMUM3_F32
	V_MINIMUM3_F16
	V_MAXIMUM3_F16
	V_MED3_NUM_F32
	V_MED3_NUM_F16
	V_DIV_FMAS_F32
	V_DIV_FMAS_F64
	V_MSAD_U8
	V_XOR3_B32
	V_PERM_B32
	V_XAD_U32
	V_LSHL_ADD_U32
	V_ADD_LSHL_U32
	V_FMA_F16
	V_DIV_FIXUP_F16
	V_ADD3_U32
	V_LSHL_OR_B32
	V_AND_OR_B32
	V_OR3_B32
	V_PERMLANE16_B32
	V_PERMLANEX16_B32
	V_MAXMIN_U32
	V_MINMAX_U32
	V_MAXMIN_I32
	V_MINMAX_I32
	V_DOT2_F16_F16
	V_MINMAX_NUM_F32
	V_MAXMIN_NUM_F32
	V_MINMAX_NUM_F16
	V_MAXMIN_NUM_F16
	V_MINIMUMMAXIMUM_F32
	V_MAXIMUMMINIMUM_F32
	V_MINIMUMMAXIMUM_F16
	V_MAXIMUMMINIMUM_F16
	V_CVT_PK_I16_F32
	V_CVT_PK_U16_F32
	V_PERMLANE16_VAR_B32
	V_PERMLANEX16_VAR_B32
	V_PACK_B32_F16
	V_LDEXP_F32
	V_BFM_B32
	V_BCNT_U32_B32
	V_MBCNT_LO_U32_B32
	V_MBCNT_HI_U32_B32
	V_CVT_PK_U16_U32
	V_CVT_PK_I16_I32
	V_SUB_NC_I32
	V_ADD_NC_I32
	V_LDEXP_F64
	V_MUL_LO_U32
	V_MUL_HI_U32
	V_MUL_HI_I32
	V_TRIG_PREOP_F64
	V_LSHRREV_B64
	V_ASHRREV_I64
	V_MINIMUM_F64
	V_MAXIMUM_F64
	V_READLANE_B32
	V_WRITELANE_B32
	V_MINIMUM_F32
	V_MAXIMUM_F32
	V_MINIMUM_F16
	V_MAXIMUM_F16
	V_MAD_U16
	V_MAD_I16
	V_ADD_NC_U16
	V_SUB_NC_U16
	V_MUL_LO_U16
	V_MAX_U16
	V_MAX_I16
	V_MIN_U16
	V_MIN_I16
	V_ADD_NC_I16
	V_SUB_NC_I16
	V_LSHLREV_B16
	V_LSHRREV_B16
	V_ASHRREV_I16
	V_S_EXP_F32
	V_S_EXP_F16
	V_S_LOG_F32
	V_S_LOG_F16
	V_S_RCP_F32
	V_S_RCP_F16
	V_S_RSQ_F32
	V_S_RSQ_F16
	V_S_SQRT_F32
	V_S_SQRT_F16

	// VOP3SD
	V_DIV_SCALE_F32
	V_DIV_SCALE_F64
	V_MAD_CO_U64_U32
	V_MAD_CO_I64_I32
	V_ADD_CO_U32
	V_SUB_CO_U32
	V_SUBREV_CO_U32

	// VOP3P
	V_PK_MAD_I16
	V_PK_MUL_LO_U16
	V_PK_ADD_I16
	V_PK_SUB_I16
	V_PK_LSHLREV_B16
	V_PK_LSHRREV_B16
	V_PK_ASHRREV_I16
	V_PK_MAX_I16
	V_PK_MIN_I16
	V_PK_MAD_U16
	V_PK_ADD_U16
	V_PK_SUB_U16
	V_PK_MAX_U16
	V_PK_MIN_U16
	V_PK_FMA_F16
	V_PK_ADD_F16
	V_PK_MUL_F16
	V_DOT2_F32_F16
	V_DOT4_I32_IU8
	V_DOT4_U32_U8
	V_DOT8_I32_IU4
	V_DOT8_U32_U4
	V_PK_MIN_NUM_F16
	V_PK_MAX_NUM_F16
	V_PK_MINIMUM_F16
	V_PK_MAXIMUM_F16
	V_FMA_MIX_F32
	V_FMA_MIXLO_F16
	V_FMA_MIXHI_F16
	V_DOT4_F32_FP8_BF8
	V_DOT4_F32_BF8_FP8
	V_DOT4_F32_FP8_FP8
	V_DOT4_F32_BF8_BF8

	// DS
	DS_ADD_U32
	DS_SUB_U32
	DS_RSUB_U32
	DS_INC_U32
	DS_DEC_U32
	DS_MIN_I32
	DS_MAX_I32
	DS_MIN_U32
	DS_MAX_U32
	DS_AND_B32
	DS_OR_B32
	DS_XOR_B32
	DS_MSKOR_B32
	DS_STORE_B32
	DS_STORE_2ADDR_B32
	DS_STORE_2ADDR_STRIDE64_B32
	DS_CMPSTORE_B32
	DS_MIN_NUM_F32
	DS_MAX_NUM_F32
	DS_ADD_F32
	DS_STORE_B8
	DS_STORE_B16
	DS_ADD_RTN_U32
	DS_SUB_RTN_U32
	DS_RSUB_RTN_U32
	DS_INC_RTN_U32
	DS_DEC_RTN_U32
	DS_MIN_RTN_I32
	DS_MAX_RTN_I32
	DS_MIN_RTN_U32
	DS_MAX_RTN_U32
	DS_AND_RTN_B32
	DS_OR_RTN_B32
	DS_XOR_RTN_B32
	DS_MSKOR_RTN_B32
	DS_STOREXCHG_RTN_B32
	DS_STOREXCHG_2ADDR_RTN_B32
	DS_STOREXCHG_2ADDR_STRIDE64_RTN_B32
	DS_CMPSTORE_RTN_B32
	DS_MIN_NUM_RTN_F32
	DS_MAX_NUM_RTN_F32
	DS_SWIZZLE_B32
	DS_LOAD_B32
	DS_LOAD_2ADDR_B32
	DS_LOAD_2ADDR_STRIDE64_B32
	DS_LOAD_I8
	DS_LOAD_U8
	DS_LOAD_I16
	DS_LOAD_U16
	DS_CONSUME
	DS_APPEND
	DS_ADD_U64
	DS_SUB_U64
	DS_RSUB_U64
	DS_INC_U64
	DS_DEC_U64
	DS_MIN_I64
	DS_MAX_I64
	DS_MIN_U64
	DS_MAX_U64
	DS_AND_B64
	DS_OR_B64
	DS_XOR_B64
	DS_MSKOR_B64
	DS_STORE_B64
	DS_STORE_2ADDR_B64
	DS_STORE_2ADDR_STRIDE64_B64
	DS_CMPSTORE_B64
	DS_MIN_NUM_F64
	DS_MAX_NUM_F64
	DS_ADD_RTN_U64
	DS_SUB_RTN_U64
	DS_RSUB_RTN_U64
	DS_INC_RTN_U64
	DS_DEC_RTN_U64
	DS_MIN_RTN_I64
	DS_MAX_RTN_I64
	DS_MIN_RTN_U64
	DS_MAX_RTN_U64
	DS_AND_RTN_B64
	DS_OR_RTN_B64
	DS_XOR_RTN_B64
	DS_MSKOR_RTN_B64
	DS_STOREXCHG_RTN_B64
	DS_STOREXCHG_2ADDR_RTN_B64
	DS_STOREXCHG_2ADDR_STRIDE64_RTN_B64
	DS_CMPSTORE_RTN_B64
	DS_MIN_NUM_RTN_F64
	DS_MAX_NUM_RTN_F64
	DS_LOAD_B64
	DS_LOAD_2ADDR_B64
	DS_LOAD_2ADDR_STRIDE64_B64
	DS_ADD_RTN_F32
	DS_COND_SUB_U32
	DS_SUB_CLAMP_U32
	DS_PK_ADD_F16
	DS_PK_ADD_BF16
	DS_STORE_B8_D16_HI
	DS_STORE_B16_D16_HI
	DS_LOAD_U8_D16
	DS_LOAD_U8_D16_HI
	DS_LOAD_I8_D16
	DS_LOAD_I8_D16_HI
	DS_LOAD_U16_D16
	DS_LOAD_U16_D16_HI
	DS_COND_SUB_RTN_U32
	DS_SUB_CLAMP_RTN_U32
	DS_PK_ADD_RTN_F16
	DS_PK_ADD_RTN_BF16
	DS_PERMUTE_B32
	DS_BPERMUTE_B32
	DS_STORE_B96
	DS_STORE_B128
	DS_LOAD_B96
	DS_LOAD_B128

	// VGLOBAL
	GLOBAL_LOAD_U8
	GLOBAL_LOAD_I8
	GLOBAL_LOAD_U16
	GLOBAL_LOAD_I16
	GLOBAL_LOAD_B32
	GLOBAL_LOAD_B64
	GLOBAL_LOAD_B96
	GLOBAL_LOAD_B128
	GLOBAL_STORE_B8
	GLOBAL_STORE_B16
	GLOBAL_STORE_B32
	GLOBAL_STORE_B64
	GLOBAL_STORE_B96
	GLOBAL_STORE_B128
	GLOBAL_LOAD_D16_U8
	GLOBAL_LOAD_D16_I8
	GLOBAL_LOAD_D16_B16
	GLOBAL_LOAD_D16_HI_U8
	GLOBAL_LOAD_D16_HI_I8
	GLOBAL_LOAD_D16_HI_B16
	GLOBAL_STORE_D16_HI_B8
	GLOBAL_STORE_D16_HI_B16
	GLOBAL_INV
	GLOBAL_WB
	GLOBAL_ATOMIC_SWAP_B32
	GLOBAL_ATOMIC_CMPSWAP_B32
	GLOBAL_ATOMIC_ADD_U32
	GLOBAL_ATOMIC_SUB_U32
	GLOBAL_ATOMIC_SUB_CLAMP_U32
	GLOBAL_ATOMIC_MIN_I32
	GLOBAL_ATOMIC_MIN_U32
	GLOBAL_ATOMIC_MAX_I32
	GLOBAL_ATOMIC_MAX_U32
	GLOBAL_ATOMIC_AND_B32
	GLOBAL_ATOMIC_OR_B32
	GLOBAL_ATOMIC_XOR_B32
	GLOBAL_ATOMIC_INC_U32
	GLOBAL_ATOMIC_DEC_U32
	GLOBAL_ATOMIC_SWAP_B64
	GLOBAL_ATOMIC_CMPSWAP_B64
	GLOBAL_ATOMIC_ADD_U64
	GLOBAL_ATOMIC_SUB_U64
	GLOBAL_ATOMIC_MIN_I64
	GLOBAL_ATOMIC_MIN_U64
	GLOBAL_ATOMIC_MAX_I64
	GLOBAL_ATOMIC_MAX_U64
	GLOBAL_ATOMIC_AND_B64
	GLOBAL_ATOMIC_OR_B64
	GLOBAL_ATOMIC_XOR_B64
	GLOBAL_ATOMIC_INC_U64
	GLOBAL_ATOMIC_DEC_U64
	GLOBAL_WBINV
	GLOBAL_ATOMIC_COND_SUB_U32
	GLOBAL_ATOMIC_MIN_NUM_F32
	GLOBAL_ATOMIC_MAX_NUM_F32
	GLOBAL_ATOMIC_ADD_F32
	GLOBAL_ATOMIC_PK_ADD_F16
	GLOBAL_ATOMIC_PK_ADD_BF16

	// VOPD
	V_DUAL_FMAC_F32
	V_DUAL_FMAAK_F32
	V_DUAL_FMAMK_F32
	V_DUAL_MUL_F32
	V_DUAL_ADD_F32
	V_DUAL_SUB_F32
	V_DUAL_SUBREV_F32
	V_DUAL_MUL_DX9_ZERO_F32
	V_DUAL_MOV_B32
	V_DUAL_CNDMASK_B32
	V_DUAL_MAX_NUM_F32
	V_DUAL_MIN_NUM_F32
	V_DUAL_ADD_NC_U32
	V_DUAL_LSHLREV_B32
	V_DUAL_AND_B32

	// VFLAT
	FLAT_LOAD_U8
	FLAT_LOAD_I8
	FLAT_LOAD_U16
	FLAT_LOAD_I16
	FLAT_LOAD_B32
	FLAT_LOAD_B64
	FLAT_LOAD_B96
	FLAT_LOAD_B128
	FLAT_STORE_B8
	FLAT_STORE_B16
	FLAT_STORE_B32
	FLAT_STORE_B64
	FLAT_STORE_B96
	FLAT_STORE_B128
	FLAT_LOAD_D16_U8
	FLAT_LOAD_D16_I8
	FLAT_LOAD_D16_B16
	FLAT_LOAD_D16_HI_U8
	FLAT_LOAD_D16_HI_I8
	FLAT_LOAD_D16_HI_B16
	FLAT_STORE_D16_HI_B8
	FLAT_STORE_D16_HI_B16
	FLAT_ATOMIC_SWAP_B32
	FLAT_ATOMIC_CMPSWAP_B32
	FLAT_ATOMIC_ADD_U32
	FLAT_ATOMIC_SUB_U32
	FLAT_ATOMIC_SUB_CLAMP_U32
	FLAT_ATOMIC_MIN_I32
	FLAT_ATOMIC_MIN_U32
	FLAT_ATOMIC_MAX_I32
	FLAT_ATOMIC_MAX_U32
	FLAT_ATOMIC_AND_B32
	FLAT_ATOMIC_OR_B32
	FLAT_ATOMIC_XOR_B32
	FLAT_ATOMIC_INC_U32
	FLAT_ATOMIC_DEC_U32
	FLAT_ATOMIC_SWAP_B64
	FLAT_ATOMIC_CMPSWAP_B64
	FLAT_ATOMIC_ADD_U64
	FLAT_ATOMIC_SUB_U64
	FLAT_ATOMIC_MIN_I64
	FLAT_ATOMIC_MIN_U64
	FLAT_ATOMIC_MAX_I64
	FLAT_ATOMIC_MAX_U64
	FLAT_ATOMIC_AND_B64
	FLAT_ATOMIC_OR_B64
	FLAT_ATOMIC_XOR_B64
	FLAT_ATOMIC_INC_U64
	FLAT_ATOMIC_DEC_U64
	FLAT_ATOMIC_COND_SUB_U32
	FLAT_ATOMIC_MIN_NUM_F32
	FLAT_ATOMIC_MAX_NUM_F32
	FLAT_ATOMIC_ADD_F32
	FLAT_ATOMIC_PK_ADD_F16
	FLAT_ATOMIC_PK_ADD_BF16

	// VSCRATCH
	SCRATCH_LOAD_U8
	SCRATCH_LOAD_I8
	SCRATCH_LOAD_U16
	SCRATCH_LOAD_I16
	SCRATCH_LOAD_B32
	SCRATCH_LOAD_B64
	SCRATCH_LOAD_B96
	SCRATCH_LOAD_B128
	SCRATCH_STORE_B8
	SCRATCH_STORE_B16
	SCRATCH_STORE_B32
	SCRATCH_STORE_B64
	SCRATCH_STORE_B96
	SCRATCH_STORE_B128
	SCRATCH_LOAD_D16_U8
	SCRATCH_LOAD_D16_I8
	SCRATCH_LOAD_D16_B16
	SCRATCH_LOAD_D16_HI_U8
	SCRATCH_LOAD_D16_HI_I8
	SCRATCH_LOAD_D16_HI_B16
	SCRATCH_STORE_D16_HI_B8
	SCRATCH_STORE_D16_HI_B16

	// V_ILLEGAL is the all-zero dword (VOP2 opcode 0): it raises an
	// illegal-instruction exception; llvm-mc prints it as v_illegal.
	V_ILLEGAL
)

var opTable = [...]opInfo{

	// SOP1
	S_MOV_B32:                {"s_mov_b32", SOP1, 0, shNormal, tB32, [3]opType{tB32}, 0},
	S_MOV_B64:                {"s_mov_b64", SOP1, 1, shNormal, tB64, [3]opType{tB64}, 0},
	S_CMOV_B32:               {"s_cmov_b32", SOP1, 2, shNormal, tB32, [3]opType{tB32}, 0},
	S_CMOV_B64:               {"s_cmov_b64", SOP1, 3, shNormal, tB64, [3]opType{tB64}, 0},
	S_BREV_B32:               {"s_brev_b32", SOP1, 4, shNormal, tB32, [3]opType{tB32}, 0},
	S_BREV_B64:               {"s_brev_b64", SOP1, 5, shNormal, tB64, [3]opType{tB64}, 0},
	S_CTZ_I32_B32:            {"s_ctz_i32_b32", SOP1, 8, shNormal, tB32, [3]opType{tB32}, 0},
	S_CTZ_I32_B64:            {"s_ctz_i32_b64", SOP1, 9, shNormal, tB32, [3]opType{tB64}, 0},
	S_CLZ_I32_U32:            {"s_clz_i32_u32", SOP1, 10, shNormal, tB32, [3]opType{tB32}, 0},
	S_CLZ_I32_U64:            {"s_clz_i32_u64", SOP1, 11, shNormal, tB32, [3]opType{tB64}, 0},
	S_CLS_I32:                {"s_cls_i32", SOP1, 12, shNormal, tB32, [3]opType{tB32}, 0},
	S_CLS_I32_I64:            {"s_cls_i32_i64", SOP1, 13, shNormal, tB32, [3]opType{tB64}, 0},
	S_SEXT_I32_I8:            {"s_sext_i32_i8", SOP1, 14, shNormal, tB32, [3]opType{tB32}, 0},
	S_SEXT_I32_I16:           {"s_sext_i32_i16", SOP1, 15, shNormal, tB32, [3]opType{tB32}, 0},
	S_BITSET0_B32:            {"s_bitset0_b32", SOP1, 16, shNormal, tB32, [3]opType{tB32}, 0},
	S_BITSET0_B64:            {"s_bitset0_b64", SOP1, 17, shNormal, tB64, [3]opType{tB32}, 0},
	S_BITSET1_B32:            {"s_bitset1_b32", SOP1, 18, shNormal, tB32, [3]opType{tB32}, 0},
	S_BITSET1_B64:            {"s_bitset1_b64", SOP1, 19, shNormal, tB64, [3]opType{tB32}, 0},
	S_BITREPLICATE_B64_B32:   {"s_bitreplicate_b64_b32", SOP1, 20, shNormal, tB64, [3]opType{tB32}, 0},
	S_ABS_I32:                {"s_abs_i32", SOP1, 21, shNormal, tB32, [3]opType{tB32}, 0},
	S_BCNT0_I32_B32:          {"s_bcnt0_i32_b32", SOP1, 22, shNormal, tB32, [3]opType{tB32}, 0},
	S_BCNT0_I32_B64:          {"s_bcnt0_i32_b64", SOP1, 23, shNormal, tB32, [3]opType{tB64}, 0},
	S_BCNT1_I32_B32:          {"s_bcnt1_i32_b32", SOP1, 24, shNormal, tB32, [3]opType{tB32}, 0},
	S_BCNT1_I32_B64:          {"s_bcnt1_i32_b64", SOP1, 25, shNormal, tB32, [3]opType{tB64}, 0},
	S_QUADMASK_B32:           {"s_quadmask_b32", SOP1, 26, shNormal, tB32, [3]opType{tB32}, 0},
	S_QUADMASK_B64:           {"s_quadmask_b64", SOP1, 27, shNormal, tB64, [3]opType{tB64}, 0},
	S_WQM_B32:                {"s_wqm_b32", SOP1, 28, shNormal, tB32, [3]opType{tB32}, 0},
	S_WQM_B64:                {"s_wqm_b64", SOP1, 29, shNormal, tB64, [3]opType{tB64}, 0},
	S_NOT_B32:                {"s_not_b32", SOP1, 30, shNormal, tB32, [3]opType{tB32}, 0},
	S_NOT_B64:                {"s_not_b64", SOP1, 31, shNormal, tB64, [3]opType{tB64}, 0},
	S_AND_SAVEEXEC_B32:       {"s_and_saveexec_b32", SOP1, 32, shNormal, tB32, [3]opType{tB32}, 0},
	S_AND_SAVEEXEC_B64:       {"s_and_saveexec_b64", SOP1, 33, shNormal, tB64, [3]opType{tB64}, 0},
	S_OR_SAVEEXEC_B32:        {"s_or_saveexec_b32", SOP1, 34, shNormal, tB32, [3]opType{tB32}, 0},
	S_OR_SAVEEXEC_B64:        {"s_or_saveexec_b64", SOP1, 35, shNormal, tB64, [3]opType{tB64}, 0},
	S_XOR_SAVEEXEC_B32:       {"s_xor_saveexec_b32", SOP1, 36, shNormal, tB32, [3]opType{tB32}, 0},
	S_XOR_SAVEEXEC_B64:       {"s_xor_saveexec_b64", SOP1, 37, shNormal, tB64, [3]opType{tB64}, 0},
	S_NAND_SAVEEXEC_B32:      {"s_nand_saveexec_b32", SOP1, 38, shNormal, tB32, [3]opType{tB32}, 0},
	S_NAND_SAVEEXEC_B64:      {"s_nand_saveexec_b64", SOP1, 39, shNormal, tB64, [3]opType{tB64}, 0},
	S_NOR_SAVEEXEC_B32:       {"s_nor_saveexec_b32", SOP1, 40, shNormal, tB32, [3]opType{tB32}, 0},
	S_NOR_SAVEEXEC_B64:       {"s_nor_saveexec_b64", SOP1, 41, shNormal, tB64, [3]opType{tB64}, 0},
	S_XNOR_SAVEEXEC_B32:      {"s_xnor_saveexec_b32", SOP1, 42, shNormal, tB32, [3]opType{tB32}, 0},
	S_XNOR_SAVEEXEC_B64:      {"s_xnor_saveexec_b64", SOP1, 43, shNormal, tB64, [3]opType{tB64}, 0},
	S_AND_NOT0_SAVEEXEC_B32:  {"s_and_not0_saveexec_b32", SOP1, 44, shNormal, tB32, [3]opType{tB32}, 0},
	S_AND_NOT0_SAVEEXEC_B64:  {"s_and_not0_saveexec_b64", SOP1, 45, shNormal, tB64, [3]opType{tB64}, 0},
	S_OR_NOT0_SAVEEXEC_B32:   {"s_or_not0_saveexec_b32", SOP1, 46, shNormal, tB32, [3]opType{tB32}, 0},
	S_OR_NOT0_SAVEEXEC_B64:   {"s_or_not0_saveexec_b64", SOP1, 47, shNormal, tB64, [3]opType{tB64}, 0},
	S_AND_NOT1_SAVEEXEC_B32:  {"s_and_not1_saveexec_b32", SOP1, 48, shNormal, tB32, [3]opType{tB32}, 0},
	S_AND_NOT1_SAVEEXEC_B64:  {"s_and_not1_saveexec_b64", SOP1, 49, shNormal, tB64, [3]opType{tB64}, 0},
	S_OR_NOT1_SAVEEXEC_B32:   {"s_or_not1_saveexec_b32", SOP1, 50, shNormal, tB32, [3]opType{tB32}, 0},
	S_OR_NOT1_SAVEEXEC_B64:   {"s_or_not1_saveexec_b64", SOP1, 51, shNormal, tB64, [3]opType{tB64}, 0},
	S_AND_NOT0_WREXEC_B32:    {"s_and_not0_wrexec_b32", SOP1, 52, shNormal, tB32, [3]opType{tB32}, 0},
	S_AND_NOT0_WREXEC_B64:    {"s_and_not0_wrexec_b64", SOP1, 53, shNormal, tB64, [3]opType{tB64}, 0},
	S_AND_NOT1_WREXEC_B32:    {"s_and_not1_wrexec_b32", SOP1, 54, shNormal, tB32, [3]opType{tB32}, 0},
	S_AND_NOT1_WREXEC_B64:    {"s_and_not1_wrexec_b64", SOP1, 55, shNormal, tB64, [3]opType{tB64}, 0},
	S_GETPC_B64:              {"s_getpc_b64", SOP1, 71, shNormal, tB64, [3]opType{}, 0},
	S_SETPC_B64:              {"s_setpc_b64", SOP1, 72, shNormal, tNone, [3]opType{tS64}, 0},
	S_SWAPPC_B64:             {"s_swappc_b64", SOP1, 73, shNormal, tB64, [3]opType{tS64}, 0},
	S_BARRIER_SIGNAL:         {"s_barrier_signal", SOP1, 78, shNormal, tNone, [3]opType{tM0Imm}, 0},
	S_BARRIER_SIGNAL_ISFIRST: {"s_barrier_signal_isfirst", SOP1, 79, shNormal, tNone, [3]opType{tM0Imm}, 0},
	S_CEIL_F32:               {"s_ceil_f32", SOP1, 96, shNormal, tB32, [3]opType{tB32}, 0},
	S_FLOOR_F32:              {"s_floor_f32", SOP1, 97, shNormal, tB32, [3]opType{tB32}, 0},
	S_TRUNC_F32:              {"s_trunc_f32", SOP1, 98, shNormal, tB32, [3]opType{tB32}, 0},
	S_RNDNE_F32:              {"s_rndne_f32", SOP1, 99, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_F32_I32:            {"s_cvt_f32_i32", SOP1, 100, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_F32_U32:            {"s_cvt_f32_u32", SOP1, 101, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_I32_F32:            {"s_cvt_i32_f32", SOP1, 102, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_U32_F32:            {"s_cvt_u32_f32", SOP1, 103, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_F16_F32:            {"s_cvt_f16_f32", SOP1, 104, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_F32_F16:            {"s_cvt_f32_f16", SOP1, 105, shNormal, tB32, [3]opType{tB32}, 0},
	S_CVT_HI_F32_F16:         {"s_cvt_hi_f32_f16", SOP1, 106, shNormal, tB32, [3]opType{tB32}, 0},
	S_CEIL_F16:               {"s_ceil_f16", SOP1, 107, shNormal, tB32, [3]opType{tB32}, 0},
	S_FLOOR_F16:              {"s_floor_f16", SOP1, 108, shNormal, tB32, [3]opType{tB32}, 0},
	S_TRUNC_F16:              {"s_trunc_f16", SOP1, 109, shNormal, tB32, [3]opType{tB32}, 0},
	S_RNDNE_F16:              {"s_rndne_f16", SOP1, 110, shNormal, tB32, [3]opType{tB32}, 0},

	// SOP2
	S_ADD_CO_U32:      {"s_add_co_u32", SOP2, 0, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_SUB_CO_U32:      {"s_sub_co_u32", SOP2, 1, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_ADD_CO_I32:      {"s_add_co_i32", SOP2, 2, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_SUB_CO_I32:      {"s_sub_co_i32", SOP2, 3, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_ADD_CO_CI_U32:   {"s_add_co_ci_u32", SOP2, 4, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_SUB_CO_CI_U32:   {"s_sub_co_ci_u32", SOP2, 5, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_ABSDIFF_I32:     {"s_absdiff_i32", SOP2, 6, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_LSHL_B32:        {"s_lshl_b32", SOP2, 8, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_LSHL_B64:        {"s_lshl_b64", SOP2, 9, shNormal, tB64, [3]opType{tB64, tB32}, 0},
	S_LSHR_B32:        {"s_lshr_b32", SOP2, 10, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_LSHR_B64:        {"s_lshr_b64", SOP2, 11, shNormal, tB64, [3]opType{tB64, tB32}, 0},
	S_ASHR_I32:        {"s_ashr_i32", SOP2, 12, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_ASHR_I64:        {"s_ashr_i64", SOP2, 13, shNormal, tB64, [3]opType{tB64, tB32}, 0},
	S_LSHL1_ADD_U32:   {"s_lshl1_add_u32", SOP2, 14, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_LSHL2_ADD_U32:   {"s_lshl2_add_u32", SOP2, 15, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_LSHL3_ADD_U32:   {"s_lshl3_add_u32", SOP2, 16, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_LSHL4_ADD_U32:   {"s_lshl4_add_u32", SOP2, 17, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MIN_I32:         {"s_min_i32", SOP2, 18, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MIN_U32:         {"s_min_u32", SOP2, 19, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MAX_I32:         {"s_max_i32", SOP2, 20, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MAX_U32:         {"s_max_u32", SOP2, 21, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_AND_B32:         {"s_and_b32", SOP2, 22, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_AND_B64:         {"s_and_b64", SOP2, 23, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_OR_B32:          {"s_or_b32", SOP2, 24, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_OR_B64:          {"s_or_b64", SOP2, 25, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_XOR_B32:         {"s_xor_b32", SOP2, 26, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_XOR_B64:         {"s_xor_b64", SOP2, 27, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_NAND_B32:        {"s_nand_b32", SOP2, 28, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_NAND_B64:        {"s_nand_b64", SOP2, 29, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_NOR_B32:         {"s_nor_b32", SOP2, 30, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_NOR_B64:         {"s_nor_b64", SOP2, 31, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_XNOR_B32:        {"s_xnor_b32", SOP2, 32, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_XNOR_B64:        {"s_xnor_b64", SOP2, 33, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_AND_NOT1_B32:    {"s_and_not1_b32", SOP2, 34, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_AND_NOT1_B64:    {"s_and_not1_b64", SOP2, 35, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_OR_NOT1_B32:     {"s_or_not1_b32", SOP2, 36, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_OR_NOT1_B64:     {"s_or_not1_b64", SOP2, 37, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_BFE_U32:         {"s_bfe_u32", SOP2, 38, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_BFE_I32:         {"s_bfe_i32", SOP2, 39, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_BFE_U64:         {"s_bfe_u64", SOP2, 40, shNormal, tB64, [3]opType{tB64, tB32}, 0},
	S_BFE_I64:         {"s_bfe_i64", SOP2, 41, shNormal, tB64, [3]opType{tB64, tB32}, 0},
	S_BFM_B32:         {"s_bfm_b32", SOP2, 42, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_BFM_B64:         {"s_bfm_b64", SOP2, 43, shNormal, tB64, [3]opType{tB32, tB32}, 0},
	S_MUL_I32:         {"s_mul_i32", SOP2, 44, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MUL_HI_U32:      {"s_mul_hi_u32", SOP2, 45, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MUL_HI_I32:      {"s_mul_hi_i32", SOP2, 46, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_CSELECT_B32:     {"s_cselect_b32", SOP2, 48, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_CSELECT_B64:     {"s_cselect_b64", SOP2, 49, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_PACK_LL_B32_B16: {"s_pack_ll_b32_b16", SOP2, 50, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_PACK_LH_B32_B16: {"s_pack_lh_b32_b16", SOP2, 51, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_PACK_HH_B32_B16: {"s_pack_hh_b32_b16", SOP2, 52, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_PACK_HL_B32_B16: {"s_pack_hl_b32_b16", SOP2, 53, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_ADD_F32:         {"s_add_f32", SOP2, 64, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_SUB_F32:         {"s_sub_f32", SOP2, 65, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MIN_NUM_F32:     {"s_min_num_f32", SOP2, 66, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MAX_NUM_F32:     {"s_max_num_f32", SOP2, 67, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MUL_F32:         {"s_mul_f32", SOP2, 68, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_FMAC_F32:        {"s_fmac_f32", SOP2, 71, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MINIMUM_F32:     {"s_minimum_f32", SOP2, 79, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_MAXIMUM_F32:     {"s_maximum_f32", SOP2, 80, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	S_ADD_NC_U64:      {"s_add_nc_u64", SOP2, 83, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_SUB_NC_U64:      {"s_sub_nc_u64", SOP2, 84, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_MUL_U64:         {"s_mul_u64", SOP2, 85, shNormal, tB64, [3]opType{tB64, tB64}, 0},
	S_ADD_F16:         {"s_add_f16", SOP2, 73, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_SUB_F16:         {"s_sub_f16", SOP2, 74, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_MIN_NUM_F16:     {"s_min_num_f16", SOP2, 75, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_MAX_NUM_F16:     {"s_max_num_f16", SOP2, 76, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_MUL_F16:         {"s_mul_f16", SOP2, 77, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_FMAC_F16:        {"s_fmac_f16", SOP2, 78, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_MINIMUM_F16:     {"s_minimum_f16", SOP2, 81, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_MAXIMUM_F16:     {"s_maximum_f16", SOP2, 82, shNormal, tB32, [3]opType{tF16, tF16}, 0},
	S_FMAAK_F32:       {"s_fmaak_f32", SOP2, 69, shFmaak, tB32, [3]opType{tB32, tB32, tB32}, 0},
	S_FMAMK_F32:       {"s_fmamk_f32", SOP2, 70, shFmamk, tB32, [3]opType{tB32, tB32, tB32}, 0},

	// SOPK
	S_MOVK_I32:         {"s_movk_i32", SOPK, 0, shSOPK, tB32, [3]opType{}, 0},
	S_CMOVK_I32:        {"s_cmovk_i32", SOPK, 2, shSOPK, tB32, [3]opType{}, 0},
	S_ADDK_CO_I32:      {"s_addk_co_i32", SOPK, 15, shSOPK, tB32, [3]opType{}, 0},
	S_MULK_I32:         {"s_mulk_i32", SOPK, 16, shSOPK, tB32, [3]opType{}, 0},
	S_GETREG_B32:       {"s_getreg_b32", SOPK, 17, shGetreg, tB32, [3]opType{}, 0},
	S_SETREG_B32:       {"s_setreg_b32", SOPK, 18, shSetreg, tNone, [3]opType{tB32}, 0},
	S_SETREG_IMM32_B32: {"s_setreg_imm32_b32", SOPK, 19, shSetregImm, tNone, [3]opType{}, 0},

	// SOPC
	S_CMP_EQ_I32:  {"s_cmp_eq_i32", SOPC, 0, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LG_I32:  {"s_cmp_lg_i32", SOPC, 1, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_GT_I32:  {"s_cmp_gt_i32", SOPC, 2, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_GE_I32:  {"s_cmp_ge_i32", SOPC, 3, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LT_I32:  {"s_cmp_lt_i32", SOPC, 4, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LE_I32:  {"s_cmp_le_i32", SOPC, 5, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_EQ_U32:  {"s_cmp_eq_u32", SOPC, 6, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LG_U32:  {"s_cmp_lg_u32", SOPC, 7, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_GT_U32:  {"s_cmp_gt_u32", SOPC, 8, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_GE_U32:  {"s_cmp_ge_u32", SOPC, 9, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LT_U32:  {"s_cmp_lt_u32", SOPC, 10, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LE_U32:  {"s_cmp_le_u32", SOPC, 11, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_BITCMP0_B32: {"s_bitcmp0_b32", SOPC, 12, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_BITCMP1_B32: {"s_bitcmp1_b32", SOPC, 13, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_BITCMP0_B64: {"s_bitcmp0_b64", SOPC, 14, shNormal, tNone, [3]opType{tB64, tB32}, 0},
	S_BITCMP1_B64: {"s_bitcmp1_b64", SOPC, 15, shNormal, tNone, [3]opType{tB64, tB32}, 0},
	S_CMP_EQ_U64:  {"s_cmp_eq_u64", SOPC, 16, shNormal, tNone, [3]opType{tB64, tB64}, 0},
	S_CMP_LG_U64:  {"s_cmp_lg_u64", SOPC, 17, shNormal, tNone, [3]opType{tB64, tB64}, 0},
	S_CMP_LT_F32:  {"s_cmp_lt_f32", SOPC, 65, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_EQ_F32:  {"s_cmp_eq_f32", SOPC, 66, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LE_F32:  {"s_cmp_le_f32", SOPC, 67, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_GT_F32:  {"s_cmp_gt_f32", SOPC, 68, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LG_F32:  {"s_cmp_lg_f32", SOPC, 69, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_GE_F32:  {"s_cmp_ge_f32", SOPC, 70, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_O_F32:   {"s_cmp_o_f32", SOPC, 71, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_U_F32:   {"s_cmp_u_f32", SOPC, 72, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_NGE_F32: {"s_cmp_nge_f32", SOPC, 73, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_NLG_F32: {"s_cmp_nlg_f32", SOPC, 74, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_NGT_F32: {"s_cmp_ngt_f32", SOPC, 75, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_NLE_F32: {"s_cmp_nle_f32", SOPC, 76, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_NEQ_F32: {"s_cmp_neq_f32", SOPC, 77, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_NLT_F32: {"s_cmp_nlt_f32", SOPC, 78, shNormal, tNone, [3]opType{tB32, tB32}, 0},
	S_CMP_LT_F16:  {"s_cmp_lt_f16", SOPC, 81, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_EQ_F16:  {"s_cmp_eq_f16", SOPC, 82, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_LE_F16:  {"s_cmp_le_f16", SOPC, 83, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_GT_F16:  {"s_cmp_gt_f16", SOPC, 84, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_LG_F16:  {"s_cmp_lg_f16", SOPC, 85, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_GE_F16:  {"s_cmp_ge_f16", SOPC, 86, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_O_F16:   {"s_cmp_o_f16", SOPC, 87, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_U_F16:   {"s_cmp_u_f16", SOPC, 88, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_NGE_F16: {"s_cmp_nge_f16", SOPC, 89, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_NLG_F16: {"s_cmp_nlg_f16", SOPC, 90, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_NGT_F16: {"s_cmp_ngt_f16", SOPC, 91, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_NLE_F16: {"s_cmp_nle_f16", SOPC, 92, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_NEQ_F16: {"s_cmp_neq_f16", SOPC, 93, shNormal, tNone, [3]opType{tB16, tB16}, 0},
	S_CMP_NLT_F16: {"s_cmp_nlt_f16", SOPC, 94, shNormal, tNone, [3]opType{tB16, tB16}, 0},

	// SOPP
	S_NOP:                 {"s_nop", SOPP, 0, shImmDec, tNone, [3]opType{}, 0},
	S_SETKILL:             {"s_setkill", SOPP, 1, shImmDec, tNone, [3]opType{}, 0},
	S_SETHALT:             {"s_sethalt", SOPP, 2, shImmDec, tNone, [3]opType{}, 0},
	S_SLEEP:               {"s_sleep", SOPP, 3, shImmDec, tNone, [3]opType{}, 0},
	S_CLAUSE:              {"s_clause", SOPP, 5, shImmHex, tNone, [3]opType{}, 0},
	S_DELAY_ALU:           {"s_delay_alu", SOPP, 7, shDelay, tNone, [3]opType{}, 0},
	S_WAIT_ALU:            {"s_wait_alu", SOPP, 8, shDepctr, tNone, [3]opType{}, 0},
	S_WAITCNT:             {"s_waitcnt", SOPP, 9, shWaitcnt, tNone, [3]opType{}, 0},
	S_WAIT_IDLE:           {"s_wait_idle", SOPP, 10, shNone, tNone, [3]opType{}, 0},
	S_WAIT_EVENT:          {"s_wait_event", SOPP, 11, shImmHex, tNone, [3]opType{}, 0},
	S_TRAP:                {"s_trap", SOPP, 16, shImmDec, tNone, [3]opType{}, 0},
	S_ROUND_MODE:          {"s_round_mode", SOPP, 17, shImmHex, tNone, [3]opType{}, 0},
	S_DENORM_MODE:         {"s_denorm_mode", SOPP, 18, shImmDec, tNone, [3]opType{}, 0},
	S_BARRIER_WAIT:        {"s_barrier_wait", SOPP, 20, shImmDec, tNone, [3]opType{}, 0},
	S_BARRIER_LEAVE:       {"s_barrier_leave", SOPP, 21, shNone, tNone, [3]opType{}, 0},
	S_CODE_END:            {"s_code_end", SOPP, 31, shNone, tNone, [3]opType{}, 0},
	S_BRANCH:              {"s_branch", SOPP, 32, shBranch, tNone, [3]opType{}, 0},
	S_CBRANCH_SCC0:        {"s_cbranch_scc0", SOPP, 33, shBranch, tNone, [3]opType{}, 0},
	S_CBRANCH_SCC1:        {"s_cbranch_scc1", SOPP, 34, shBranch, tNone, [3]opType{}, 0},
	S_CBRANCH_VCCZ:        {"s_cbranch_vccz", SOPP, 35, shBranch, tNone, [3]opType{}, 0},
	S_CBRANCH_VCCNZ:       {"s_cbranch_vccnz", SOPP, 36, shBranch, tNone, [3]opType{}, 0},
	S_CBRANCH_EXECZ:       {"s_cbranch_execz", SOPP, 37, shBranch, tNone, [3]opType{}, 0},
	S_CBRANCH_EXECNZ:      {"s_cbranch_execnz", SOPP, 38, shBranch, tNone, [3]opType{}, 0},
	S_ENDPGM:              {"s_endpgm", SOPP, 48, shEndpgm, tNone, [3]opType{}, 0},
	S_ENDPGM_SAVED:        {"s_endpgm_saved", SOPP, 49, shNone, tNone, [3]opType{}, 0},
	S_WAKEUP:              {"s_wakeup", SOPP, 52, shNone, tNone, [3]opType{}, 0},
	S_SETPRIO:             {"s_setprio", SOPP, 53, shImmDec, tNone, [3]opType{}, 0},
	S_SENDMSG:             {"s_sendmsg", SOPP, 54, shSendmsg, tNone, [3]opType{}, 0},
	S_SENDMSGHALT:         {"s_sendmsghalt", SOPP, 55, shSendmsg, tNone, [3]opType{}, 0},
	S_INCPERFLEVEL:        {"s_incperflevel", SOPP, 56, shImmDec, tNone, [3]opType{}, 0},
	S_DECPERFLEVEL:        {"s_decperflevel", SOPP, 57, shImmDec, tNone, [3]opType{}, 0},
	S_TTRACEDATA:          {"s_ttracedata", SOPP, 58, shNone, tNone, [3]opType{}, 0},
	S_TTRACEDATA_IMM:      {"s_ttracedata_imm", SOPP, 59, shImmHex, tNone, [3]opType{}, 0},
	S_ICACHE_INV:          {"s_icache_inv", SOPP, 60, shNone, tNone, [3]opType{}, 0},
	S_WAIT_LOADCNT:        {"s_wait_loadcnt", SOPP, 64, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_STORECNT:       {"s_wait_storecnt", SOPP, 65, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_SAMPLECNT:      {"s_wait_samplecnt", SOPP, 66, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_BVHCNT:         {"s_wait_bvhcnt", SOPP, 67, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_EXPCNT:         {"s_wait_expcnt", SOPP, 68, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_DSCNT:          {"s_wait_dscnt", SOPP, 70, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_KMCNT:          {"s_wait_kmcnt", SOPP, 71, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_LOADCNT_DSCNT:  {"s_wait_loadcnt_dscnt", SOPP, 72, shImmHex, tNone, [3]opType{}, 0},
	S_WAIT_STORECNT_DSCNT: {"s_wait_storecnt_dscnt", SOPP, 73, shImmHex, tNone, [3]opType{}, 0},

	// SMEM
	S_LOAD_B32:         {"s_load_b32", SMEM, 0, shSLoad, tB32, [3]opType{}, 0},
	S_LOAD_B64:         {"s_load_b64", SMEM, 1, shSLoad, tB64, [3]opType{}, 0},
	S_LOAD_B128:        {"s_load_b128", SMEM, 2, shSLoad, tB128, [3]opType{}, 0},
	S_LOAD_B256:        {"s_load_b256", SMEM, 3, shSLoad, tB256, [3]opType{}, 0},
	S_LOAD_B512:        {"s_load_b512", SMEM, 4, shSLoad, tB512, [3]opType{}, 0},
	S_LOAD_B96:         {"s_load_b96", SMEM, 5, shSLoad, tB96, [3]opType{}, 0},
	S_LOAD_I8:          {"s_load_i8", SMEM, 8, shSLoad, tB32, [3]opType{}, 0},
	S_LOAD_U8:          {"s_load_u8", SMEM, 9, shSLoad, tB32, [3]opType{}, 0},
	S_LOAD_I16:         {"s_load_i16", SMEM, 10, shSLoad, tB32, [3]opType{}, 0},
	S_LOAD_U16:         {"s_load_u16", SMEM, 11, shSLoad, tB32, [3]opType{}, 0},
	S_BUFFER_LOAD_B32:  {"s_buffer_load_b32", SMEM, 16, shSBufLoad, tB32, [3]opType{}, 0},
	S_BUFFER_LOAD_B64:  {"s_buffer_load_b64", SMEM, 17, shSBufLoad, tB64, [3]opType{}, 0},
	S_BUFFER_LOAD_B128: {"s_buffer_load_b128", SMEM, 18, shSBufLoad, tB128, [3]opType{}, 0},
	S_BUFFER_LOAD_B256: {"s_buffer_load_b256", SMEM, 19, shSBufLoad, tB256, [3]opType{}, 0},
	S_BUFFER_LOAD_B512: {"s_buffer_load_b512", SMEM, 20, shSBufLoad, tB512, [3]opType{}, 0},
	S_BUFFER_LOAD_B96:  {"s_buffer_load_b96", SMEM, 21, shSBufLoad, tB96, [3]opType{}, 0},
	S_BUFFER_LOAD_I8:   {"s_buffer_load_i8", SMEM, 24, shSBufLoad, tB32, [3]opType{}, 0},
	S_BUFFER_LOAD_U8:   {"s_buffer_load_u8", SMEM, 25, shSBufLoad, tB32, [3]opType{}, 0},
	S_BUFFER_LOAD_I16:  {"s_buffer_load_i16", SMEM, 26, shSBufLoad, tB32, [3]opType{}, 0},
	S_BUFFER_LOAD_U16:  {"s_buffer_load_u16", SMEM, 27, shSBufLoad, tB32, [3]opType{}, 0},
	S_DCACHE_INV:       {"s_dcache_inv", SMEM, 33, shNone, tNone, [3]opType{}, 0},

	// VOP1
	V_NOP:                 {"v_nop", VOP1, 0, shNone, tNone, [3]opType{}, 0},
	V_MOV_B32:             {"v_mov_b32", VOP1, 1, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_READFIRSTLANE_B32:   {"v_readfirstlane_b32", VOP1, 2, shReadfirstlane, tB32, [3]opType{tV32}, fNoE64},
	V_CVT_I32_F64:         {"v_cvt_i32_f64", VOP1, 3, shNormal, tB32, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_CVT_F64_I32:         {"v_cvt_f64_i32", VOP1, 4, shNormal, tB64, [3]opType{tB32}, fClamp | fOmod},
	V_CVT_F32_I32:         {"v_cvt_f32_i32", VOP1, 5, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_F32_U32:         {"v_cvt_f32_u32", VOP1, 6, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_U32_F32:         {"v_cvt_u32_f32", VOP1, 7, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_CVT_I32_F32:         {"v_cvt_i32_f32", VOP1, 8, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_CVT_F16_F32:         {"v_cvt_f16_f32", VOP1, 10, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_CVT_F32_F16:         {"v_cvt_f32_f16", VOP1, 11, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_CVT_NEAREST_I32_F32: {"v_cvt_nearest_i32_f32", VOP1, 12, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fDPP},
	V_CVT_FLOOR_I32_F32:   {"v_cvt_floor_i32_f32", VOP1, 13, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fDPP},
	V_CVT_OFF_F32_I4:      {"v_cvt_off_f32_i4", VOP1, 14, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_F32_F64:         {"v_cvt_f32_f64", VOP1, 15, shNormal, tB32, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_CVT_F64_F32:         {"v_cvt_f64_f32", VOP1, 16, shNormal, tB64, [3]opType{tB32}, fMod0 | fClamp | fOmod},
	V_CVT_F32_UBYTE0:      {"v_cvt_f32_ubyte0", VOP1, 17, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_F32_UBYTE1:      {"v_cvt_f32_ubyte1", VOP1, 18, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_F32_UBYTE2:      {"v_cvt_f32_ubyte2", VOP1, 19, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_F32_UBYTE3:      {"v_cvt_f32_ubyte3", VOP1, 20, shNormal, tB32, [3]opType{tB32}, fClamp | fOmod | fDPP},
	V_CVT_U32_F64:         {"v_cvt_u32_f64", VOP1, 21, shNormal, tB32, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_CVT_F64_U32:         {"v_cvt_f64_u32", VOP1, 22, shNormal, tB64, [3]opType{tB32}, fClamp | fOmod},
	V_TRUNC_F64:           {"v_trunc_f64", VOP1, 23, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_CEIL_F64:            {"v_ceil_f64", VOP1, 24, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_RNDNE_F64:           {"v_rndne_f64", VOP1, 25, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_FLOOR_F64:           {"v_floor_f64", VOP1, 26, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_FRACT_F32:           {"v_fract_f32", VOP1, 32, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_TRUNC_F32:           {"v_trunc_f32", VOP1, 33, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_CEIL_F32:            {"v_ceil_f32", VOP1, 34, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_RNDNE_F32:           {"v_rndne_f32", VOP1, 35, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_FLOOR_F32:           {"v_floor_f32", VOP1, 36, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_EXP_F32:             {"v_exp_f32", VOP1, 37, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_LOG_F32:             {"v_log_f32", VOP1, 39, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_RCP_F32:             {"v_rcp_f32", VOP1, 42, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_RCP_IFLAG_F32:       {"v_rcp_iflag_f32", VOP1, 43, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_RSQ_F32:             {"v_rsq_f32", VOP1, 46, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_RCP_F64:             {"v_rcp_f64", VOP1, 47, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_RSQ_F64:             {"v_rsq_f64", VOP1, 49, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_SQRT_F32:            {"v_sqrt_f32", VOP1, 51, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_SQRT_F64:            {"v_sqrt_f64", VOP1, 52, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_SIN_F32:             {"v_sin_f32", VOP1, 53, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_COS_F32:             {"v_cos_f32", VOP1, 54, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_NOT_B32:             {"v_not_b32", VOP1, 55, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_BFREV_B32:           {"v_bfrev_b32", VOP1, 56, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_CLZ_I32_U32:         {"v_clz_i32_u32", VOP1, 57, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_CTZ_I32_B32:         {"v_ctz_i32_b32", VOP1, 58, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_CLS_I32:             {"v_cls_i32", VOP1, 59, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_FREXP_EXP_I32_F64:   {"v_frexp_exp_i32_f64", VOP1, 60, shNormal, tB32, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_FREXP_MANT_F64:      {"v_frexp_mant_f64", VOP1, 61, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_FRACT_F64:           {"v_fract_f64", VOP1, 62, shNormal, tB64, [3]opType{tF64}, fMod0 | fClamp | fOmod},
	V_FREXP_EXP_I32_F32:   {"v_frexp_exp_i32_f32", VOP1, 63, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fDPP},
	V_FREXP_MANT_F32:      {"v_frexp_mant_f32", VOP1, 64, shNormal, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_RCP_F16:             {"v_rcp_f16", VOP1, 84, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_SQRT_F16:            {"v_sqrt_f16", VOP1, 85, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_RSQ_F16:             {"v_rsq_f16", VOP1, 86, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_LOG_F16:             {"v_log_f16", VOP1, 87, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_EXP_F16:             {"v_exp_f16", VOP1, 88, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_FREXP_MANT_F16:      {"v_frexp_mant_f16", VOP1, 89, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_FLOOR_F16:           {"v_floor_f16", VOP1, 91, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_CEIL_F16:            {"v_ceil_f16", VOP1, 92, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_TRUNC_F16:           {"v_trunc_f16", VOP1, 93, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_RNDNE_F16:           {"v_rndne_f16", VOP1, 94, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_FRACT_F16:           {"v_fract_f16", VOP1, 95, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_SIN_F16:             {"v_sin_f16", VOP1, 96, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_COS_F16:             {"v_cos_f16", VOP1, 97, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_SWAP_B32:            {"v_swap_b32", VOP1, 101, shSwap, tB32, [3]opType{tV32}, fNoE64},
	V_PERMLANE64_B32:      {"v_permlane64_b32", VOP1, 103, shNormal, tB32, [3]opType{tV32}, fNoE64},
	V_MOVRELD_B32:         {"v_movreld_b32", VOP1, 66, shNormal, tB32, [3]opType{tB32}, fDPP},
	V_MOVRELS_B32:         {"v_movrels_b32", VOP1, 67, shNormal, tB32, [3]opType{tV32}, fDPP},
	V_CVT_F16_U16:         {"v_cvt_f16_u16", VOP1, 80, shNormal, tB32, [3]opType{tB16}, fClamp | fOmod | fDPP},
	V_CVT_F16_I16:         {"v_cvt_f16_i16", VOP1, 81, shNormal, tB32, [3]opType{tB16}, fClamp | fOmod | fDPP},
	V_CVT_U16_F16:         {"v_cvt_u16_f16", VOP1, 82, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_CVT_I16_F16:         {"v_cvt_i16_f16", VOP1, 83, shNormal, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod | fDPP},
	V_CVT_I32_I16:         {"v_cvt_i32_i16", VOP1, 106, shNormal, tB32, [3]opType{tB16}, fDPP},
	V_CVT_U32_U16:         {"v_cvt_u32_u16", VOP1, 107, shNormal, tB32, [3]opType{tB16}, fDPP},

	// VOP2
	V_CNDMASK_B32:        {"v_cndmask_b32", VOP2, 1, shCndmask, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fDPP},
	V_ADD_F64:            {"v_add_f64", VOP2, 2, shNormal, tB64, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp | fOmod},
	V_ADD_F32:            {"v_add_f32", VOP2, 3, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_SUB_F32:            {"v_sub_f32", VOP2, 4, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_SUBREV_F32:         {"v_subrev_f32", VOP2, 5, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MUL_F64:            {"v_mul_f64", VOP2, 6, shNormal, tB64, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp | fOmod},
	V_MUL_DX9_ZERO_F32:   {"v_mul_dx9_zero_f32", VOP2, 7, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MUL_F32:            {"v_mul_f32", VOP2, 8, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MUL_I32_I24:        {"v_mul_i32_i24", VOP2, 9, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_MUL_HI_I32_I24:     {"v_mul_hi_i32_i24", VOP2, 10, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MUL_U32_U24:        {"v_mul_u32_u24", VOP2, 11, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_MUL_HI_U32_U24:     {"v_mul_hi_u32_u24", VOP2, 12, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MIN_NUM_F64:        {"v_min_num_f64", VOP2, 13, shNormal, tB64, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp | fOmod},
	V_MAX_NUM_F64:        {"v_max_num_f64", VOP2, 14, shNormal, tB64, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp | fOmod},
	V_MIN_I32:            {"v_min_i32", VOP2, 17, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MAX_I32:            {"v_max_i32", VOP2, 18, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MIN_U32:            {"v_min_u32", VOP2, 19, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MAX_U32:            {"v_max_u32", VOP2, 20, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MIN_NUM_F32:        {"v_min_num_f32", VOP2, 21, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MAX_NUM_F32:        {"v_max_num_f32", VOP2, 22, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_LSHLREV_B32:        {"v_lshlrev_b32", VOP2, 24, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_LSHRREV_B32:        {"v_lshrrev_b32", VOP2, 25, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_ASHRREV_I32:        {"v_ashrrev_i32", VOP2, 26, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_AND_B32:            {"v_and_b32", VOP2, 27, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_OR_B32:             {"v_or_b32", VOP2, 28, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_XOR_B32:            {"v_xor_b32", VOP2, 29, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_XNOR_B32:           {"v_xnor_b32", VOP2, 30, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_LSHLREV_B64:        {"v_lshlrev_b64", VOP2, 31, shNormal, tB64, [3]opType{tB32, tB64}, 0},
	V_ADD_CO_CI_U32:      {"v_add_co_ci_u32", VOP2, 32, shCarryIn, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_SUB_CO_CI_U32:      {"v_sub_co_ci_u32", VOP2, 33, shCarryIn, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_SUBREV_CO_CI_U32:   {"v_subrev_co_ci_u32", VOP2, 34, shCarryIn, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_ADD_NC_U32:         {"v_add_nc_u32", VOP2, 37, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_SUB_NC_U32:         {"v_sub_nc_u32", VOP2, 38, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_SUBREV_NC_U32:      {"v_subrev_nc_u32", VOP2, 39, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_FMAC_F32:           {"v_fmac_f32", VOP2, 43, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_FMAMK_F32:          {"v_fmamk_f32", VOP2, 44, shFmamk, tB32, [3]opType{tB32, tB32, tB32}, fNoE64},
	V_FMAAK_F32:          {"v_fmaak_f32", VOP2, 45, shFmaak, tB32, [3]opType{tB32, tB32, tB32}, fNoE64},
	V_CVT_PK_RTZ_F16_F32: {"v_cvt_pk_rtz_f16_f32", VOP2, 47, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MIN_NUM_F16:        {"v_min_num_f16", VOP2, 48, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MAX_NUM_F16:        {"v_max_num_f16", VOP2, 49, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_ADD_F16:            {"v_add_f16", VOP2, 50, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_SUB_F16:            {"v_sub_f16", VOP2, 51, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_SUBREV_F16:         {"v_subrev_f16", VOP2, 52, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MUL_F16:            {"v_mul_f16", VOP2, 53, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_FMAC_F16:           {"v_fmac_f16", VOP2, 54, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_FMAMK_F16:          {"v_fmamk_f16", VOP2, 55, shFmamk, tB32, [3]opType{tF16, tF16, tF16}, fNoE64},
	V_FMAAK_F16:          {"v_fmaak_f16", VOP2, 56, shFmaak, tB32, [3]opType{tF16, tF16, tF16}, fNoE64},
	V_LDEXP_F16:          {"v_ldexp_f16", VOP2, 59, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_PK_FMAC_F16:        {"v_pk_fmac_f16", VOP2, 60, shNormal, tB32, [3]opType{tPF16, tPF16}, fNoE64 | fDPP},
	V_ILLEGAL:            {"v_illegal", VOP2, 0, shNone, tNone, [3]opType{}, fNoE64},

	// VOPC
	V_CMP_LT_F16:     {"v_cmp_lt_f16", VOPC, 1, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_EQ_F16:     {"v_cmp_eq_f16", VOPC, 2, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_LE_F16:     {"v_cmp_le_f16", VOPC, 3, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_GT_F16:     {"v_cmp_gt_f16", VOPC, 4, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_LG_F16:     {"v_cmp_lg_f16", VOPC, 5, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_GE_F16:     {"v_cmp_ge_f16", VOPC, 6, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_O_F16:      {"v_cmp_o_f16", VOPC, 7, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_U_F16:      {"v_cmp_u_f16", VOPC, 8, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NGE_F16:    {"v_cmp_nge_f16", VOPC, 9, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NLG_F16:    {"v_cmp_nlg_f16", VOPC, 10, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NGT_F16:    {"v_cmp_ngt_f16", VOPC, 11, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NLE_F16:    {"v_cmp_nle_f16", VOPC, 12, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NEQ_F16:    {"v_cmp_neq_f16", VOPC, 13, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NLT_F16:    {"v_cmp_nlt_f16", VOPC, 14, shCmp, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_LT_F32:     {"v_cmp_lt_f32", VOPC, 17, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_EQ_F32:     {"v_cmp_eq_f32", VOPC, 18, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_LE_F32:     {"v_cmp_le_f32", VOPC, 19, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_GT_F32:     {"v_cmp_gt_f32", VOPC, 20, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_LG_F32:     {"v_cmp_lg_f32", VOPC, 21, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_GE_F32:     {"v_cmp_ge_f32", VOPC, 22, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_O_F32:      {"v_cmp_o_f32", VOPC, 23, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_U_F32:      {"v_cmp_u_f32", VOPC, 24, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NGE_F32:    {"v_cmp_nge_f32", VOPC, 25, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NLG_F32:    {"v_cmp_nlg_f32", VOPC, 26, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NGT_F32:    {"v_cmp_ngt_f32", VOPC, 27, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NLE_F32:    {"v_cmp_nle_f32", VOPC, 28, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NEQ_F32:    {"v_cmp_neq_f32", VOPC, 29, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_NLT_F32:    {"v_cmp_nlt_f32", VOPC, 30, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMP_LT_F64:     {"v_cmp_lt_f64", VOPC, 33, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_EQ_F64:     {"v_cmp_eq_f64", VOPC, 34, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_LE_F64:     {"v_cmp_le_f64", VOPC, 35, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_GT_F64:     {"v_cmp_gt_f64", VOPC, 36, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_LG_F64:     {"v_cmp_lg_f64", VOPC, 37, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_GE_F64:     {"v_cmp_ge_f64", VOPC, 38, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_O_F64:      {"v_cmp_o_f64", VOPC, 39, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_U_F64:      {"v_cmp_u_f64", VOPC, 40, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_NGE_F64:    {"v_cmp_nge_f64", VOPC, 41, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_NLG_F64:    {"v_cmp_nlg_f64", VOPC, 42, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_NGT_F64:    {"v_cmp_ngt_f64", VOPC, 43, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_NLE_F64:    {"v_cmp_nle_f64", VOPC, 44, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_NEQ_F64:    {"v_cmp_neq_f64", VOPC, 45, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_NLT_F64:    {"v_cmp_nlt_f64", VOPC, 46, shCmp, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMP_LT_I32:     {"v_cmp_lt_i32", VOPC, 65, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_EQ_I32:     {"v_cmp_eq_i32", VOPC, 66, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_LE_I32:     {"v_cmp_le_i32", VOPC, 67, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_GT_I32:     {"v_cmp_gt_i32", VOPC, 68, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_NE_I32:     {"v_cmp_ne_i32", VOPC, 69, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_GE_I32:     {"v_cmp_ge_i32", VOPC, 70, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_LT_U32:     {"v_cmp_lt_u32", VOPC, 73, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_EQ_U32:     {"v_cmp_eq_u32", VOPC, 74, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_LE_U32:     {"v_cmp_le_u32", VOPC, 75, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_GT_U32:     {"v_cmp_gt_u32", VOPC, 76, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_NE_U32:     {"v_cmp_ne_u32", VOPC, 77, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_GE_U32:     {"v_cmp_ge_u32", VOPC, 78, shCmp, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMP_LT_I64:     {"v_cmp_lt_i64", VOPC, 81, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_EQ_I64:     {"v_cmp_eq_i64", VOPC, 82, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_LE_I64:     {"v_cmp_le_i64", VOPC, 83, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_GT_I64:     {"v_cmp_gt_i64", VOPC, 84, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_NE_I64:     {"v_cmp_ne_i64", VOPC, 85, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_GE_I64:     {"v_cmp_ge_i64", VOPC, 86, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_LT_U64:     {"v_cmp_lt_u64", VOPC, 89, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_EQ_U64:     {"v_cmp_eq_u64", VOPC, 90, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_LE_U64:     {"v_cmp_le_u64", VOPC, 91, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_GT_U64:     {"v_cmp_gt_u64", VOPC, 92, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_NE_U64:     {"v_cmp_ne_u64", VOPC, 93, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_GE_U64:     {"v_cmp_ge_u64", VOPC, 94, shCmp, tNone, [3]opType{tB64, tB64}, 0},
	V_CMP_CLASS_F16:  {"v_cmp_class_f16", VOPC, 125, shCmp, tNone, [3]opType{tF16, tB32}, fMod0 | fDPP},
	V_CMP_CLASS_F32:  {"v_cmp_class_f32", VOPC, 126, shCmp, tNone, [3]opType{tB32, tB32}, fMod0 | fDPP},
	V_CMP_CLASS_F64:  {"v_cmp_class_f64", VOPC, 127, shCmp, tNone, [3]opType{tF64, tB32}, fMod0},
	V_CMPX_LT_F16:    {"v_cmpx_lt_f16", VOPC, 129, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_EQ_F16:    {"v_cmpx_eq_f16", VOPC, 130, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_LE_F16:    {"v_cmpx_le_f16", VOPC, 131, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_GT_F16:    {"v_cmpx_gt_f16", VOPC, 132, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_LG_F16:    {"v_cmpx_lg_f16", VOPC, 133, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_GE_F16:    {"v_cmpx_ge_f16", VOPC, 134, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_O_F16:     {"v_cmpx_o_f16", VOPC, 135, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_U_F16:     {"v_cmpx_u_f16", VOPC, 136, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NGE_F16:   {"v_cmpx_nge_f16", VOPC, 137, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NLG_F16:   {"v_cmpx_nlg_f16", VOPC, 138, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NGT_F16:   {"v_cmpx_ngt_f16", VOPC, 139, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NLE_F16:   {"v_cmpx_nle_f16", VOPC, 140, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NEQ_F16:   {"v_cmpx_neq_f16", VOPC, 141, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NLT_F16:   {"v_cmpx_nlt_f16", VOPC, 142, shCmpx, tNone, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_LT_F32:    {"v_cmpx_lt_f32", VOPC, 145, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_EQ_F32:    {"v_cmpx_eq_f32", VOPC, 146, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_LE_F32:    {"v_cmpx_le_f32", VOPC, 147, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_GT_F32:    {"v_cmpx_gt_f32", VOPC, 148, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_LG_F32:    {"v_cmpx_lg_f32", VOPC, 149, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_GE_F32:    {"v_cmpx_ge_f32", VOPC, 150, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_O_F32:     {"v_cmpx_o_f32", VOPC, 151, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_U_F32:     {"v_cmpx_u_f32", VOPC, 152, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NGE_F32:   {"v_cmpx_nge_f32", VOPC, 153, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NLG_F32:   {"v_cmpx_nlg_f32", VOPC, 154, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NGT_F32:   {"v_cmpx_ngt_f32", VOPC, 155, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NLE_F32:   {"v_cmpx_nle_f32", VOPC, 156, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NEQ_F32:   {"v_cmpx_neq_f32", VOPC, 157, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_NLT_F32:   {"v_cmpx_nlt_f32", VOPC, 158, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CMPX_LT_F64:    {"v_cmpx_lt_f64", VOPC, 161, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_EQ_F64:    {"v_cmpx_eq_f64", VOPC, 162, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_LE_F64:    {"v_cmpx_le_f64", VOPC, 163, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_GT_F64:    {"v_cmpx_gt_f64", VOPC, 164, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_LG_F64:    {"v_cmpx_lg_f64", VOPC, 165, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_GE_F64:    {"v_cmpx_ge_f64", VOPC, 166, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_O_F64:     {"v_cmpx_o_f64", VOPC, 167, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_U_F64:     {"v_cmpx_u_f64", VOPC, 168, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_NGE_F64:   {"v_cmpx_nge_f64", VOPC, 169, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_NLG_F64:   {"v_cmpx_nlg_f64", VOPC, 170, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_NGT_F64:   {"v_cmpx_ngt_f64", VOPC, 171, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_NLE_F64:   {"v_cmpx_nle_f64", VOPC, 172, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_NEQ_F64:   {"v_cmpx_neq_f64", VOPC, 173, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_NLT_F64:   {"v_cmpx_nlt_f64", VOPC, 174, shCmpx, tNone, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp},
	V_CMPX_LT_I32:    {"v_cmpx_lt_i32", VOPC, 193, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_EQ_I32:    {"v_cmpx_eq_i32", VOPC, 194, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_LE_I32:    {"v_cmpx_le_i32", VOPC, 195, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_GT_I32:    {"v_cmpx_gt_i32", VOPC, 196, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_NE_I32:    {"v_cmpx_ne_i32", VOPC, 197, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_GE_I32:    {"v_cmpx_ge_i32", VOPC, 198, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_LT_U32:    {"v_cmpx_lt_u32", VOPC, 201, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_EQ_U32:    {"v_cmpx_eq_u32", VOPC, 202, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_LE_U32:    {"v_cmpx_le_u32", VOPC, 203, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_GT_U32:    {"v_cmpx_gt_u32", VOPC, 204, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_NE_U32:    {"v_cmpx_ne_u32", VOPC, 205, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_GE_U32:    {"v_cmpx_ge_u32", VOPC, 206, shCmpx, tNone, [3]opType{tB32, tB32}, fDPP},
	V_CMPX_LT_I64:    {"v_cmpx_lt_i64", VOPC, 209, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_EQ_I64:    {"v_cmpx_eq_i64", VOPC, 210, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_LE_I64:    {"v_cmpx_le_i64", VOPC, 211, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_GT_I64:    {"v_cmpx_gt_i64", VOPC, 212, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_NE_I64:    {"v_cmpx_ne_i64", VOPC, 213, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_GE_I64:    {"v_cmpx_ge_i64", VOPC, 214, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_LT_U64:    {"v_cmpx_lt_u64", VOPC, 217, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_EQ_U64:    {"v_cmpx_eq_u64", VOPC, 218, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_LE_U64:    {"v_cmpx_le_u64", VOPC, 219, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_GT_U64:    {"v_cmpx_gt_u64", VOPC, 220, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_NE_U64:    {"v_cmpx_ne_u64", VOPC, 221, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_GE_U64:    {"v_cmpx_ge_u64", VOPC, 222, shCmpx, tNone, [3]opType{tB64, tB64}, 0},
	V_CMPX_CLASS_F16: {"v_cmpx_class_f16", VOPC, 253, shCmpx, tNone, [3]opType{tF16, tB32}, fMod0 | fDPP},
	V_CMPX_CLASS_F32: {"v_cmpx_class_f32", VOPC, 254, shCmpx, tNone, [3]opType{tB32, tB32}, fMod0 | fDPP},
	V_CMPX_CLASS_F64: {"v_cmpx_class_f64", VOPC, 255, shCmpx, tNone, [3]opType{tF64, tB32}, fMod0},

	// VOP3
	V_FMA_DX9_ZERO_F32:    {"v_fma_dx9_zero_f32", VOP3, 521, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod},
	V_MAD_I32_I24:         {"v_mad_i32_i24", VOP3, 522, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp | fDPP},
	V_MAD_U32_U24:         {"v_mad_u32_u24", VOP3, 523, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp | fDPP},
	V_BFE_U32:             {"v_bfe_u32", VOP3, 528, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_BFE_I32:             {"v_bfe_i32", VOP3, 529, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_BFI_B32:             {"v_bfi_b32", VOP3, 530, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_FMA_F32:             {"v_fma_f32", VOP3, 531, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_FMA_F64:             {"v_fma_f64", VOP3, 532, shNormal, tB64, [3]opType{tF64, tF64, tF64}, fMod0 | fMod1 | fMod2 | fClamp | fOmod},
	V_ALIGNBIT_B32:        {"v_alignbit_b32", VOP3, 534, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_ALIGNBYTE_B32:       {"v_alignbyte_b32", VOP3, 535, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MIN3_I32:            {"v_min3_i32", VOP3, 538, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MIN3_U32:            {"v_min3_u32", VOP3, 539, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MAX3_I32:            {"v_max3_i32", VOP3, 541, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MAX3_U32:            {"v_max3_u32", VOP3, 542, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MED3_I32:            {"v_med3_i32", VOP3, 544, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MED3_U32:            {"v_med3_u32", VOP3, 545, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_SAD_U8:              {"v_sad_u8", VOP3, 546, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp | fDPP},
	V_SAD_HI_U8:           {"v_sad_hi_u8", VOP3, 547, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp | fDPP},
	V_SAD_U32:             {"v_sad_u32", VOP3, 549, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp | fDPP},
	V_CVT_PK_U8_F32:       {"v_cvt_pk_u8_f32", VOP3, 550, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fClamp | fDPP},
	V_DIV_FIXUP_F32:       {"v_div_fixup_f32", VOP3, 551, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod},
	V_DIV_FIXUP_F64:       {"v_div_fixup_f64", VOP3, 552, shNormal, tB64, [3]opType{tF64, tF64, tF64}, fMod0 | fMod1 | fMod2 | fClamp | fOmod},
	V_MIN3_NUM_F32:        {"v_min3_num_f32", VOP3, 553, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAX3_NUM_F32:        {"v_max3_num_f32", VOP3, 554, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MIN3_NUM_F16:        {"v_min3_num_f16", VOP3, 555, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAX3_NUM_F16:        {"v_max3_num_f16", VOP3, 556, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MINIMUM3_F32:        {"v_minimum3_f32", VOP3, 557, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAXIMUM3_F32:        {"v_maximum3_f32", VOP3, 558, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MINIMUM3_F16:        {"v_minimum3_f16", VOP3, 559, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAXIMUM3_F16:        {"v_maximum3_f16", VOP3, 560, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MED3_NUM_F32:        {"v_med3_num_f32", VOP3, 561, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MED3_NUM_F16:        {"v_med3_num_f16", VOP3, 562, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_DIV_FMAS_F32:        {"v_div_fmas_f32", VOP3, 567, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod},
	V_DIV_FMAS_F64:        {"v_div_fmas_f64", VOP3, 568, shNormal, tB64, [3]opType{tF64, tF64, tF64}, fMod0 | fMod1 | fMod2 | fClamp | fOmod},
	V_MSAD_U8:             {"v_msad_u8", VOP3, 569, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp | fDPP},
	V_XOR3_B32:            {"v_xor3_b32", VOP3, 576, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_PERM_B32:            {"v_perm_b32", VOP3, 580, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_XAD_U32:             {"v_xad_u32", VOP3, 581, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_LSHL_ADD_U32:        {"v_lshl_add_u32", VOP3, 582, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_ADD_LSHL_U32:        {"v_add_lshl_u32", VOP3, 583, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_FMA_F16:             {"v_fma_f16", VOP3, 584, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_DIV_FIXUP_F16:       {"v_div_fixup_f16", VOP3, 596, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_ADD3_U32:            {"v_add3_u32", VOP3, 597, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_LSHL_OR_B32:         {"v_lshl_or_b32", VOP3, 598, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_AND_OR_B32:          {"v_and_or_b32", VOP3, 599, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_OR3_B32:             {"v_or3_b32", VOP3, 600, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_PERMLANE16_B32:      {"v_permlane16_b32", VOP3, 603, shPermlane, tB32, [3]opType{tV32, tB32, tB32}, 0},
	V_PERMLANEX16_B32:     {"v_permlanex16_b32", VOP3, 604, shPermlane, tB32, [3]opType{tV32, tB32, tB32}, 0},
	V_MAXMIN_U32:          {"v_maxmin_u32", VOP3, 610, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MINMAX_U32:          {"v_minmax_u32", VOP3, 611, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MAXMIN_I32:          {"v_maxmin_i32", VOP3, 612, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_MINMAX_I32:          {"v_minmax_i32", VOP3, 613, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fDPP},
	V_DOT2_F16_F16:        {"v_dot2_f16_f16", VOP3, 614, shNormal, tB32, [3]opType{tPF16, tPF16, tF16}, fMod0 | fMod1 | fMod2 | fDPP},
	V_MINMAX_NUM_F32:      {"v_minmax_num_f32", VOP3, 616, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAXMIN_NUM_F32:      {"v_maxmin_num_f32", VOP3, 617, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MINMAX_NUM_F16:      {"v_minmax_num_f16", VOP3, 618, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAXMIN_NUM_F16:      {"v_maxmin_num_f16", VOP3, 619, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MINIMUMMAXIMUM_F32:  {"v_minimummaximum_f32", VOP3, 620, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAXIMUMMINIMUM_F32:  {"v_maximumminimum_f32", VOP3, 621, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MINIMUMMAXIMUM_F16:  {"v_minimummaximum_f16", VOP3, 622, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_MAXIMUMMINIMUM_F16:  {"v_maximumminimum_f16", VOP3, 623, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fOmod | fDPP},
	V_CVT_PK_I16_F32:      {"v_cvt_pk_i16_f32", VOP3, 774, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_CVT_PK_U16_F32:      {"v_cvt_pk_u16_f32", VOP3, 775, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fDPP},
	V_PERMLANE16_VAR_B32:  {"v_permlane16_var_b32", VOP3, 783, shNormal, tB32, [3]opType{tV32, tV32}, 0},
	V_PERMLANEX16_VAR_B32: {"v_permlanex16_var_b32", VOP3, 784, shNormal, tB32, [3]opType{tV32, tV32}, 0},
	V_PACK_B32_F16:        {"v_pack_b32_f16", VOP3, 785, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fDPP},
	V_LDEXP_F32:           {"v_ldexp_f32", VOP3, 796, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fClamp | fOmod | fDPP},
	V_BFM_B32:             {"v_bfm_b32", VOP3, 797, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_BCNT_U32_B32:        {"v_bcnt_u32_b32", VOP3, 798, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MBCNT_LO_U32_B32:    {"v_mbcnt_lo_u32_b32", VOP3, 799, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_MBCNT_HI_U32_B32:    {"v_mbcnt_hi_u32_b32", VOP3, 800, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_CVT_PK_U16_U32:      {"v_cvt_pk_u16_u32", VOP3, 803, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_CVT_PK_I16_I32:      {"v_cvt_pk_i16_i32", VOP3, 804, shNormal, tB32, [3]opType{tB32, tB32}, fDPP},
	V_SUB_NC_I32:          {"v_sub_nc_i32", VOP3, 805, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_ADD_NC_I32:          {"v_add_nc_i32", VOP3, 806, shNormal, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_LDEXP_F64:           {"v_ldexp_f64", VOP3, 811, shNormal, tB64, [3]opType{tF64, tB32}, fMod0 | fClamp | fOmod},
	V_MUL_LO_U32:          {"v_mul_lo_u32", VOP3, 812, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	V_MUL_HI_U32:          {"v_mul_hi_u32", VOP3, 813, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	V_MUL_HI_I32:          {"v_mul_hi_i32", VOP3, 814, shNormal, tB32, [3]opType{tB32, tB32}, 0},
	V_TRIG_PREOP_F64:      {"v_trig_preop_f64", VOP3, 815, shNormal, tB64, [3]opType{tF64, tB32}, fMod0 | fClamp | fOmod},
	V_LSHRREV_B64:         {"v_lshrrev_b64", VOP3, 829, shNormal, tB64, [3]opType{tB32, tB64}, 0},
	V_ASHRREV_I64:         {"v_ashrrev_i64", VOP3, 830, shNormal, tB64, [3]opType{tB32, tB64}, 0},
	V_MINIMUM_F64:         {"v_minimum_f64", VOP3, 833, shNormal, tB64, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp | fOmod},
	V_MAXIMUM_F64:         {"v_maximum_f64", VOP3, 834, shNormal, tB64, [3]opType{tF64, tF64}, fMod0 | fMod1 | fClamp | fOmod},
	V_READLANE_B32:        {"v_readlane_b32", VOP3, 864, shReadlane, tB32, [3]opType{tV32, tLane}, 0},
	V_WRITELANE_B32:       {"v_writelane_b32", VOP3, 865, shWritelane, tB32, [3]opType{tB32, tLane}, 0},
	V_MINIMUM_F32:         {"v_minimum_f32", VOP3, 869, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MAXIMUM_F32:         {"v_maximum_f32", VOP3, 870, shNormal, tB32, [3]opType{tB32, tB32}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MINIMUM_F16:         {"v_minimum_f16", VOP3, 871, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MAXIMUM_F16:         {"v_maximum_f16", VOP3, 872, shNormal, tB32, [3]opType{tF16, tF16}, fMod0 | fMod1 | fClamp | fOmod | fDPP},
	V_MAD_U16:             {"v_mad_u16", VOP3, 577, shNormal, tB32, [3]opType{tB16, tB16, tB16}, fClamp | fDPP | fOpSel},
	V_MAD_I16:             {"v_mad_i16", VOP3, 595, shNormal, tB32, [3]opType{tB16, tB16, tB16}, fClamp | fDPP | fOpSel},
	V_ADD_NC_U16:          {"v_add_nc_u16", VOP3, 771, shNormal, tB32, [3]opType{tB16, tB16}, fClamp | fDPP | fOpSel},
	V_SUB_NC_U16:          {"v_sub_nc_u16", VOP3, 772, shNormal, tB32, [3]opType{tB16, tB16}, fClamp | fDPP | fOpSel},
	V_MUL_LO_U16:          {"v_mul_lo_u16", VOP3, 773, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_MAX_U16:             {"v_max_u16", VOP3, 777, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_MAX_I16:             {"v_max_i16", VOP3, 778, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_MIN_U16:             {"v_min_u16", VOP3, 779, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_MIN_I16:             {"v_min_i16", VOP3, 780, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_ADD_NC_I16:          {"v_add_nc_i16", VOP3, 781, shNormal, tB32, [3]opType{tB16, tB16}, fClamp | fDPP | fOpSel},
	V_SUB_NC_I16:          {"v_sub_nc_i16", VOP3, 782, shNormal, tB32, [3]opType{tB16, tB16}, fClamp | fDPP | fOpSel},
	V_LSHLREV_B16:         {"v_lshlrev_b16", VOP3, 824, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_LSHRREV_B16:         {"v_lshrrev_b16", VOP3, 825, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_ASHRREV_I16:         {"v_ashrrev_i16", VOP3, 826, shNormal, tB32, [3]opType{tB16, tB16}, fDPP},
	V_S_EXP_F32:           {"v_s_exp_f32", VOP3, 640, shVSTrans, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod},
	V_S_EXP_F16:           {"v_s_exp_f16", VOP3, 641, shVSTrans, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod},
	V_S_LOG_F32:           {"v_s_log_f32", VOP3, 642, shVSTrans, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod},
	V_S_LOG_F16:           {"v_s_log_f16", VOP3, 643, shVSTrans, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod},
	V_S_RCP_F32:           {"v_s_rcp_f32", VOP3, 644, shVSTrans, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod},
	V_S_RCP_F16:           {"v_s_rcp_f16", VOP3, 645, shVSTrans, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod},
	V_S_RSQ_F32:           {"v_s_rsq_f32", VOP3, 646, shVSTrans, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod},
	V_S_RSQ_F16:           {"v_s_rsq_f16", VOP3, 647, shVSTrans, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod},
	V_S_SQRT_F32:          {"v_s_sqrt_f32", VOP3, 648, shVSTrans, tB32, [3]opType{tB32}, fMod0 | fClamp | fOmod},
	V_S_SQRT_F16:          {"v_s_sqrt_f16", VOP3, 649, shVSTrans, tB32, [3]opType{tF16}, fMod0 | fClamp | fOmod},

	// VOP3SD
	V_DIV_SCALE_F32:  {"v_div_scale_f32", VOP3SD, 764, shCarryOut, tB32, [3]opType{tB32, tB32, tB32}, fMod0 | fMod1 | fMod2 | fNegOnly | fClamp | fOmod},
	V_DIV_SCALE_F64:  {"v_div_scale_f64", VOP3SD, 765, shCarryOut, tB64, [3]opType{tF64, tF64, tF64}, fMod0 | fMod1 | fMod2 | fNegOnly | fClamp | fOmod},
	V_MAD_CO_U64_U32: {"v_mad_co_u64_u32", VOP3SD, 766, shCarryOut, tB64, [3]opType{tB32, tB32, tB64}, fClamp},
	V_MAD_CO_I64_I32: {"v_mad_co_i64_i32", VOP3SD, 767, shCarryOut, tB64, [3]opType{tB32, tB32, tB64}, fClamp},
	V_ADD_CO_U32:     {"v_add_co_u32", VOP3SD, 768, shCarryOut, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_SUB_CO_U32:     {"v_sub_co_u32", VOP3SD, 769, shCarryOut, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},
	V_SUBREV_CO_U32:  {"v_subrev_co_u32", VOP3SD, 770, shCarryOut, tB32, [3]opType{tB32, tB32}, fClamp | fDPP},

	// VOP3P
	V_PK_MAD_I16:     {"v_pk_mad_i16", VOP3P, 0, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp},
	V_PK_MUL_LO_U16:  {"v_pk_mul_lo_u16", VOP3P, 1, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_ADD_I16:     {"v_pk_add_i16", VOP3P, 2, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_SUB_I16:     {"v_pk_sub_i16", VOP3P, 3, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_LSHLREV_B16: {"v_pk_lshlrev_b16", VOP3P, 4, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_LSHRREV_B16: {"v_pk_lshrrev_b16", VOP3P, 5, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_ASHRREV_I16: {"v_pk_ashrrev_i16", VOP3P, 6, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_MAX_I16:     {"v_pk_max_i16", VOP3P, 7, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_MIN_I16:     {"v_pk_min_i16", VOP3P, 8, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_MAD_U16:     {"v_pk_mad_u16", VOP3P, 9, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp},
	V_PK_ADD_U16:     {"v_pk_add_u16", VOP3P, 10, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_SUB_U16:     {"v_pk_sub_u16", VOP3P, 11, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_MAX_U16:     {"v_pk_max_u16", VOP3P, 12, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_MIN_U16:     {"v_pk_min_u16", VOP3P, 13, shNormal, tB32, [3]opType{tB32, tB32}, fClamp},
	V_PK_FMA_F16:     {"v_pk_fma_f16", VOP3P, 14, shNormal, tB32, [3]opType{tPF16, tPF16, tPF16}, fClamp},
	V_PK_ADD_F16:     {"v_pk_add_f16", VOP3P, 15, shNormal, tB32, [3]opType{tPF16, tPF16}, fClamp},
	V_PK_MUL_F16:     {"v_pk_mul_f16", VOP3P, 16, shNormal, tB32, [3]opType{tPF16, tPF16}, fClamp},
	V_DOT2_F32_F16:   {"v_dot2_f32_f16", VOP3P, 19, shNormal, tB32, [3]opType{tPF16, tPF16, tB32}, fClamp | fDPP},
	V_DOT4_I32_IU8:   {"v_dot4_i32_iu8", VOP3P, 22, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp},
	V_DOT4_U32_U8:    {"v_dot4_u32_u8", VOP3P, 23, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp},
	V_DOT8_I32_IU4:   {"v_dot8_i32_iu4", VOP3P, 24, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp},
	V_DOT8_U32_U4:    {"v_dot8_u32_u4", VOP3P, 25, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fClamp},
	V_PK_MIN_NUM_F16: {"v_pk_min_num_f16", VOP3P, 27, shNormal, tB32, [3]opType{tPF16, tPF16}, fClamp},
	V_PK_MAX_NUM_F16: {"v_pk_max_num_f16", VOP3P, 28, shNormal, tB32, [3]opType{tPF16, tPF16}, fClamp},
	V_PK_MINIMUM_F16: {"v_pk_minimum_f16", VOP3P, 29, shNormal, tB32, [3]opType{tPF16, tPF16}, fClamp},
	V_PK_MAXIMUM_F16: {"v_pk_maximum_f16", VOP3P, 30, shNormal, tB32, [3]opType{tPF16, tPF16}, fClamp},
	V_FMA_MIX_F32:    {"v_fma_mix_f32", VOP3P, 32, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fDPP},
	V_FMA_MIXLO_F16:  {"v_fma_mixlo_f16", VOP3P, 33, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fDPP},
	V_FMA_MIXHI_F16:  {"v_fma_mixhi_f16", VOP3P, 34, shNormal, tB32, [3]opType{tF16, tF16, tF16}, fMod0 | fMod1 | fMod2 | fClamp | fDPP},
	// The FP8/BF8 dots take no clamp and, of the packed modifiers, only
	// neg_lo[2] (llvm-mc 19); zincc's assembler does not refuse the others.
	V_DOT4_F32_FP8_BF8: {"v_dot4_f32_fp8_bf8", VOP3P, 36, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fNoPackSel},
	V_DOT4_F32_BF8_FP8: {"v_dot4_f32_bf8_fp8", VOP3P, 37, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fNoPackSel},
	V_DOT4_F32_FP8_FP8: {"v_dot4_f32_fp8_fp8", VOP3P, 38, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fNoPackSel},
	V_DOT4_F32_BF8_BF8: {"v_dot4_f32_bf8_bf8", VOP3P, 39, shNormal, tB32, [3]opType{tB32, tB32, tB32}, fNoPackSel},

	// DS
	DS_ADD_U32:                          {"ds_add_u32", DS, 0, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_SUB_U32:                          {"ds_sub_u32", DS, 1, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_RSUB_U32:                         {"ds_rsub_u32", DS, 2, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_INC_U32:                          {"ds_inc_u32", DS, 3, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_DEC_U32:                          {"ds_dec_u32", DS, 4, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_MIN_I32:                          {"ds_min_i32", DS, 5, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_MAX_I32:                          {"ds_max_i32", DS, 6, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_MIN_U32:                          {"ds_min_u32", DS, 7, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_MAX_U32:                          {"ds_max_u32", DS, 8, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_AND_B32:                          {"ds_and_b32", DS, 9, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_OR_B32:                           {"ds_or_b32", DS, 10, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_XOR_B32:                          {"ds_xor_b32", DS, 11, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_MSKOR_B32:                        {"ds_mskor_b32", DS, 12, shDSAtomic2, tNone, [3]opType{tV32, tB32, tB32}, 0},
	DS_STORE_B32:                        {"ds_store_b32", DS, 13, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_STORE_2ADDR_B32:                  {"ds_store_2addr_b32", DS, 14, shDSStore2, tNone, [3]opType{tV32, tB32, tB32}, 0},
	DS_STORE_2ADDR_STRIDE64_B32:         {"ds_store_2addr_stride64_b32", DS, 15, shDSStore2, tNone, [3]opType{tV32, tB32, tB32}, 0},
	DS_CMPSTORE_B32:                     {"ds_cmpstore_b32", DS, 16, shDSAtomic2, tNone, [3]opType{tV32, tB32, tB32}, 0},
	DS_MIN_NUM_F32:                      {"ds_min_num_f32", DS, 18, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_MAX_NUM_F32:                      {"ds_max_num_f32", DS, 19, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_ADD_F32:                          {"ds_add_f32", DS, 21, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_STORE_B8:                         {"ds_store_b8", DS, 30, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_STORE_B16:                        {"ds_store_b16", DS, 31, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_ADD_RTN_U32:                      {"ds_add_rtn_u32", DS, 32, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_SUB_RTN_U32:                      {"ds_sub_rtn_u32", DS, 33, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_RSUB_RTN_U32:                     {"ds_rsub_rtn_u32", DS, 34, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_INC_RTN_U32:                      {"ds_inc_rtn_u32", DS, 35, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_DEC_RTN_U32:                      {"ds_dec_rtn_u32", DS, 36, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_MIN_RTN_I32:                      {"ds_min_rtn_i32", DS, 37, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_MAX_RTN_I32:                      {"ds_max_rtn_i32", DS, 38, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_MIN_RTN_U32:                      {"ds_min_rtn_u32", DS, 39, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_MAX_RTN_U32:                      {"ds_max_rtn_u32", DS, 40, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_AND_RTN_B32:                      {"ds_and_rtn_b32", DS, 41, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_OR_RTN_B32:                       {"ds_or_rtn_b32", DS, 42, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_XOR_RTN_B32:                      {"ds_xor_rtn_b32", DS, 43, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_MSKOR_RTN_B32:                    {"ds_mskor_rtn_b32", DS, 44, shDSAtomic2Rtn, tB32, [3]opType{tV32, tB32, tB32}, 0},
	DS_STOREXCHG_RTN_B32:                {"ds_storexchg_rtn_b32", DS, 45, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_STOREXCHG_2ADDR_RTN_B32:          {"ds_storexchg_2addr_rtn_b32", DS, 46, shDSStore2Rtn, tB64, [3]opType{tV32, tB32, tB32}, 0},
	DS_STOREXCHG_2ADDR_STRIDE64_RTN_B32: {"ds_storexchg_2addr_stride64_rtn_b32", DS, 47, shDSStore2Rtn, tB64, [3]opType{tV32, tB32, tB32}, 0},
	DS_CMPSTORE_RTN_B32:                 {"ds_cmpstore_rtn_b32", DS, 48, shDSAtomic2Rtn, tB32, [3]opType{tV32, tB32, tB32}, 0},
	DS_MIN_NUM_RTN_F32:                  {"ds_min_num_rtn_f32", DS, 50, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_MAX_NUM_RTN_F32:                  {"ds_max_num_rtn_f32", DS, 51, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_SWIZZLE_B32:                      {"ds_swizzle_b32", DS, 53, shDSSwizzle, tB32, [3]opType{tV32}, 0},
	DS_LOAD_B32:                         {"ds_load_b32", DS, 54, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_2ADDR_B32:                   {"ds_load_2addr_b32", DS, 55, shDSLoad2, tB64, [3]opType{tV32}, 0},
	DS_LOAD_2ADDR_STRIDE64_B32:          {"ds_load_2addr_stride64_b32", DS, 56, shDSLoad2, tB64, [3]opType{tV32}, 0},
	DS_LOAD_I8:                          {"ds_load_i8", DS, 57, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_U8:                          {"ds_load_u8", DS, 58, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_I16:                         {"ds_load_i16", DS, 59, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_U16:                         {"ds_load_u16", DS, 60, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_CONSUME:                          {"ds_consume", DS, 61, shDSNoAddr, tB32, [3]opType{}, 0},
	DS_APPEND:                           {"ds_append", DS, 62, shDSNoAddr, tB32, [3]opType{}, 0},
	DS_ADD_U64:                          {"ds_add_u64", DS, 64, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_SUB_U64:                          {"ds_sub_u64", DS, 65, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_RSUB_U64:                         {"ds_rsub_u64", DS, 66, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_INC_U64:                          {"ds_inc_u64", DS, 67, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_DEC_U64:                          {"ds_dec_u64", DS, 68, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_MIN_I64:                          {"ds_min_i64", DS, 69, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_MAX_I64:                          {"ds_max_i64", DS, 70, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_MIN_U64:                          {"ds_min_u64", DS, 71, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_MAX_U64:                          {"ds_max_u64", DS, 72, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_AND_B64:                          {"ds_and_b64", DS, 73, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_OR_B64:                           {"ds_or_b64", DS, 74, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_XOR_B64:                          {"ds_xor_b64", DS, 75, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_MSKOR_B64:                        {"ds_mskor_b64", DS, 76, shDSAtomic2, tNone, [3]opType{tV32, tB64, tB64}, 0},
	DS_STORE_B64:                        {"ds_store_b64", DS, 77, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_STORE_2ADDR_B64:                  {"ds_store_2addr_b64", DS, 78, shDSStore2, tNone, [3]opType{tV32, tB64, tB64}, 0},
	DS_STORE_2ADDR_STRIDE64_B64:         {"ds_store_2addr_stride64_b64", DS, 79, shDSStore2, tNone, [3]opType{tV32, tB64, tB64}, 0},
	DS_CMPSTORE_B64:                     {"ds_cmpstore_b64", DS, 80, shDSAtomic2, tNone, [3]opType{tV32, tB64, tB64}, 0},
	DS_MIN_NUM_F64:                      {"ds_min_num_f64", DS, 82, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_MAX_NUM_F64:                      {"ds_max_num_f64", DS, 83, shDSStore, tNone, [3]opType{tV32, tB64}, 0},
	DS_ADD_RTN_U64:                      {"ds_add_rtn_u64", DS, 96, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_SUB_RTN_U64:                      {"ds_sub_rtn_u64", DS, 97, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_RSUB_RTN_U64:                     {"ds_rsub_rtn_u64", DS, 98, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_INC_RTN_U64:                      {"ds_inc_rtn_u64", DS, 99, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_DEC_RTN_U64:                      {"ds_dec_rtn_u64", DS, 100, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_MIN_RTN_I64:                      {"ds_min_rtn_i64", DS, 101, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_MAX_RTN_I64:                      {"ds_max_rtn_i64", DS, 102, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_MIN_RTN_U64:                      {"ds_min_rtn_u64", DS, 103, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_MAX_RTN_U64:                      {"ds_max_rtn_u64", DS, 104, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_AND_RTN_B64:                      {"ds_and_rtn_b64", DS, 105, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_OR_RTN_B64:                       {"ds_or_rtn_b64", DS, 106, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_XOR_RTN_B64:                      {"ds_xor_rtn_b64", DS, 107, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_MSKOR_RTN_B64:                    {"ds_mskor_rtn_b64", DS, 108, shDSAtomic2Rtn, tB64, [3]opType{tV32, tB64, tB64}, 0},
	DS_STOREXCHG_RTN_B64:                {"ds_storexchg_rtn_b64", DS, 109, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_STOREXCHG_2ADDR_RTN_B64:          {"ds_storexchg_2addr_rtn_b64", DS, 110, shDSStore2Rtn, tB128, [3]opType{tV32, tB64, tB64}, 0},
	DS_STOREXCHG_2ADDR_STRIDE64_RTN_B64: {"ds_storexchg_2addr_stride64_rtn_b64", DS, 111, shDSStore2Rtn, tB128, [3]opType{tV32, tB64, tB64}, 0},
	DS_CMPSTORE_RTN_B64:                 {"ds_cmpstore_rtn_b64", DS, 112, shDSAtomic2Rtn, tB64, [3]opType{tV32, tB64, tB64}, 0},
	DS_MIN_NUM_RTN_F64:                  {"ds_min_num_rtn_f64", DS, 114, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_MAX_NUM_RTN_F64:                  {"ds_max_num_rtn_f64", DS, 115, shDSAtomicRtn, tB64, [3]opType{tV32, tB64}, 0},
	DS_LOAD_B64:                         {"ds_load_b64", DS, 118, shDSLoad, tB64, [3]opType{tV32}, 0},
	DS_LOAD_2ADDR_B64:                   {"ds_load_2addr_b64", DS, 119, shDSLoad2, tB128, [3]opType{tV32}, 0},
	DS_LOAD_2ADDR_STRIDE64_B64:          {"ds_load_2addr_stride64_b64", DS, 120, shDSLoad2, tB128, [3]opType{tV32}, 0},
	DS_ADD_RTN_F32:                      {"ds_add_rtn_f32", DS, 121, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_COND_SUB_U32:                     {"ds_cond_sub_u32", DS, 152, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_SUB_CLAMP_U32:                    {"ds_sub_clamp_u32", DS, 153, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_PK_ADD_F16:                       {"ds_pk_add_f16", DS, 154, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_PK_ADD_BF16:                      {"ds_pk_add_bf16", DS, 155, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_STORE_B8_D16_HI:                  {"ds_store_b8_d16_hi", DS, 160, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_STORE_B16_D16_HI:                 {"ds_store_b16_d16_hi", DS, 161, shDSStore, tNone, [3]opType{tV32, tB32}, 0},
	DS_LOAD_U8_D16:                      {"ds_load_u8_d16", DS, 162, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_U8_D16_HI:                   {"ds_load_u8_d16_hi", DS, 163, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_I8_D16:                      {"ds_load_i8_d16", DS, 164, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_I8_D16_HI:                   {"ds_load_i8_d16_hi", DS, 165, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_U16_D16:                     {"ds_load_u16_d16", DS, 166, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_LOAD_U16_D16_HI:                  {"ds_load_u16_d16_hi", DS, 167, shDSLoad, tB32, [3]opType{tV32}, 0},
	DS_COND_SUB_RTN_U32:                 {"ds_cond_sub_rtn_u32", DS, 168, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_SUB_CLAMP_RTN_U32:                {"ds_sub_clamp_rtn_u32", DS, 169, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_PK_ADD_RTN_F16:                   {"ds_pk_add_rtn_f16", DS, 170, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_PK_ADD_RTN_BF16:                  {"ds_pk_add_rtn_bf16", DS, 171, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_PERMUTE_B32:                      {"ds_permute_b32", DS, 178, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_BPERMUTE_B32:                     {"ds_bpermute_b32", DS, 179, shDSAtomicRtn, tB32, [3]opType{tV32, tB32}, 0},
	DS_STORE_B96:                        {"ds_store_b96", DS, 222, shDSStore, tNone, [3]opType{tV32, tB96}, 0},
	DS_STORE_B128:                       {"ds_store_b128", DS, 223, shDSStore, tNone, [3]opType{tV32, tB128}, 0},
	DS_LOAD_B96:                         {"ds_load_b96", DS, 254, shDSLoad, tB96, [3]opType{tV32}, 0},
	DS_LOAD_B128:                        {"ds_load_b128", DS, 255, shDSLoad, tB128, [3]opType{tV32}, 0},

	// VGLOBAL
	GLOBAL_LOAD_U8:              {"global_load_u8", VGLOBAL, 16, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_I8:              {"global_load_i8", VGLOBAL, 17, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_U16:             {"global_load_u16", VGLOBAL, 18, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_I16:             {"global_load_i16", VGLOBAL, 19, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_B32:             {"global_load_b32", VGLOBAL, 20, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_B64:             {"global_load_b64", VGLOBAL, 21, shGLoad, tB64, [3]opType{tB64}, 0},
	GLOBAL_LOAD_B96:             {"global_load_b96", VGLOBAL, 22, shGLoad, tB96, [3]opType{tB64}, 0},
	GLOBAL_LOAD_B128:            {"global_load_b128", VGLOBAL, 23, shGLoad, tB128, [3]opType{tB64}, 0},
	GLOBAL_STORE_B8:             {"global_store_b8", VGLOBAL, 24, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	GLOBAL_STORE_B16:            {"global_store_b16", VGLOBAL, 25, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	GLOBAL_STORE_B32:            {"global_store_b32", VGLOBAL, 26, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	GLOBAL_STORE_B64:            {"global_store_b64", VGLOBAL, 27, shGStore, tNone, [3]opType{tB64, tB64}, 0},
	GLOBAL_STORE_B96:            {"global_store_b96", VGLOBAL, 28, shGStore, tNone, [3]opType{tB64, tB96}, 0},
	GLOBAL_STORE_B128:           {"global_store_b128", VGLOBAL, 29, shGStore, tNone, [3]opType{tB64, tB128}, 0},
	GLOBAL_LOAD_D16_U8:          {"global_load_d16_u8", VGLOBAL, 30, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_D16_I8:          {"global_load_d16_i8", VGLOBAL, 31, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_D16_B16:         {"global_load_d16_b16", VGLOBAL, 32, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_D16_HI_U8:       {"global_load_d16_hi_u8", VGLOBAL, 33, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_D16_HI_I8:       {"global_load_d16_hi_i8", VGLOBAL, 34, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_LOAD_D16_HI_B16:      {"global_load_d16_hi_b16", VGLOBAL, 35, shGLoad, tB32, [3]opType{tB64}, 0},
	GLOBAL_STORE_D16_HI_B8:      {"global_store_d16_hi_b8", VGLOBAL, 36, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	GLOBAL_STORE_D16_HI_B16:     {"global_store_d16_hi_b16", VGLOBAL, 37, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	GLOBAL_INV:                  {"global_inv", VGLOBAL, 43, shGCache, tNone, [3]opType{}, 0},
	GLOBAL_WB:                   {"global_wb", VGLOBAL, 44, shGCache, tNone, [3]opType{}, 0},
	GLOBAL_ATOMIC_SWAP_B32:      {"global_atomic_swap_b32", VGLOBAL, 51, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_CMPSWAP_B32:   {"global_atomic_cmpswap_b32", VGLOBAL, 52, shGAtomic, tB32, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_ADD_U32:       {"global_atomic_add_u32", VGLOBAL, 53, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_SUB_U32:       {"global_atomic_sub_u32", VGLOBAL, 54, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_SUB_CLAMP_U32: {"global_atomic_sub_clamp_u32", VGLOBAL, 55, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_MIN_I32:       {"global_atomic_min_i32", VGLOBAL, 56, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_MIN_U32:       {"global_atomic_min_u32", VGLOBAL, 57, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_MAX_I32:       {"global_atomic_max_i32", VGLOBAL, 58, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_MAX_U32:       {"global_atomic_max_u32", VGLOBAL, 59, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_AND_B32:       {"global_atomic_and_b32", VGLOBAL, 60, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_OR_B32:        {"global_atomic_or_b32", VGLOBAL, 61, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_XOR_B32:       {"global_atomic_xor_b32", VGLOBAL, 62, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_INC_U32:       {"global_atomic_inc_u32", VGLOBAL, 63, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_DEC_U32:       {"global_atomic_dec_u32", VGLOBAL, 64, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_SWAP_B64:      {"global_atomic_swap_b64", VGLOBAL, 65, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_CMPSWAP_B64:   {"global_atomic_cmpswap_b64", VGLOBAL, 66, shGAtomic, tB64, [3]opType{tB64, tB128}, 0},
	GLOBAL_ATOMIC_ADD_U64:       {"global_atomic_add_u64", VGLOBAL, 67, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_SUB_U64:       {"global_atomic_sub_u64", VGLOBAL, 68, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_MIN_I64:       {"global_atomic_min_i64", VGLOBAL, 69, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_MIN_U64:       {"global_atomic_min_u64", VGLOBAL, 70, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_MAX_I64:       {"global_atomic_max_i64", VGLOBAL, 71, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_MAX_U64:       {"global_atomic_max_u64", VGLOBAL, 72, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_AND_B64:       {"global_atomic_and_b64", VGLOBAL, 73, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_OR_B64:        {"global_atomic_or_b64", VGLOBAL, 74, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_XOR_B64:       {"global_atomic_xor_b64", VGLOBAL, 75, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_INC_U64:       {"global_atomic_inc_u64", VGLOBAL, 76, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_ATOMIC_DEC_U64:       {"global_atomic_dec_u64", VGLOBAL, 77, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	GLOBAL_WBINV:                {"global_wbinv", VGLOBAL, 79, shGCache, tNone, [3]opType{}, 0},
	GLOBAL_ATOMIC_COND_SUB_U32:  {"global_atomic_cond_sub_u32", VGLOBAL, 80, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_MIN_NUM_F32:   {"global_atomic_min_num_f32", VGLOBAL, 81, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_MAX_NUM_F32:   {"global_atomic_max_num_f32", VGLOBAL, 82, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_ADD_F32:       {"global_atomic_add_f32", VGLOBAL, 86, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_PK_ADD_F16:    {"global_atomic_pk_add_f16", VGLOBAL, 89, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	GLOBAL_ATOMIC_PK_ADD_BF16:   {"global_atomic_pk_add_bf16", VGLOBAL, 90, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},

	// VOPD: code is the opcode of the opY field (opX uses the same numbers below 16)
	V_DUAL_FMAC_F32:         {"v_dual_fmac_f32", VOPD, 0, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_FMAAK_F32:        {"v_dual_fmaak_f32", VOPD, 1, shFmaak, tB32, [3]opType{tB32, tV32, tB32}, 0},
	V_DUAL_FMAMK_F32:        {"v_dual_fmamk_f32", VOPD, 2, shFmamk, tB32, [3]opType{tB32, tB32, tV32}, 0},
	V_DUAL_MUL_F32:          {"v_dual_mul_f32", VOPD, 3, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_ADD_F32:          {"v_dual_add_f32", VOPD, 4, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_SUB_F32:          {"v_dual_sub_f32", VOPD, 5, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_SUBREV_F32:       {"v_dual_subrev_f32", VOPD, 6, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_MUL_DX9_ZERO_F32: {"v_dual_mul_dx9_zero_f32", VOPD, 7, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_MOV_B32:          {"v_dual_mov_b32", VOPD, 8, shNormal, tB32, [3]opType{tB32}, 0},
	V_DUAL_CNDMASK_B32:      {"v_dual_cndmask_b32", VOPD, 9, shCndmask, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_MAX_NUM_F32:      {"v_dual_max_num_f32", VOPD, 10, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_MIN_NUM_F32:      {"v_dual_min_num_f32", VOPD, 11, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_ADD_NC_U32:       {"v_dual_add_nc_u32", VOPD, 16, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_LSHLREV_B32:      {"v_dual_lshlrev_b32", VOPD, 17, shNormal, tB32, [3]opType{tB32, tV32}, 0},
	V_DUAL_AND_B32:          {"v_dual_and_b32", VOPD, 18, shNormal, tB32, [3]opType{tB32, tV32}, 0},

	// VFLAT
	FLAT_LOAD_U8:              {"flat_load_u8", VFLAT, 16, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_I8:              {"flat_load_i8", VFLAT, 17, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_U16:             {"flat_load_u16", VFLAT, 18, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_I16:             {"flat_load_i16", VFLAT, 19, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_B32:             {"flat_load_b32", VFLAT, 20, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_B64:             {"flat_load_b64", VFLAT, 21, shGLoad, tB64, [3]opType{tB64}, 0},
	FLAT_LOAD_B96:             {"flat_load_b96", VFLAT, 22, shGLoad, tB96, [3]opType{tB64}, 0},
	FLAT_LOAD_B128:            {"flat_load_b128", VFLAT, 23, shGLoad, tB128, [3]opType{tB64}, 0},
	FLAT_STORE_B8:             {"flat_store_b8", VFLAT, 24, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	FLAT_STORE_B16:            {"flat_store_b16", VFLAT, 25, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	FLAT_STORE_B32:            {"flat_store_b32", VFLAT, 26, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	FLAT_STORE_B64:            {"flat_store_b64", VFLAT, 27, shGStore, tNone, [3]opType{tB64, tB64}, 0},
	FLAT_STORE_B96:            {"flat_store_b96", VFLAT, 28, shGStore, tNone, [3]opType{tB64, tB96}, 0},
	FLAT_STORE_B128:           {"flat_store_b128", VFLAT, 29, shGStore, tNone, [3]opType{tB64, tB128}, 0},
	FLAT_LOAD_D16_U8:          {"flat_load_d16_u8", VFLAT, 30, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_D16_I8:          {"flat_load_d16_i8", VFLAT, 31, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_D16_B16:         {"flat_load_d16_b16", VFLAT, 32, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_D16_HI_U8:       {"flat_load_d16_hi_u8", VFLAT, 33, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_D16_HI_I8:       {"flat_load_d16_hi_i8", VFLAT, 34, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_LOAD_D16_HI_B16:      {"flat_load_d16_hi_b16", VFLAT, 35, shGLoad, tB32, [3]opType{tB64}, 0},
	FLAT_STORE_D16_HI_B8:      {"flat_store_d16_hi_b8", VFLAT, 36, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	FLAT_STORE_D16_HI_B16:     {"flat_store_d16_hi_b16", VFLAT, 37, shGStore, tNone, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_SWAP_B32:      {"flat_atomic_swap_b32", VFLAT, 51, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_CMPSWAP_B32:   {"flat_atomic_cmpswap_b32", VFLAT, 52, shGAtomic, tB32, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_ADD_U32:       {"flat_atomic_add_u32", VFLAT, 53, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_SUB_U32:       {"flat_atomic_sub_u32", VFLAT, 54, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_SUB_CLAMP_U32: {"flat_atomic_sub_clamp_u32", VFLAT, 55, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_MIN_I32:       {"flat_atomic_min_i32", VFLAT, 56, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_MIN_U32:       {"flat_atomic_min_u32", VFLAT, 57, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_MAX_I32:       {"flat_atomic_max_i32", VFLAT, 58, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_MAX_U32:       {"flat_atomic_max_u32", VFLAT, 59, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_AND_B32:       {"flat_atomic_and_b32", VFLAT, 60, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_OR_B32:        {"flat_atomic_or_b32", VFLAT, 61, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_XOR_B32:       {"flat_atomic_xor_b32", VFLAT, 62, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_INC_U32:       {"flat_atomic_inc_u32", VFLAT, 63, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_DEC_U32:       {"flat_atomic_dec_u32", VFLAT, 64, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_SWAP_B64:      {"flat_atomic_swap_b64", VFLAT, 65, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_CMPSWAP_B64:   {"flat_atomic_cmpswap_b64", VFLAT, 66, shGAtomic, tB64, [3]opType{tB64, tB128}, 0},
	FLAT_ATOMIC_ADD_U64:       {"flat_atomic_add_u64", VFLAT, 67, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_SUB_U64:       {"flat_atomic_sub_u64", VFLAT, 68, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_MIN_I64:       {"flat_atomic_min_i64", VFLAT, 69, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_MIN_U64:       {"flat_atomic_min_u64", VFLAT, 70, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_MAX_I64:       {"flat_atomic_max_i64", VFLAT, 71, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_MAX_U64:       {"flat_atomic_max_u64", VFLAT, 72, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_AND_B64:       {"flat_atomic_and_b64", VFLAT, 73, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_OR_B64:        {"flat_atomic_or_b64", VFLAT, 74, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_XOR_B64:       {"flat_atomic_xor_b64", VFLAT, 75, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_INC_U64:       {"flat_atomic_inc_u64", VFLAT, 76, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_DEC_U64:       {"flat_atomic_dec_u64", VFLAT, 77, shGAtomic, tB64, [3]opType{tB64, tB64}, 0},
	FLAT_ATOMIC_COND_SUB_U32:  {"flat_atomic_cond_sub_u32", VFLAT, 80, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_MIN_NUM_F32:   {"flat_atomic_min_num_f32", VFLAT, 81, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_MAX_NUM_F32:   {"flat_atomic_max_num_f32", VFLAT, 82, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_ADD_F32:       {"flat_atomic_add_f32", VFLAT, 86, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_PK_ADD_F16:    {"flat_atomic_pk_add_f16", VFLAT, 89, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},
	FLAT_ATOMIC_PK_ADD_BF16:   {"flat_atomic_pk_add_bf16", VFLAT, 90, shGAtomic, tB32, [3]opType{tB64, tB32}, 0},

	// VSCRATCH: the address operand is a 32-bit private offset
	SCRATCH_LOAD_U8:          {"scratch_load_u8", VSCRATCH, 16, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_I8:          {"scratch_load_i8", VSCRATCH, 17, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_U16:         {"scratch_load_u16", VSCRATCH, 18, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_I16:         {"scratch_load_i16", VSCRATCH, 19, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_B32:         {"scratch_load_b32", VSCRATCH, 20, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_B64:         {"scratch_load_b64", VSCRATCH, 21, shGLoad, tB64, [3]opType{tB32}, 0},
	SCRATCH_LOAD_B96:         {"scratch_load_b96", VSCRATCH, 22, shGLoad, tB96, [3]opType{tB32}, 0},
	SCRATCH_LOAD_B128:        {"scratch_load_b128", VSCRATCH, 23, shGLoad, tB128, [3]opType{tB32}, 0},
	SCRATCH_STORE_B8:         {"scratch_store_b8", VSCRATCH, 24, shGStore, tNone, [3]opType{tB32, tB32}, 0},
	SCRATCH_STORE_B16:        {"scratch_store_b16", VSCRATCH, 25, shGStore, tNone, [3]opType{tB32, tB32}, 0},
	SCRATCH_STORE_B32:        {"scratch_store_b32", VSCRATCH, 26, shGStore, tNone, [3]opType{tB32, tB32}, 0},
	SCRATCH_STORE_B64:        {"scratch_store_b64", VSCRATCH, 27, shGStore, tNone, [3]opType{tB32, tB64}, 0},
	SCRATCH_STORE_B96:        {"scratch_store_b96", VSCRATCH, 28, shGStore, tNone, [3]opType{tB32, tB96}, 0},
	SCRATCH_STORE_B128:       {"scratch_store_b128", VSCRATCH, 29, shGStore, tNone, [3]opType{tB32, tB128}, 0},
	SCRATCH_LOAD_D16_U8:      {"scratch_load_d16_u8", VSCRATCH, 30, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_D16_I8:      {"scratch_load_d16_i8", VSCRATCH, 31, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_D16_B16:     {"scratch_load_d16_b16", VSCRATCH, 32, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_D16_HI_U8:   {"scratch_load_d16_hi_u8", VSCRATCH, 33, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_D16_HI_I8:   {"scratch_load_d16_hi_i8", VSCRATCH, 34, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_LOAD_D16_HI_B16:  {"scratch_load_d16_hi_b16", VSCRATCH, 35, shGLoad, tB32, [3]opType{tB32}, 0},
	SCRATCH_STORE_D16_HI_B8:  {"scratch_store_d16_hi_b8", VSCRATCH, 36, shGStore, tNone, [3]opType{tB32, tB32}, 0},
	SCRATCH_STORE_D16_HI_B16: {"scratch_store_d16_hi_b16", VSCRATCH, 37, shGStore, tNone, [3]opType{tB32, tB32}, 0},
}
