// Package pm4 writes and reads the PM4 command packets that an AMD RDNA4
// (gfx12, gfx1201) GPU's command processor executes from an indirect
// buffer (IB) on the compute (MEC) queue.
//
// An IB is a sequence of little-endian dwords. Every packet zincc uses is
// type 3: a header (type, body length − 1, opcode, and the predicate,
// shader-type and reset-filter-cam bits) followed by its body. This package
// has:
//
//   - a Builder that writes packets into a caller-owned []uint32 without
//     allocating (NOP and padding, SET_SH_REG, DISPATCH_DIRECT/INDIRECT,
//     RELEASE_MEM, ACQUIRE_MEM, EVENT_WRITE, WRITE_DATA, COPY_DATA,
//     WAIT_REG_MEM, INDIRECT_BUFFER), plus Pos* constants that say where a
//     written value lands so it can be patched later;
//   - one table of the gfx12 compute SH registers (Registers, LookupReg and
//     constants such as COMPUTE_PGM_LO) with their bit fields, and packers
//     for COMPUTE_PGM_RSRC1/2/3, COMPUTE_NUM_THREAD_* and
//     COMPUTE_DISPATCH_INITIATOR;
//   - a streaming, allocation-free Reader (and Decode) returning Packets
//     with typed accessors for every packet kind above; other opcodes are
//     kept raw and named (UNKNOWN_0xNN when no public header names them);
//   - an annotated disassembler (Disassemble, DisassembleJSON, List) and
//     readers/writers for IB files in binary or hex-dump form.
//
// # Sources
//
// Packet layouts, opcodes and field positions come from Linux
// (drivers/gpu/drm/amd/amdgpu/nvd.h, gfx_v12_0.c, amdkfd/kfd_pm4_headers_ai.h),
// mesa (src/amd/common/sid.h, ac_cmdbuf_cp.c, src/amd/registers/pkt3.json,
// radv), and the gc_12_0_0 register headers (offsets and sh_mask) as
// generated into tinygrad (runtime/autogen/am). The project's digest with
// per-fact citations is shared/ref/pm4-gfx12.md. Each expected-dword test
// names the source of the layout it checks.
//
// # UNCONFIRMED
//
// Nothing here has run on a gfx1201. Not pinned down by the sources:
// the RELEASE_MEM bit of GLK_INV on gfx12 (so the builder refuses it there);
// the meaning of RELEASE_MEM EXECUTE's two bits [29:28] (Linux writes 3<<28
// as EXECUTE_GFX11); whether the compute queue accepts type-0/type-2
// packets (the decoder rejects them) or SET_SH_REG_PAIRS; INDIRECT_BUFFER
// CHAIN semantics and bits 22 and 30; the unit of ACQUIRE_MEM's COHER_SIZE;
// the minimum IB alignment the CP enforces (PadTo pads to whatever the
// caller asks).
package pm4
