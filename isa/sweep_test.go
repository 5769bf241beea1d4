package isa

import (
	"fmt"
	"strings"
)

// sweepLines generates assembly lines that exercise every instruction in
// the table in its operand forms: registers of each file, inline
// constants, literals, modifiers, both VALU encodings and DPP. The
// expected bytes for them always come from llvm-mc at test time.
func sweepLines(wave64 bool) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	mask := "vcc_lo"
	maskS := "s10"
	maskS2 := "s12"
	if wave64 {
		mask, maskS, maskS2 = "vcc", "s[10:11]", "s[12:13]"
	}
	for i := range opTable {
		info := &opTable[i]
		if info.name == "" {
			continue
		}
		n := info.name
		switch info.enc {
		case SOP1, SOP2, SOPC:
			if wave64 {
				continue
			}
			sweepSALU(info, add)
		case SOPK:
			if wave64 {
				continue
			}
			switch info.shape {
			case shSOPK:
				add("%s s5, 0x1234", n)
				add("%s s5, -5", n)
				add("%s vcc_lo, 7", n)
			case shGetreg:
				add("%s s5, hwreg(HW_REG_MODE)", n)
				add("%s s5, hwreg(HW_REG_MODE, 4, 4)", n)
				add("%s s5, hwreg(HW_REG_HW_ID1, 0, 16)", n)
				add("%s s5, 0x1234", n)
			case shSetreg:
				add("%s hwreg(HW_REG_MODE, 0, 4), s5", n)
				add("%s hwreg(HW_REG_STATUS), m0", n)
			case shSetregImm:
				add("%s hwreg(HW_REG_MODE, 4, 4), 0xf", n)
				add("%s hwreg(HW_REG_MODE), 0x12345678", n)
			}
		case SOPP:
			if wave64 {
				continue
			}
			sweepSOPP(info, add)
		case SMEM:
			if wave64 {
				continue
			}
			sweepSMEM(info, add)
		case DS:
			if wave64 {
				continue
			}
			sweepDS(info, add)
		case VGLOBAL:
			if wave64 {
				continue
			}
			sweepGlobal(info, add)
		case VFLAT:
			if wave64 {
				continue
			}
			sweepFlat(info, add)
		case VSCRATCH:
			if wave64 {
				continue
			}
			sweepScratch(info, add)
		case VOPD:
			if wave64 {
				continue
			}
			sweepVOPD(info, add)
		default:
			sweepVALU(info, add, wave64, mask, maskS, maskS2)
		}
	}
	return out
}

type addFn func(format string, args ...any)

// sreg formats an SGPR tuple of t's width starting at base.
func sregText(base int, t opType) string { return regRange("s", base, t.regs()) }
func vregText(base int, t opType) string { return regRange("v", base, t.regs()) }

// literalsFor returns constants to try for a source of type t: inline
// integers, inline floats and literals of both spellings.
func literalsFor(t opType) []string {
	switch t {
	case tB32:
		return []string{"0", "64", "-16", "-1", "0.5", "-4.0", "0.15915494", "0x41", "0x12345678", "1.5", "-100", "0x3f800000", "0xffffffff"}
	case tB64:
		return []string{"0", "-16", "64", "0.5", "-1.0", "0x41", "0x12345678", "-100", "0x3fe00000"}
	case tF16:
		return []string{"0", "-1", "64", "0.5", "-2.0", "0x3800", "0x3118", "1.5", "0x1234", "-100", "0xffff"}
	case tF64:
		return []string{"0", "-5", "0.5", "-4.0", "1.5", "0x12345678", "0x3ff00000"}
	case tPF16:
		return []string{"0", "-7", "0.5", "1.0", "0x3c00", "1.5", "0x3e00", "0x12345678"}
	case tB16:
		return []string{"0", "64", "-16", "-1", "0.5", "-2.0", "0.15915494", "0x3800", "0x1234", "-100", "0xffff", "0x41"}
	}
	return nil
}

func sweepSALU(info *opInfo, add addFn) {
	n := info.name
	switch info.shape {
	case shFmamk:
		for _, l := range []string{"s5, s8, 0x40000000, s9", "s5, 2.0, 0x40000000, s9", "s5, s8, 1.5, exec_lo", "s5, -1, 0x1234, s9",
			"vcc_lo, m0, 7, ttmp3", "s5, 0x12345678, 0x12345678, s9", "s5, s8, 0x12345678, 0x12345678", "null, s8, 0.5, s9"} {
			add("%s %s", n, l)
		}
		return
	case shFmaak:
		for _, l := range []string{"s5, s8, s9, 0x40000000", "s5, 0.5, s9, 0x3f000000", "s5, s8, 0x40000000, 0x40000000",
			"s5, 1.0, s9, 1.5", "s5, vcc_lo, m0, 7", "s5, 0x12345678, s9, 0x12345678", "ttmp5, exec_hi, s9, -2.0"} {
			add("%s %s", n, l)
		}
		return
	}
	var ops []string
	if info.dst != tNone {
		ops = append(ops, sregText(4, info.dst))
	}
	nsrc := info.nsrc()
	srcBase := []int{8, 12}
	for i := 0; i < nsrc; i++ {
		if info.src[i] == tM0Imm {
			ops = append(ops, "m0")
			continue
		}
		ops = append(ops, sregText(srcBase[i], info.src[i]))
	}
	line := func(o []string) string {
		if len(o) == 0 {
			return n
		}
		return n + " " + strings.Join(o, ", ")
	}
	add("%s", line(ops))
	if info.dst != tNone && info.dst.regs() == 1 {
		for _, d := range []string{"vcc_lo", "m0", "null", "exec_hi", "ttmp3"} {
			o := append([]string(nil), ops...)
			o[0] = d
			add("%s", line(o))
		}
	}
	if info.dst == tB64 {
		for _, d := range []string{"vcc", "exec", "ttmp[2:3]"} {
			o := append([]string(nil), ops...)
			o[0] = d
			add("%s", line(o))
		}
	}
	first := 0
	if info.dst != tNone {
		first = 1
	}
	for i := 0; i < nsrc; i++ {
		t := info.src[i]
		var alts []string
		switch t {
		case tS64:
			alts = []string{"vcc", "ttmp[4:5]"}
		case tM0Imm:
			alts = []string{"m0", "-1", "5"}
		case tB32:
			alts = append([]string{"vcc_hi", "exec_lo", "m0", "null", "ttmp9", "src_scc", "src_shared_base"}, literalsFor(t)...)
		case tB64:
			alts = append([]string{"vcc", "exec", "null", "ttmp[6:7]"}, literalsFor(t)...)
		default:
			alts = literalsFor(t)
		}
		for _, a := range alts {
			o := append([]string(nil), ops...)
			o[first+i] = a
			add("%s", line(o))
		}
	}
	if nsrc == 2 && info.src[0] == tB32 && info.src[1] == tB32 {
		add("%s", line(append(append([]string(nil), ops[:first]...), "0x12345678", "0x12345678")))
	}
}

func sweepSOPP(info *opInfo, add addFn) {
	n := info.name
	switch info.shape {
	case shNone:
		add("%s", n)
	case shImmDec, shImmHex:
		for _, v := range []string{"0", "1", "15", "64", "65", "0x1234", "0xffff"} {
			add("%s %s", n, v)
		}
	case shEndpgm:
		add("%s", n)
		add("%s 0", n)
		add("%s 3", n)
	case shBranch:
		for _, v := range []string{"0", "5", "-3", "0x7fff", "-32768"} {
			add("%s %s", n, v)
		}
	case shDelay:
		for _, v := range []string{"0", "instid0(VALU_DEP_1)", "instid0(SALU_CYCLE_1)",
			"instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_2)",
			"instid0(TRANS32_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)",
			"instskip(SKIP_4) | instid1(SALU_CYCLE_3)", "instid0(FMA_ACCUM_CYCLE_1)", "0x7ff"} {
			add("%s %s", n, v)
		}
	case shWaitcnt:
		for _, v := range []string{"0", "vmcnt(0)", "lgkmcnt(0)", "expcnt(0)", "vmcnt(0) lgkmcnt(0)",
			"vmcnt(3) expcnt(2) lgkmcnt(1)", "vmcnt(63) expcnt(7) lgkmcnt(63)", "vmcnt(1) & lgkmcnt(2)", "vmcnt(5), expcnt(1)", "0x1234"} {
			add("%s %s", n, v)
		}
	case shDepctr:
		for _, v := range []string{"0", "0xfffe", "0xff9f", "depctr_va_vcc(0)", "depctr_va_sdst(0)",
			"depctr_va_vdst(0)", "depctr_sa_sdst(0) depctr_vm_vsrc(3)", "depctr_hold_cnt(0)", "depctr_va_ssrc(0)", "0xffff"} {
			add("%s %s", n, v)
		}
	case shSendmsg:
		for _, v := range []string{"sendmsg(MSG_DEALLOC_VGPRS)", "sendmsg(MSG_INTERRUPT)", "sendmsg(MSG_HS_TESSFACTOR)",
			"sendmsg(MSG_GS_ALLOC_REQ)", "3", "0", "0x13", "sendmsg(5, 0, 0)", "0x300"} {
			add("%s %s", n, v)
		}
	}
}

func sweepSMEM(info *opInfo, add addFn) {
	n := info.name
	if info.shape == shNone {
		add("%s", n)
		return
	}
	dst := sregText(8, info.dst)
	base := "s[2:3]"
	if info.shape == shSBufLoad {
		base = "s[4:7]"
	}
	add("%s %s, %s, 0x10", n, dst, base)
	add("%s %s, %s", n, dst, base)
	add("%s %s, %s, -16", n, dst, base)
	add("%s %s, %s, 0x7fffff", n, dst, base)
	add("%s %s, %s, s5", n, dst, base)
	add("%s %s, %s, s5 offset:0x20", n, dst, base)
	add("%s %s, %s, m0", n, dst, base)
	add("%s %s, %s, 0x0 th:TH_LOAD_NT", n, dst, base)
	add("%s %s, %s, 0x4 scope:SCOPE_SYS", n, dst, base)
	add("%s %s, %s, 0x8 th:TH_LOAD_HT scope:SCOPE_DEV", n, dst, base)
	add("%s %s, %s, 0x8 th:TH_LOAD_LU scope:SCOPE_SE", n, dst, base)
	if info.dst.regs() == 1 {
		add("%s vcc_lo, %s, 0x10", n, base)
		add("%s ttmp5, %s, 0x10", n, base)
	}
	if info.shape == shSLoad {
		add("%s %s, ttmp[2:3], 0x10", n, dst)
		add("%s %s, vcc, 0x10", n, dst)
	}
}

func sweepDS(info *opInfo, add addFn) {
	n := info.name
	d := vregText(10, info.dst)
	var d0, d1 string
	if info.src[1] != tNone {
		d0 = vregText(2, info.src[1])
	}
	if info.src[2] != tNone {
		d1 = vregText(6, info.src[2])
	}
	switch info.shape {
	case shDSLoad:
		add("%s %s, v1", n, d)
		add("%s %s, v1 offset:16", n, d)
		add("%s %s, v255 offset:65535", n, d)
	case shDSStore:
		add("%s v1, %s", n, d0)
		add("%s v1, %s offset:4", n, d0)
	case shDSLoad2:
		add("%s %s, v1 offset0:1 offset1:2", n, d)
		add("%s %s, v1 offset1:255", n, d)
		add("%s %s, v1", n, d)
	case shDSStore2:
		add("%s v1, %s, %s offset0:3 offset1:4", n, d0, d1)
		add("%s v1, %s, %s", n, d0, d1)
	case shDSStore2Rtn:
		add("%s %s, v1, %s, %s offset0:3 offset1:4", n, d, d0, d1)
	case shDSAtomic2:
		add("%s v1, %s, %s", n, d0, d1)
		add("%s v1, %s, %s offset:8", n, d0, d1)
	case shDSAtomicRtn:
		add("%s %s, v1, %s", n, d, d0)
		add("%s %s, v1, %s offset:12", n, d, d0)
	case shDSAtomic2Rtn:
		add("%s %s, v1, %s, %s offset:4", n, d, d0, d1)
	case shDSSwizzle:
		for _, o := range []string{"", " offset:swizzle(SWAP,16)", " offset:swizzle(SWAP,1)", " offset:swizzle(REVERSE,8)",
			" offset:swizzle(QUAD_PERM,1,0,3,2)", " offset:swizzle(BROADCAST,8,1)", " offset:swizzle(BITMASK_PERM,\"00p11\")",
			" offset:0x1234", " offset:0xe000", " offset:0x401f", " offset:0x7fff"} {
			add("%s v10, v1%s", n, o)
		}
	case shDSNoAddr:
		add("%s v10", n)
		add("%s v10 offset:16", n)
	}
}

func sweepGlobal(info *opInfo, add addFn) {
	n := info.name
	switch info.shape {
	case shGCache:
		add("%s", n)
		add("%s scope:SCOPE_SE", n)
		add("%s scope:SCOPE_DEV", n)
		add("%s scope:SCOPE_SYS", n)
		add("%s th:TH_LOAD_NT", n)
		add("%s th:TH_LOAD_HT scope:SCOPE_DEV", n)
	case shGLoad:
		d := vregText(10, info.dst)
		add("%s %s, v1, s[2:3]", n, d)
		add("%s %s, v1, s[2:3] offset:16", n, d)
		add("%s %s, v1, s[2:3] offset:-16", n, d)
		add("%s %s, v[4:5], off", n, d)
		add("%s %s, v[4:5], off offset:8388607", n, d)
		add("%s %s, v1, s[2:3] offset:-8388608", n, d)
		add("%s %s, v1, ttmp[2:3] th:TH_LOAD_NT", n, d)
		add("%s %s, v1, vcc scope:SCOPE_SYS", n, d)
		add("%s %s, v1, s[2:3] th:TH_LOAD_NT_HT scope:SCOPE_DEV", n, d)
		add("%s %s, v1, s[2:3] th:TH_LOAD_BYPASS scope:SCOPE_SYS", n, d)
		add("%s %s, v1, s[2:3] th:TH_LOAD_LU", n, d)
		add("%s %s, v1, s[2:3] th:TH_LOAD_RT_NT scope:SCOPE_SE", n, d)
		add("%s %s, v1, s[2:3] th:TH_LOAD_HT", n, d)
		add("%s %s, v1, s[2:3] th:TH_LOAD_NT_RT", n, d)
	case shGStore:
		d := vregText(6, info.src[1])
		add("%s v1, %s, s[2:3]", n, d)
		add("%s v1, %s, s[2:3] offset:64", n, d)
		add("%s v[4:5], %s, off offset:-4", n, d)
		add("%s v1, %s, s[2:3] th:TH_STORE_NT", n, d)
		add("%s v1, %s, s[2:3] th:TH_STORE_BYPASS scope:SCOPE_SYS", n, d)
		add("%s v1, %s, s[2:3] th:TH_STORE_NT_WB scope:SCOPE_DEV", n, d)
		add("%s v1, %s, s[2:3] th:TH_STORE_RT_WB", n, d)
		add("%s v1, %s, s[2:3] th:TH_STORE_HT", n, d)
	case shGAtomic:
		d := vregText(6, info.src[1])
		r := vregText(10, info.dst)
		add("%s v1, %s, s[2:3]", n, d)
		add("%s v1, %s, s[2:3] offset:32", n, d)
		add("%s v[4:5], %s, off", n, d)
		add("%s %s, v1, %s, s[2:3] th:TH_ATOMIC_RETURN", n, r, d)
		add("%s %s, v[4:5], %s, off offset:-8 th:TH_ATOMIC_RETURN scope:SCOPE_DEV", n, r, d)
		add("%s v1, %s, s[2:3] th:TH_ATOMIC_NT scope:SCOPE_SYS", n, d)
		add("%s %s, v1, %s, s[2:3] th:TH_ATOMIC_NT_RETURN", n, r, d)
	}
}

func sweepVALU(info *opInfo, add addFn, wave64 bool, mask, maskS, maskS2 string) {
	n := info.name
	nsrc := info.nsrc()
	vsrc := []int{1, 2, 3}
	if nsrc == 3 || info.src[0].regs() > 1 || info.src[1].regs() > 1 {
		vsrc = []int{12, 14, 16}
	}
	ssrc := []int{2, 4, 8}
	dst := ""
	if info.dst != tNone {
		dst = vregText(20, info.dst)
	}
	srcs := make([]string, nsrc)
	for i := 0; i < nsrc; i++ {
		srcs[i] = vregText(vsrc[i], info.src[i])
	}
	switch info.shape {
	case shNone:
		add("%s", n)
		if info.hasE64() {
			add("%s_e64", n)
		}
		return
	case shReadfirstlane:
		if wave64 {
			return
		}
		add("%s s5, v1", n)
		add("%s vcc_lo, v7", n)
		add("%s ttmp2, v255", n)
		return
	case shReadlane:
		if wave64 {
			return
		}
		for _, l := range []string{"s2", "m0", "5", "63", "64", "0.5", "vcc_hi"} {
			add("%s s5, v1, %s", n, l)
		}
		add("%s vcc_lo, v1, s2", n)
		return
	case shWritelane:
		if wave64 {
			return
		}
		for _, v := range []string{"s1", "5", "0x1234", "1.5", "m0"} {
			for _, l := range []string{"s2", "7", "m0"} {
				add("%s v5, %s, %s", n, v, l)
			}
		}
		return
	case shPermlane:
		if wave64 {
			return
		}
		add("%s v5, v1, s2, s3", n)
		add("%s v5, v1, s2, s3 op_sel:[1,0]", n)
		add("%s v5, v1, s2, s3 op_sel:[0,1]", n)
		add("%s v5, v1, s2, s3 op_sel:[1,1]", n)
		add("%s v5, v1, 0x1234, s3", n)
		add("%s v5, v1, s2, 0x76543210", n)
		add("%s v5, v1, 0x76543210, 0x76543210", n)
		add("%s v5, v1, 5, -1", n)
		add("%s v5, v1, m0, vcc_lo", n)
		return
	case shSwap:
		if wave64 {
			return
		}
		add("%s v5, v1", n)
		add("%s v255, v0", n)
		return
	case shVSTrans:
		if wave64 {
			return
		}
		for _, src := range append([]string{"s2", "vcc_hi", "m0", "exec_lo", "null", "ttmp9"}, literalsFor(info.src[0])...) {
			add("%s s5, %s", n, src)
		}
		add("%s vcc_lo, s2", n)
		add("%s ttmp3, -s2", n)
		add("%s s5, |s2| clamp", n)
		add("%s s5, -|s2| mul:2", n)
		add("%s s5, s2 div:2", n)
		return
	case shFmamk, shFmaak:
		if wave64 {
			return
		}
		k := "0x40000000"
		if info.src[0] == tF16 {
			k = "0x4000"
		}
		ins := func(s0, s1, kk string) {
			if info.shape == shFmamk {
				add("%s v5, %s, %s, %s", n, s0, kk, s1)
			} else {
				add("%s v5, %s, %s, %s", n, s0, s1, kk)
			}
		}
		ins("v1", "v2", k)
		ins("s1", "v2", k)
		ins("5", "v2", k)
		ins("0.5", "v2", k)
		ins(k, "v2", k)
		ins("v1", "v2", "1.5")
		ins("v1", "v2", "1")
		return
	}
	if wave64 {
		switch info.shape {
		case shCmp, shCndmask, shCarryIn, shCarryOut:
		default:
			return
		}
	}
	join := func(parts ...string) string {
		var nonEmpty []string
		for _, p := range parts {
			if p != "" {
				nonEmpty = append(nonEmpty, p)
			}
		}
		return strings.Join(nonEmpty, ", ")
	}
	// head returns the destination operands for an encoding choice.
	head := func(e64 bool) string {
		switch info.shape {
		case shCmp:
			if e64 {
				return maskS
			}
			return mask
		case shCmpx:
			return ""
		case shCarryIn:
			if e64 {
				return dst + ", " + maskS
			}
			return dst + ", " + mask
		case shCarryOut:
			if e64 {
				return dst + ", " + maskS
			}
			return dst + ", " + mask
		}
		return dst
	}
	tail := func(e64 bool) string {
		switch info.shape {
		case shCndmask, shCarryIn:
			if e64 {
				return maskS2
			}
			return mask
		}
		return ""
	}
	emit := func(suffix string, e64 bool, s []string, mods string) {
		add("%s%s %s%s", n, suffix, join(head(e64), join(s...), tail(e64)), mods)
	}
	e64sfx := ""
	if info.hasE32() && info.hasE64() {
		e64sfx = "_e64"
	}
	dppE64 := e64sfx + "_dpp"
	if !info.hasE32() {
		dppE64 = "_e64_dpp"
	}
	emit("", false, srcs, "")
	if info.hasE32() {
		emit("_e32", false, srcs, "")
	}
	if info.hasE64() && info.hasE32() {
		emit("_e64", true, srcs, "")
	}
	if info.shape == shCmp || info.shape == shCarryIn || info.shape == shCarryOut {
		add("%s %s", n, join(strings.Replace(head(true), maskS, "null", 1), join(srcs...), tail(true)))
	}
	if info.shape == shCarryOut && !wave64 {
		add("%s %s", n, join(head(false), join(srcs...), tail(false)))
	}
	if wave64 {
		return
	}
	// Scalar registers and constants in each source position.
	for i := 0; i < nsrc; i++ {
		t := info.src[i]
		if t == tV32 || (i > 0 && !info.hasE64()) {
			continue
		}
		alts := []string{sregText(ssrc[i], t)}
		if t.regs() == 1 {
			alts = append(alts, "vcc_hi", "m0", "exec_lo", "null", "ttmp9")
		}
		alts = append(alts, literalsFor(t)...)
		for _, a := range alts {
			s := append([]string(nil), srcs...)
			s[i] = a
			emit("", false, s, "")
			if i == 0 && info.hasE32() && info.hasE64() {
				emit(e64sfx, true, s, "")
			}
		}
	}
	if nsrc >= 2 && info.src[0] != tV32 && info.src[1] != tV32 && info.hasE64() && info.src[0].regs() == info.src[1].regs() {
		s := append([]string(nil), srcs...)
		s[0], s[1] = sregText(ssrc[0], info.src[0]), sregText(ssrc[0], info.src[1])
		emit("", false, s, "")
		if lits := literalsFor(info.src[0]); len(lits) > 0 && info.src[0] == info.src[1] {
			s[0], s[1] = lits[len(lits)-2], lits[len(lits)-2]
			emit("", false, s, "")
		}
	}
	// Input modifiers.
	for i := 0; i < nsrc; i++ {
		if !info.mods(i) {
			continue
		}
		forms := []string{"-%s", "|%s|", "-|%s|", "neg(%s)", "abs(%s)"}
		if info.flags&fNegOnly != 0 {
			forms = []string{"-%s", "neg(%s)"}
		}
		for _, f := range forms {
			s := append([]string(nil), srcs...)
			s[i] = fmt.Sprintf(f, srcs[i])
			emit("", false, s, "")
		}
		if info.src[i] == tB32 && info.flags&fNegOnly == 0 {
			s := append([]string(nil), srcs...)
			s[i] = "neg(2.0)"
			emit("", false, s, "")
			s[i] = "|-2.0|"
			emit("", false, s, "")
			s[i] = "-|0x12345678|"
			emit("", false, s, "")
		}
	}
	if info.flags&fClamp != 0 {
		emit("", false, srcs, " clamp")
	}
	if info.flags&fOmod != 0 {
		emit("", false, srcs, " mul:2")
		emit("", false, srcs, " mul:4")
		emit("", false, srcs, " div:2")
		emit("", false, srcs, " clamp div:2")
	}
	if info.flags&fOpSel != 0 {
		for _, sel := range []string{"[1,0,0]", "[0,1,0]", "[0,0,1]", "[1,1,1]"} {
			if nsrc == 3 {
				sel = sel[:len(sel)-1] + ",0]"
			}
			emit("", false, srcs, " op_sel:"+sel)
		}
		if nsrc == 3 {
			emit("", false, srcs, " op_sel:[0,0,1,1]")
		}
		if info.flags&fClamp != 0 {
			sel := " op_sel:[1,0,1]"
			if nsrc == 3 {
				sel = " op_sel:[1,0,0,1]"
			}
			emit("", false, srcs, sel+" clamp")
		}
	}
	if info.enc == VOP3P && info.flags&fNoPackSel != 0 {
		emit("", false, srcs, " neg_lo:[0,0,1]")
	} else if info.enc == VOP3P {
		full := strings.Repeat("1,", nsrc)
		full = "[" + full[:len(full)-1] + "]"
		zero := strings.Repeat("0,", nsrc)
		zero = "[" + zero[:len(zero)-1] + "]"
		one := "[1" + strings.Repeat(",0", nsrc-1) + "]"
		emit("", false, srcs, " op_sel:"+one)
		emit("", false, srcs, " op_sel_hi:"+zero)
		emit("", false, srcs, " op_sel_hi:"+full)
		emit("", false, srcs, " op_sel_hi:"+one)
		if info.flags&fMod0 == 0 {
			emit("", false, srcs, " neg_lo:"+one)
			emit("", false, srcs, " neg_hi:"+full)
			emit("", false, srcs, " op_sel:"+full+" op_sel_hi:"+zero+" neg_lo:"+full+" neg_hi:"+one)
		} else {
			emit("", false, srcs, " op_sel:"+one+" op_sel_hi:"+one)
		}
	}
	if info.flags&fDPP != 0 {
		vs := append([]string(nil), srcs...)
		dpp := []string{" row_shr:1", " quad_perm:[1,0,3,2]", " row_xmask:3 row_mask:0x5 bank_mask:0xa",
			" row_share:15 bound_ctrl:1 fi:1", " row_mirror", " row_half_mirror", " row_ror:7", " row_shl:15 row_mask:0x3",
			" dpp8:[1,0,3,2,5,4,7,6]", " dpp8:[7,6,5,4,3,2,1,0] fi:1"}
		for _, d := range dpp {
			if info.hasE32() {
				emit("_dpp", false, vs, d)
			}
			if info.hasE64() {
				emit(dppE64, true, vs, d)
			}
		}
		if nsrc >= 2 && info.hasE64() && info.src[1] != tV32 && !(info.enc == VOP3P && info.mods(0)) {
			s := append([]string(nil), srcs...)
			s[1] = sregText(ssrc[1], info.src[1])
			emit("", false, s, " row_shr:2")
			s[1] = "5"
			emit(dppE64, true, s, " row_shr:2")
		}
		if info.mods(0) && info.flags&fNegOnly == 0 {
			s := append([]string(nil), srcs...)
			s[0] = "-" + s[0]
			if nsrc > 1 && info.mods(1) {
				s[1] = "|" + s[1] + "|"
			}
			emit("", false, s, " row_xmask:1")
			if info.hasE64() {
				emit(dppE64, true, s, " dpp8:[0,1,2,3,4,5,6,7]")
			}
		}
		if info.flags&fClamp != 0 {
			emit("", false, vs, " clamp row_shr:3")
		}
	}
}

func sweepFlat(info *opInfo, add addFn) {
	n := info.name
	switch info.shape {
	case shGLoad:
		d := vregText(10, info.dst)
		add("%s %s, v[4:5]", n, d)
		add("%s %s, v[4:5] offset:16", n, d)
		add("%s %s, v[4:5] offset:-16", n, d)
		add("%s %s, v[254:255] offset:8388607", n, d)
		add("%s %s, v[4:5] offset:-8388608 th:TH_LOAD_NT", n, d)
		add("%s %s, v[4:5] th:TH_LOAD_NT_HT scope:SCOPE_DEV", n, d)
		add("%s %s, v[4:5] th:TH_LOAD_BYPASS scope:SCOPE_SYS", n, d)
	case shGStore:
		d := vregText(6, info.src[1])
		add("%s v[4:5], %s", n, d)
		add("%s v[4:5], %s offset:64", n, d)
		add("%s v[4:5], %s offset:-4 th:TH_STORE_NT", n, d)
		add("%s v[4:5], %s th:TH_STORE_BYPASS scope:SCOPE_SYS", n, d)
	case shGAtomic:
		d := vregText(6, info.src[1])
		r := vregText(10, info.dst)
		add("%s v[4:5], %s", n, d)
		add("%s v[4:5], %s offset:32", n, d)
		add("%s %s, v[4:5], %s th:TH_ATOMIC_RETURN", n, r, d)
		add("%s %s, v[4:5], %s offset:-8 th:TH_ATOMIC_RETURN scope:SCOPE_DEV", n, r, d)
		add("%s v[4:5], %s th:TH_ATOMIC_NT scope:SCOPE_SYS", n, d)
	}
}

func sweepScratch(info *opInfo, add addFn) {
	n := info.name
	switch info.shape {
	case shGLoad:
		d := vregText(10, info.dst)
		add("%s %s, v1, off", n, d)
		add("%s %s, off, s2", n, d)
		add("%s %s, v1, s2 offset:16", n, d)
		add("%s %s, off, off offset:-16", n, d)
		add("%s %s, off, off", n, d)
		add("%s %s, off, s32 offset:8388607", n, d)
		add("%s %s, v255, vcc_lo offset:-8388608", n, d)
		add("%s %s, off, m0 th:TH_LOAD_NT", n, d)
		add("%s %s, v1, ttmp5 scope:SCOPE_SYS", n, d)
	case shGStore:
		d := vregText(6, info.src[1])
		add("%s v1, %s, off", n, d)
		add("%s off, %s, s3 offset:-4", n, d)
		add("%s v1, %s, s33 offset:64 th:TH_STORE_NT", n, d)
		add("%s off, %s, off", n, d)
		add("%s off, %s, off offset:4 th:TH_STORE_BYPASS scope:SCOPE_SYS", n, d)
	}
}

// sweepVOPD pairs the operation with partners in both slots.
func sweepVOPD(info *opInfo, add addFn) {
	// text returns the operation's operands with its destination, src0
	// and vsrc1 drawn from the given registers (K for fmamk/fmaak).
	text := func(in *opInfo, dst, src0, vsrc1, k string) string {
		switch in.shape {
		case shFmamk:
			return fmt.Sprintf("%s %s, %s, %s, %s", in.name, dst, src0, k, vsrc1)
		case shFmaak:
			return fmt.Sprintf("%s %s, %s, %s, %s", in.name, dst, src0, vsrc1, k)
		}
		if in.nsrc() == 1 {
			return fmt.Sprintf("%s %s, %s", in.name, dst, src0)
		}
		return fmt.Sprintf("%s %s, %s, %s", in.name, dst, src0, vsrc1)
	}
	mov := &opTable[V_DUAL_MOV_B32]
	add_ := &opTable[V_DUAL_ADD_NC_U32]
	k := "0x40490fdb"
	if info.code < 16 {
		add("%s :: %s", text(info, "v0", "v1", "v2", k), text(mov, "v3", "v6", "v7", k))
		add("%s :: %s", text(info, "v5", "s1", "v6", k), text(add_, "v10", "5", "v11", k))
		add("%s :: %s", text(info, "v255", "0.5", "v3", k), text(mov, "v254", "v2", "", k))
		add("%s :: %s", text(info, "v8", "ttmp9", "v12", k), text(mov, "v9", "v13", "", k))
		add("%s :: %s", text(info, "v1", "vcc_lo", "v0", "1.5"), text(mov, "v2", "-1", "", k))
		add("%s :: %s", text(info, "v4", "0x12345678", "v0", "0x12345678"), text(mov, "v7", "v5", "", k))
		add("%s :: %s", text(info, "v4", "v1", "v0", k), text(mov, "v7", k, "", k))
	}
	add("%s :: %s", text(mov, "v0", "v1", "", k), text(info, "v3", "v2", "v7", k))
	add("%s :: %s", text(mov, "v6", "s10", "", k), text(info, "v1", "s10", "v4", k))
	add("%s :: %s", text(mov, "v3", "v9", "", k), text(info, "v2", "64", "v255", k))
	add("%s :: %s", text(mov, "v11", "0.15915494", "", k), text(info, "v12", "null", "v8", k))
}
