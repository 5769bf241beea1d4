// Package sim is an emulated AMD RDNA4 (gfx12, gfx1201) GPU that executes
// exactly the bytes a real GPU would receive: PM4 packets from an indirect
// buffer (IB) and the gfx1201 machine code the dispatches point at.
//
//	g := sim.New(sim.Config{})
//	g.MapBacking(codeVA, code, sim.PermRX, "code")   // or g.Map + g.Write
//	g.Map(bufVA, size, sim.PermRW, "arena")
//	st, err := g.Execute(ib)                        // or g.ExecuteAt(ibVA, dwords)
//
// A submission returns Stats (packets, dispatches, workgroups, waves, wave
// instructions and lane-instructions, per dispatch too) and an error that
// wraps one of the Err* sentinels and is one of the typed errors:
// *PageFault, *HangError, *HazardError, *PacketError, *InstructionError,
// *LaunchError. GPU.Dispatch runs a single Launch without PM4 (sim-kernel,
// code objects): the caller states the user SGPRs, grid, block and
// resource words itself.
//
// # Code objects
//
// ParseCodeObject reads an AMDHSA code object (the ELF llc, clang or
// llvm-mc -filetype=obj write for gfx1201, relocatable or linked): package
// isa lays out its allocated sections and collects relocations, the
// NT_AMDGPU_METADATA note (MessagePack, decoded with vmihailenco/msgpack)
// gives each kernel's arguments. GPU.LoadCodeObject relocates and maps the
// image (an undefined symbol, i.e. a library call the object was not
// linked with, is an error naming it), and LoadedCodeObject.Dispatch
// launches a kernel as the HSA ABI and ROCm's runtime do: the user SGPRs
// the descriptor enables in their defined order (dispatch ptr, queue
// ptr, kernarg segment ptr, dispatch id, private segment size; gfx12 has
// no private segment buffer or flat scratch init SGPRs), a kernarg
// segment holding the explicit arguments (checked against the metadata's
// kinds and sizes) and the hidden ones (block counts, group sizes,
// remainders, grid dimensions, queue pointer, apertures; zero for global
// offsets and the runtime's buffers), an hsa_kernel_dispatch_packet_t and
// an hsa_queue_t in memory, the HSA grid size in work-items (partial last
// workgroups), LDS and private sizes from the descriptor (plus a stack for
// kernels with a dynamic one).
//
// # Memory
//
// Mappings are byte slices at GPU virtual addresses (48-bit space) with
// read, write and execute permissions. MapBacking shares the caller's
// slice, the way a CPU mapping of a buffer object shares memory with the
// GPU. Every GPU access (vector, scalar, LDS excluded, instruction fetch,
// command-processor reads and writes) must lie inside one mapping that
// permits it; otherwise the submission stops with a *PageFault naming the
// address, size, access kind, the nearest mapping, the dispatch, the
// workgroup, wave, lane, PC and disassembled instruction. Host Read and
// Write ignore permissions and may span adjacent mappings.
//
// # Command processor
//
// The emulated compute queue executes NOP, SET_SH_REG, DISPATCH_DIRECT,
// DISPATCH_INDIRECT, RELEASE_MEM, ACQUIRE_MEM, EVENT_WRITE, WRITE_DATA,
// COPY_DATA, WAIT_REG_MEM and INDIRECT_BUFFER; any other packet (and a
// predicated one) is a *PacketError naming it and its IB offset. Dispatches
// run to completion one after another, so:
//
//   - RELEASE_MEM writes its value (DATA_SEL 1: 32 bits, 2: 64 bits, 3: the
//     GPU clock, which counts instructions executed) immediately, which is
//     after every earlier dispatch; INT_SEL calls Config.Interrupt.
//   - WAIT_REG_MEM (memory or SH register) passes if its condition holds;
//     otherwise nothing on a single queue can change the value and the
//     submission ends with a *HangError.
//   - INDIRECT_BUFFER runs the IB at its address (VALID required), nested
//     up to Config.MaxIBDepth; with CHAIN set the new IB replaces the rest
//     of the current one. Config.MaxPackets bounds a submission, so an IB
//     chain that loops is reported as a hang.
//   - ACQUIRE_MEM with GLI_INV drops the pre-decoded programs.
//
// SH registers persist across submissions, as on a real queue.
//
// # Hazards
//
// The checker records the byte ranges each dispatch reads (vector and
// scalar loads separately), writes and updates atomically, as merged
// intervals, and compares every new dispatch (and every command-processor
// access) with the earlier ones not yet ordered before it. Following the
// ISA/PM4 sheet §6.5, ordering needs:
//
//   - for a later write or atomic over bytes an earlier dispatch read,
//     wrote or updated (WAR, WAW): an EVENT_WRITE CS_PARTIAL_FLUSH between
//     them (it waits for the earlier waves to finish);
//   - for a later vector load of bytes an earlier dispatch wrote or
//     updated (RAW): that partial flush followed by an ACQUIRE_MEM with
//     GLV_INV (vector L0 invalidate); for a scalar load, with GLK_INV. An
//     invalidation before the flush does not count.
//
// Atomics do not race with atomics. A WRITE_DATA, COPY_DATA or
// DISPATCH_INDIRECT argument read touching bytes of an unflushed dispatch
// is a hazard too (the CP does not wait for waves); RELEASE_MEM is not (it
// waits for the end of the pipe). RELEASE_MEM and WAIT_REG_MEM are not
// barriers. Each submission (and each direct Dispatch) starts with an
// empty window. Config.Hazards selects HazardStop (the default: a
// *HazardError naming both dispatches, the first overlapping range, the
// access kinds and the missing barrier), HazardWarn (Stats.Warnings) or
// HazardOff.
//
// Workgroups of one dispatch run here one after another, but on a GPU in
// no fixed order, so the same modes also cover races between them: after
// each workgroup its accesses are compared with those of the workgroups
// before it. A load of bytes another workgroup stored, a store over bytes
// another loaded, and a store mixed with atomics on the same bytes are
// races (a *HazardError with Race set, naming both workgroups); stores
// over another workgroup's stores are a race only where the values differ
// (every workgroup setting one flag is fine); plain loads of what atomics
// update are not (every compare-and-swap loop starts with one). Loads and
// stores with device or system scope (scope:SCOPE_DEV, SCOPE_SYS: LLVM's
// atomic loads and stores) count as atomics. A read (or write) of bytes
// another workgroup wrote is ordered, and no race, when the writer
// released them and the reader acquired them through a device-scope
// atomic, with the sequences of LLVM's GFX12 memory model (sync.go:
// global_wb scope:SCOPE_DEV and the waits for the wave's stores, the
// atomic, s_wait_loadcnt and global_inv scope:SCOPE_DEV); missing any
// step leaves the race reported.
//
// LDS races between the waves of one workgroup are checked too
// (ldsrace.go): every LDS byte keeps the barrier epoch and wave of its
// last write and the waves that read it in its epoch, so a wave that
// loads what another wave stored, or stores over what another loaded or
// stored with another value, with no s_barrier_signal/s_barrier_wait
// between them, is a *HazardError with LDS set naming both waves (LDS
// atomics race with neither atomics nor loads). Races between the waves of
// one workgroup over global memory are not checked.
//
// # Wave launch
//
// As gfx12 does it (AMDGPUUsage, the ISA sheet §6): code at
// (COMPUTE_PGM_HI<<32 | COMPUTE_PGM_LO) << 8; user SGPRs s0..s(N-1) from
// COMPUTE_USER_DATA_0.., N = RSRC2.USER_SGPR (at most 16); workgroup ids
// in ttmp9 (X) and ttmp7 (Y in [15:0], Z in [31:16]), the wave's index in
// the workgroup in ttmp8[29:25]; packed work-item ids in v0 (X [9:0],
// Y [19:10], Z [29:20], the fields TIDIG_COMP_CNT does not enable left 0);
// wave32 with COMPUTE_DISPATCH_INITIATOR.CS_W32_EN, else wave64; the
// workgroup size from NUM_THREAD_X/Y/Z (FULL; PARTIAL for the last group
// with USE_THREAD_DIMENSIONS and PARTIAL_TG_EN); EXEC covering the wave's
// threads (the last wave partial); RSRC2.LDS_SIZE × 512 bytes of zeroed
// LDS per workgroup (at most 64 KiB); (RSRC1.VGPRS+1)×8 VGPRs in wave32,
// ×4 in wave64 (at most 256; an instruction touching more is an illegal
// instruction); MODE from RSRC1[19:12]; every other register 0.
// COMPUTE_START_* offsets the workgroup ids unless FORCE_START_AT_000.
//
// # Interpreter
//
// Instructions are decoded by package isa (no second decoder) once per
// program and cached by code address and wave size; before each dispatch
// the bytes they came from are compared with memory, so code changed by
// anyone (a shader, the CP, a host write through a shared slice) is
// decoded afresh. Each instruction of the isa table has semantics (see
// the tests, which run snippets assembled by llvm-mc 19 against
// references written independently and check that every isa instruction
// ran in a passing case).
//
// Execution is in order: an instruction completes before the next one
// starts, so every wait (s_wait_loadcnt, s_wait_kmcnt, s_waitcnt,
// s_wait_alu, s_wait_idle, ...), s_delay_alu, s_clause, s_nop and the
// cache maintenance instructions are no-ops, as is s_sendmsg
// MSG_DEALLOC_VGPRS. So that a kernel cannot lean on that, the wait
// checker (waits.go; on unless Config.Hazards is HazardOff) models the
// counters: a load's destination registers stay pending until a wait
// proves it returned (LOADcnt and DScnt return in order, so s_wait_*cnt N
// completes all but the N newest; KMcnt in any order, so only
// s_wait_kmcnt 0 does; s_wait_loadcnt_dscnt holds loadcnt in simm16[13:8]
// and dscnt in [5:0]; FLAT counts on both), and reading or overwriting a
// pending register is a *WaitError naming the register, the load and the
// wait it lacks. A later load through the same in-order counter may
// overwrite an earlier load's registers. The waves of a workgroup run round-robin, each until
// it ends or blocks in s_barrier_wait; the barrier (-1, the workgroup
// barrier) completes when every wave that has not ended or left it has
// signalled. Workgroups run one after another in x, y, z order. The
// watchdog counts wave instructions per dispatch (Config.MaxInstructions)
// and reports a *HangError with the wave's PC when the budget runs out.
//
// VALU writes only lanes in EXEC (narrowed by DPP row/bank masks and
// invalid sources without bound_ctrl); compares write 0 for inactive
// lanes; the e32 encodings of 16-bit operations address VGPR halves
// (true16: numbers 128 and up name v0.h..v127.h); 16-bit results keep the
// other half of their register.
//
// Floating point: only round-to-nearest-even is modelled (another round
// mode in RSRC1 or set by s_round_mode/s_setreg is refused). Denormal
// modes are honoured per MODE (f32 [5:4], f16/f64 [7:6]: flush inputs
// and/or outputs) for arithmetic, conversions, min/max and compares; moves,
// v_cndmask and v_cmp_class see the raw bits. Additions and multiplies are
// IEEE single operations; fused operations (v_fma*, v_fmac*, v_fma_mix*,
// v_div_fmas) round once (exactly, via round-to-odd in float64 or
// big.Float); v_dot2_f32_f16 and v_dot2_f16_f16 round after each add, as
// their pseudocode is written. A NaN result is the first NaN operand,
// quieted, or 0x7fc00000 for an invalid operation (AMD's choice of payload
// and sign is unconfirmed). Clamp is [0, 1] with NaN → 0; integer adds
// with clamp saturate.
//
// Transcendentals (v_exp, v_log, v_rcp, v_rsq, v_sqrt, v_sin, v_cos in
// f32, f16 and f64 where they exist) compute the exact function in float64
// and round once to the target, which is correctly rounded except within
// about 2^-50 (relative) of a rounding boundary; the hardware approximates
// them to about 1 ulp. Special cases: rcp(±0) = ±inf, rcp(±inf) = ±0,
// rsq(+0) = +inf, rsq(-0) = -inf, sqrt(-0) = -0, log(±0) = -inf, log,
// rsq and sqrt of a negative number NaN, exp(-inf) = 0; v_sin/v_cos take
// revolutions (sin(2πx), reduced exactly) and give NaN for infinities;
// v_exp_f32 flushes denormal results and v_log_f32 treats a denormal
// input as 0 whatever the mode (LLVM's exp2/log2 lowering for gfx12 scales
// around exactly those limits). v_div_scale and v_div_fixup follow their
// pseudocode except where LLVM's IEEE division sequence shows it cannot be
// what the hardware does: v_div_scale_f32 tests whether the reciprocal of
// the denominator is an f32 (not f64) denormal, and when both the
// reciprocal and the quotient are denormal it scales the denominator down
// by 2^64 (the pseudocode's "up" overflows it); v_div_fmas scales by 2^64
// (f64: 2^128) when |S2| >= 1 and by 2^-64 (2^-128) otherwise in lanes
// whose VCC bit is set — the
// published pseudocode says 2^32 (2^64), which cannot undo v_div_scale;
// this reading makes LLVM's IEEE division sequence exact, which the tests
// check; v_div_fixup turns a NaN estimate of a quotient of finite,
// non-zero operands into ±infinity (the sequence's intermediates overflow
// for FLT_MAX / denormal; LLVM's code expects infinity, the published
// pseudocode would pass the NaN through).
//
// VOPD pairs run as their two VOP1/VOP2 operations, both reading their
// sources before either writes (LLVM pairs a Y operation that reads X's
// destination). 16-bit integer operations wrap (clamp saturates) and
// honour op_sel; the SALU f16 and v_s_* operations write their 16-bit
// results zero-extended (the upper half is unspecified).
//
// Memory: global accesses use saddr + zero-extended VGPR or a VGPR pair,
// plus the 24-bit signed offset, and may be misaligned; lanes run in
// increasing order, so atomics of one instruction to one address apply
// lane by lane. Scalar loads of a dword or more ignore the low two address
// bits; s_buffer_load reads a raw V# (base [47:0], NUM_RECORDS; offsets at
// or past NUM_RECORDS read 0). LDS accesses out of the workgroup's
// allocation read 0 and drop writes. ds_swizzle supports the bitmask,
// quad-permute and FFT modes (rotate mode is refused); permlane16/x16
// ignore their op_sel bits (absent from the pseudocode).
//
// Private memory: every work-item owns Launch.PrivateBytes bytes, which
// scratch_* instructions address by a 32-bit offset (SGPR + VGPR +
// instruction offset) and flat_* instructions through the private
// aperture; flat addresses in the shared aperture reach the workgroup's
// LDS, others global memory. The apertures are the 4 GiB windows at
// 0x1000000000000000 (private) and 0x2000000000000000 (shared), as Linux
// sets them up; reading src_private_base / src_shared_base as 64 bits
// gives those addresses (LLVM uses the high word). A private access past
// the segment is a page fault; the hardware's interleaving of the lanes'
// scratch is not modelled (nothing can observe it).
//
// Refused with an *InstructionError naming the mnemonic and PC: s_trap,
// s_sethalt, s_setkill, s_endpgm_saved, s_sendmsghalt, s_sendmsg other
// than MSG_DEALLOC_VGPRS, named barriers, writes to hardware registers
// other than MODE, reads of unmodelled ones, code outside the entry's
// mapping. Bytes that do not decode are an illegal instruction.
package sim
