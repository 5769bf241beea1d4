package isa

import (
	"strconv"
	"strings"
)

// String returns the instruction in the syntax llvm-mc -disassemble
// prints (without its leading tab).
func (in *Inst) String() string {
	return string(in.AppendText(nil))
}

// AppendText appends the instruction's llvm-mc text to b.
func (in *Inst) AppendText(b []byte) []byte {
	if in.Op == OpInvalid || int(in.Op) >= len(opTable) {
		return append(b, "<invalid>"...)
	}
	p := printer{b: b, in: in, info: &opTable[in.Op]}
	p.inst()
	return p.b
}

type printer struct {
	b     []byte
	in    *Inst
	info  *opInfo
	first bool // no operand printed yet
}

func (p *printer) str(s string) { p.b = append(p.b, s...) }

// opnd starts a new comma-separated operand.
func (p *printer) opnd(s string) {
	if p.first {
		p.b = append(p.b, ' ')
		p.first = false
	} else {
		p.b = append(p.b, ", "...)
	}
	p.b = append(p.b, s...)
}

func hex(v uint64) string { return "0x" + strconv.FormatUint(v, 16) }

// decOrHex prints small values in decimal and larger ones in hex, as llvm
// prints most 16-bit immediates.
func decOrHex(v uint16) string {
	if v <= 64 {
		return strconv.Itoa(int(v))
	}
	return hex(uint64(v))
}

func (p *printer) inst() {
	in, info := p.in, p.info
	p.str(info.name)
	p.str(p.suffix())
	p.first = true
	switch in.Enc {
	case SOP1, SOP2, SOPC:
		p.salu()
	case SOPK:
		p.sopk()
	case SOPP:
		p.sopp()
	case SMEM:
		p.smem()
	case VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P:
		p.valu()
	case DS:
		p.ds()
	case VGLOBAL, VFLAT, VSCRATCH:
		p.vglobal()
	case VOPD:
		p.vopd()
	}
}

// suffix returns the encoding suffix llvm prints after the mnemonic.
func (p *printer) suffix() string {
	in, info := p.in, p.info
	if !in.Enc.IsVALU() || info.shape == shNone {
		return ""
	}
	promoted := info.hasE32() // VOP1/VOP2/VOPC instruction
	switch in.Enc {
	case VOP1, VOP2, VOPC:
		if in.DPP != NoDPP {
			if in.Enc == VOPC {
				return ""
			}
			return "_dpp"
		}
		if info.hasE64() {
			return "_e32"
		}
		return ""
	default:
		if in.DPP != NoDPP {
			return "_e64_dpp"
		}
		if promoted {
			return "_e64"
		}
		return ""
	}
}

func (p *printer) salu() {
	in, info := p.in, p.info
	if info.dst != tNone {
		p.opnd(in.Dst.format(info.dst))
	}
	for i := 0; i < info.nsrc(); i++ {
		if (info.shape == shFmamk && i == 1) || (info.shape == shFmaak && i == 2) {
			p.opnd(hex(uint64(in.Src[i].Value)))
			continue
		}
		p.opnd(in.Src[i].format(info.src[i]))
	}
}

var hwregNames = map[uint16]string{
	1: "HW_REG_MODE", 2: "HW_REG_STATUS", 4: "HW_REG_STATE_PRIV", 5: "HW_REG_GPR_ALLOC",
	6: "HW_REG_LDS_ALLOC", 7: "HW_REG_IB_STS", 10: "HW_REG_PERF_SNAPSHOT_DATA",
	11: "HW_REG_PERF_SNAPSHOT_PC_LO", 12: "HW_REG_PERF_SNAPSHOT_PC_HI",
	15: "HW_REG_PERF_SNAPSHOT_DATA1", 16: "HW_REG_PERF_SNAPSHOT_DATA2",
	17: "HW_REG_EXCP_FLAG_PRIV", 18: "HW_REG_EXCP_FLAG_USER", 19: "HW_REG_TRAP_CTRL",
	20: "HW_REG_SCRATCH_BASE_LO", 21: "HW_REG_SCRATCH_BASE_HI", 23: "HW_REG_HW_ID1",
	24: "HW_REG_HW_ID2", 29: "HW_REG_SHADER_CYCLES_LO", 30: "HW_REG_SHADER_CYCLES_HI",
	31: "HW_REG_DVGPR_ALLOC_LO", 32: "HW_REG_DVGPR_ALLOC_HI",
}

// hwregText prints a hwreg(...) operand: id [5:0], offset [10:6], size-1 [15:11].
func hwregText(v uint16) string {
	id, off, size := v&0x3f, v>>6&0x1f, v>>11+1
	var b strings.Builder
	b.WriteString("hwreg(")
	if n, ok := hwregNames[id]; ok {
		b.WriteString(n)
	} else {
		b.WriteString(strconv.Itoa(int(id)))
	}
	if off != 0 || size != 32 {
		b.WriteString(", " + strconv.Itoa(int(off)) + ", " + strconv.Itoa(int(size)))
	}
	b.WriteByte(')')
	return b.String()
}

func (p *printer) sopk() {
	in, info := p.in, p.info
	imm := uint16(in.Imm)
	switch info.shape {
	case shSOPK:
		p.opnd(in.Dst.String())
		p.opnd(hex(uint64(imm)))
	case shGetreg:
		p.opnd(in.Dst.String())
		p.opnd(hwregText(imm))
	case shSetreg:
		p.opnd(hwregText(imm))
		p.opnd(in.Src[0].String())
	case shSetregImm:
		p.opnd(hwregText(imm))
		if v := in.Src[0].Value; v <= 64 {
			p.opnd(strconv.Itoa(int(v)))
		} else {
			p.opnd(hex(uint64(v)))
		}
	}
}

var sendmsgNames = map[uint16]string{
	1: "MSG_INTERRUPT", 2: "MSG_HS_TESSFACTOR", 3: "MSG_DEALLOC_VGPRS", 9: "MSG_GS_ALLOC_REQ",
	128: "MSG_RTN_GET_DOORBELL", 129: "MSG_RTN_GET_DDID", 130: "MSG_RTN_GET_TMA",
	131: "MSG_RTN_GET_REALTIME", 132: "MSG_RTN_SAVE_WAVE", 133: "MSG_RTN_GET_TBA",
	134: "MSG_RTN_GET_TBA_TO_PC", 135: "MSG_RTN_GET_SE_AID_ID",
}

// sendmsgText prints s_sendmsg's operand. On gfx12 the message id is the
// low byte; llvm names known ids whatever the high byte holds.
func sendmsgText(v uint16) string {
	if n, ok := sendmsgNames[v&0xff]; ok {
		return "sendmsg(" + n + ")"
	}
	if v < 256 {
		return "sendmsg(" + strconv.Itoa(int(v)) + ", 0, 0)"
	}
	return strconv.Itoa(int(v))
}

var delayInstIDs = [...]string{"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4",
	"TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1",
	"SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3"}
var delayInstSkips = [...]string{"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"}

// delayText prints s_delay_alu's operand: instid0 [3:0], instskip [6:4],
// instid1 [10:7].
func delayText(v uint16) string {
	var parts []string
	id := func(x uint16) string {
		if int(x) < len(delayInstIDs) {
			return delayInstIDs[x]
		}
		return "/* invalid instid value */"
	}
	if x := v & 0xf; x != 0 {
		parts = append(parts, "instid0("+id(x)+")")
	}
	if x := v >> 4 & 7; x != 0 {
		s := "/* invalid instskip value */"
		if int(x) < len(delayInstSkips) {
			s = delayInstSkips[x]
		}
		parts = append(parts, "instskip("+s+")")
	}
	if x := v >> 7 & 0xf; x != 0 {
		parts = append(parts, "instid1("+id(x)+")")
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " | ")
}

// waitcntText prints the legacy s_waitcnt operand (gfx11 layout: expcnt
// [2:0], lgkmcnt [9:4], vmcnt [15:10]); counters at their maximum are
// omitted unless all are.
func waitcntText(v uint16) string {
	vm, exp, lgkm := v>>10&0x3f, v&7, v>>4&0x3f
	all := vm == 0x3f && exp == 7 && lgkm == 0x3f
	var parts []string
	if vm != 0x3f || all {
		parts = append(parts, "vmcnt("+strconv.Itoa(int(vm))+")")
	}
	if exp != 7 || all {
		parts = append(parts, "expcnt("+strconv.Itoa(int(exp))+")")
	}
	if lgkm != 0x3f || all {
		parts = append(parts, "lgkmcnt("+strconv.Itoa(int(lgkm))+")")
	}
	return strings.Join(parts, " ")
}

// depctrField is one field of s_wait_alu's operand.
type depctrField struct {
	name         string
	shift, width uint
}

var depctrFields = [...]depctrField{
	{"depctr_hold_cnt", 7, 1},
	{"depctr_sa_sdst", 0, 1},
	{"depctr_va_vdst", 12, 4},
	{"depctr_va_sdst", 9, 3},
	{"depctr_va_ssrc", 8, 1},
	{"depctr_va_vcc", 1, 1},
	{"depctr_vm_vsrc", 2, 3},
}

// depctrDefault is s_wait_alu's "wait for nothing" value; bits 6:5 are
// unused and must be zero for the symbolic form.
const depctrDefault = 0xff9f

func depctrText(v uint16) string {
	if v&0x60 != 0 {
		return hex(uint64(v))
	}
	nonDefault := false
	for _, f := range depctrFields {
		if v>>f.shift&(1<<f.width-1) != 1<<f.width-1 {
			nonDefault = true
		}
	}
	var parts []string
	for _, f := range depctrFields {
		x := v >> f.shift & (1<<f.width - 1)
		if x != 1<<f.width-1 || !nonDefault {
			parts = append(parts, f.name+"("+strconv.Itoa(int(x))+")")
		}
	}
	return strings.Join(parts, " ")
}

func (p *printer) sopp() {
	in, info := p.in, p.info
	imm := uint16(in.Imm)
	switch info.shape {
	case shImmDec:
		p.opnd(decOrHex(imm))
	case shImmHex:
		p.opnd(hex(uint64(imm)))
	case shEndpgm:
		if imm != 0 {
			p.opnd(strconv.Itoa(int(imm)))
		}
	case shBranch:
		p.opnd(strconv.Itoa(int(imm)))
	case shDelay:
		p.opnd(delayText(imm))
	case shWaitcnt:
		p.opnd(waitcntText(imm))
	case shDepctr:
		p.opnd(depctrText(imm))
	case shSendmsg:
		p.opnd(sendmsgText(imm))
	}
}

// signedHex prints a signed offset as llvm prints SMEM offsets: 0x10, -0x10.
func signedHex(v int32) string {
	if v < 0 {
		return "-" + hex(uint64(-int64(v)))
	}
	return hex(uint64(v))
}

// cachePolicy appends th:/scope: modifiers. kind is 'l' (load), 's'
// (store) or 'a' (atomic).
func (p *printer) cachePolicy(kind byte) {
	in := p.in
	if in.TH != 0 {
		p.str(" th:" + thName(kind, in.TH, in.Scope))
	}
	if in.Scope != 0 {
		p.str(" scope:" + scopeNames[in.Scope&3])
	}
}

var scopeNames = [4]string{"SCOPE_CU", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS"}

var (
	thLoadNames  = [8]string{"TH_LOAD_RT", "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU", "TH_LOAD_NT_RT", "TH_LOAD_RT_NT", "TH_LOAD_NT_HT", "0x7"}
	thStoreNames = [8]string{"TH_STORE_RT", "TH_STORE_NT", "TH_STORE_HT", "TH_STORE_RT_WB", "TH_STORE_NT_RT", "TH_STORE_RT_NT", "TH_STORE_NT_HT", "TH_STORE_NT_WB"}
)

// thName spells a temporal hint the way llvm prints it; value 3 means
// BYPASS at system scope.
func thName(kind byte, th, scope uint8) string {
	switch kind {
	case 's':
		if th == 3 && scope == 3 {
			return "TH_STORE_BYPASS"
		}
		return thStoreNames[th&7]
	case 'a':
		switch th {
		case 1:
			return "TH_ATOMIC_RETURN"
		case 2:
			return "TH_ATOMIC_NT"
		case 3:
			return "TH_ATOMIC_NT_RETURN"
		}
		if scope >= 2 {
			if th < 6 {
				return "TH_ATOMIC_CASCADE_RT"
			}
			return "TH_ATOMIC_CASCADE_NT"
		}
		return "TH_ATOMIC_" + hex(uint64(th))
	}
	if th == 3 && scope == 3 {
		return "TH_LOAD_BYPASS"
	}
	return thLoadNames[th&7]
}

func (p *printer) smem() {
	in, info := p.in, p.info
	if info.shape == shNone {
		return
	}
	p.opnd(in.Dst.String())
	p.opnd(in.Src[0].String())
	if in.SAddr.Kind != OpndNone {
		p.opnd(in.SAddr.String())
		p.str(" offset:" + signedHex(in.Offset))
	} else {
		p.opnd(signedHex(in.Offset))
	}
	p.cachePolicy('l')
}

// srcText prints VALU source i with its input modifiers.
func (p *printer) srcText(i int, t opType) string {
	in := p.in
	o := in.Src[i]
	s := o.format(t)
	neg, abs := in.Neg>>uint(i)&1 != 0, in.Abs>>uint(i)&1 != 0
	if in.Enc == VOP3P && p.info.flags&fMod0 == 0 {
		neg, abs = false, false // printed as neg_lo/neg_hi
	}
	if abs {
		s = "|" + s + "|"
	}
	if neg {
		if !abs && (o.Kind == OpndConst || o.Kind == OpndLiteral) {
			s = "neg(" + s + ")"
		} else {
			s = "-" + s
		}
	}
	return s
}

func bitList(v uint8, n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('0' + v>>uint(i)&1)
	}
	b.WriteByte(']')
	return b.String()
}

func (p *printer) valu() {
	in, info := p.in, p.info
	switch info.shape {
	case shNone:
		return
	case shCmp:
		p.opnd(in.Dst.String())
	case shCmpx:
	case shCarryIn, shCarryOut:
		p.opnd(in.Dst.String())
		p.opnd(in.SDst.String())
	default:
		p.opnd(in.Dst.String())
	}
	n := info.nsrc()
	for i := 0; i < n; i++ {
		t := info.src[i]
		if (info.shape == shFmamk && i == 1) || (info.shape == shFmaak && i == 2) {
			p.opnd(hex(uint64(in.Src[i].Value)))
			continue
		}
		p.opnd(p.srcText(i, t))
	}
	switch info.shape {
	case shCndmask, shCarryIn:
		p.opnd(in.Src[2].String())
	}
	// Trailing modifiers in llvm's order.
	switch {
	case in.Enc == VOP3P:
		def := uint8(7)
		if info.flags&fMod0 != 0 { // v_fma_mix*: op_sel_hi defaults to 0
			def = 0
		}
		mask := uint8(1)<<uint(n) - 1
		if in.OpSel&mask != 0 {
			p.str(" op_sel:" + bitList(in.OpSel, n))
		}
		if in.OpSelHi&mask != def&mask {
			p.str(" op_sel_hi:" + bitList(in.OpSelHi, n))
		}
		if info.flags&fMod0 == 0 {
			if in.Neg&mask != 0 {
				p.str(" neg_lo:" + bitList(in.Neg, n))
			}
			if in.NegHi&mask != 0 {
				p.str(" neg_hi:" + bitList(in.NegHi, n))
			}
		}
	case info.shape == shPermlane:
		if in.OpSel&3 != 0 {
			p.str(" op_sel:" + bitList(in.OpSel, 2))
		}
	case info.flags&fOpSel != 0 && in.Enc == VOP3:
		if in.OpSel != 0 {
			// Sources in order, then the destination (bit 3).
			p.str(" op_sel:" + bitList(in.OpSel&(1<<uint(n)-1)|in.OpSel>>3&1<<uint(n), n+1))
		}
	}
	if in.Clamp {
		p.str(" clamp")
	}
	switch in.Omod {
	case 1:
		p.str(" mul:2")
	case 2:
		p.str(" mul:4")
	case 3:
		p.str(" div:2")
	}
	switch in.DPP {
	case DPP16:
		p.str(" " + dppCtrlText(in.DPPCtrl))
		p.str(" row_mask:" + hex(uint64(in.RowMask)) + " bank_mask:" + hex(uint64(in.BankMask)))
		if in.BoundCtrl {
			p.str(" bound_ctrl:1")
		}
		if in.FI {
			p.str(" fi:1")
		}
	case DPP8:
		var b strings.Builder
		b.WriteString(" dpp8:[")
		for i := 0; i < 8; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('0' + byte(in.DPP8Sel>>(3*uint(i))&7))
		}
		b.WriteByte(']')
		p.str(b.String())
		if in.FI {
			p.str(" fi:1")
		}
	}
}

// dppCtrlText spells a DPP16 dpp_ctrl value.
func dppCtrlText(c uint16) string {
	n := strconv.Itoa(int(c & 0xf))
	switch {
	case c <= 0xff:
		return "quad_perm:[" + strconv.Itoa(int(c&3)) + "," + strconv.Itoa(int(c>>2&3)) + "," +
			strconv.Itoa(int(c>>4&3)) + "," + strconv.Itoa(int(c>>6&3)) + "]"
	case c >= 0x101 && c <= 0x10f:
		return "row_shl:" + n
	case c >= 0x111 && c <= 0x11f:
		return "row_shr:" + n
	case c >= 0x121 && c <= 0x12f:
		return "row_ror:" + n
	case c == 0x140:
		return "row_mirror"
	case c == 0x141:
		return "row_half_mirror"
	case c >= 0x150 && c <= 0x15f:
		return "row_share:" + n
	case c >= 0x160 && c <= 0x16f:
		return "row_xmask:" + n
	}
	return "dpp_ctrl:" + hex(uint64(c))
}

// validDPPCtrl reports whether gfx12 defines DPP16 control c.
func validDPPCtrl(c uint16) bool {
	switch {
	case c <= 0xff, c >= 0x101 && c <= 0x10f, c >= 0x111 && c <= 0x11f, c >= 0x121 && c <= 0x12f,
		c == 0x140, c == 0x141, c >= 0x150 && c <= 0x16f:
		return true
	}
	return false
}

// swizzleText spells ds_swizzle_b32's offset as llvm 19 prints it.
func swizzleText(v uint16) string {
	if v&0xff00 == 0x8000 {
		return "swizzle(QUAD_PERM," + strconv.Itoa(int(v&3)) + "," + strconv.Itoa(int(v>>2&3)) + "," +
			strconv.Itoa(int(v>>4&3)) + "," + strconv.Itoa(int(v>>6&3)) + ")"
	}
	if v&0x8000 != 0 {
		return strconv.Itoa(int(v))
	}
	and, or, xor := v&0x1f, v>>5&0x1f, v>>10&0x1f
	pow2 := func(x uint16) bool { return x != 0 && x&(x-1) == 0 }
	switch {
	case and == 0x1f && or == 0 && pow2(xor):
		return "swizzle(SWAP," + strconv.Itoa(int(xor)) + ")"
	case and == 0x1f && or == 0 && xor > 0 && pow2(xor+1):
		return "swizzle(REVERSE," + strconv.Itoa(int(xor+1)) + ")"
	}
	if group := 0x1f - and + 1; group > 1 && pow2(group) && or < group && xor == 0 {
		return "swizzle(BROADCAST," + strconv.Itoa(int(group)) + "," + strconv.Itoa(int(or)) + ")"
	}
	p0 := (0&and | or) ^ xor
	p1 := (0x1f&and | or) ^ xor
	var b strings.Builder
	b.WriteString(`swizzle(BITMASK_PERM,"`)
	for m := uint16(0x10); m > 0; m >>= 1 {
		switch {
		case p0&m == p1&m && p0&m == 0:
			b.WriteByte('0')
		case p0&m == p1&m:
			b.WriteByte('1')
		case p0&m == 0:
			b.WriteByte('p')
		default:
			b.WriteByte('i')
		}
	}
	b.WriteString(`")`)
	return b.String()
}

func (p *printer) ds() {
	in, info := p.in, p.info
	if info.dst != tNone {
		p.opnd(in.Dst.String())
	}
	if info.shape != shDSNoAddr {
		p.opnd(in.Src[0].String())
	}
	if info.src[1] != tNone {
		p.opnd(in.Src[1].String())
	}
	if info.src[2] != tNone {
		p.opnd(in.Src[2].String())
	}
	switch info.shape {
	case shDSLoad2, shDSStore2, shDSStore2Rtn:
		if in.Offset != 0 {
			p.str(" offset0:" + strconv.Itoa(int(in.Offset)))
		}
		if in.Offset1 != 0 {
			p.str(" offset1:" + strconv.Itoa(int(in.Offset1)))
		}
	case shDSSwizzle:
		if in.Offset != 0 {
			p.str(" offset:" + swizzleText(uint16(in.Offset)))
		}
	default:
		if in.Offset != 0 {
			p.str(" offset:" + strconv.Itoa(int(in.Offset)))
		}
	}
}

func (p *printer) vglobal() {
	in, info := p.in, p.info
	kind := byte('l')
	switch info.shape {
	case shGCache:
		p.cachePolicy('l')
		return
	case shGLoad:
		p.opnd(in.Dst.String())
		p.opnd(in.Src[0].String())
	case shGStore:
		kind = 's'
		p.opnd(in.Src[0].String())
		p.opnd(in.Src[1].String())
	case shGAtomic:
		kind = 'a'
		if in.TH&1 != 0 {
			p.opnd(in.Dst.String())
		}
		p.opnd(in.Src[0].String())
		p.opnd(in.Src[1].String())
	}
	if in.Enc != VFLAT {
		p.opnd(in.SAddr.String())
	}
	if in.Offset != 0 {
		p.str(" offset:" + strconv.Itoa(int(in.Offset)))
	}
	p.cachePolicy(kind)
}

// vopd prints "v_dual_X operands :: v_dual_Y operands"; inst() has
// already written X's mnemonic.
func (p *printer) vopd() {
	in := p.in
	p.vopdHalf(opTable[in.Op].shape, in.Dst, &in.Src, opTable[in.Op].nsrc())
	p.str(" :: " + opTable[in.Y.Op].name)
	p.first = true
	p.vopdHalf(opTable[in.Y.Op].shape, in.Y.Dst, &in.Y.Src, opTable[in.Y.Op].nsrc())
}

func (p *printer) vopdHalf(sh shape, dst Operand, src *[3]Operand, n int) {
	p.opnd(dst.String())
	for i := 0; i < n; i++ {
		if (sh == shFmamk && i == 1) || (sh == shFmaak && i == 2) {
			p.opnd(hex(uint64(src[i].Value)))
			continue
		}
		p.opnd(src[i].format(tB32))
	}
}
