package hwring

import (
	"fmt"

	"zincc/pm4"
)

// The packets of the queue rings (kfd, umq), which write their own ring
// buffer instead of handing the kernel an IB.

// memSync is the cache invalidation and write-back the kernel emits around
// a CS IB with EMIT_MEM_SYNC on gfx12 (gfx_v12_0.c emit_mem_sync, 0xC3B1).
const memSync = pm4.GCR_GLI_INV_ALL | pm4.GCR_GLM_WB | pm4.GCR_GLM_INV | pm4.GCR_GLK_INV | pm4.GCR_GLV_INV |
	pm4.GCR_GL1_INV | pm4.GCR_GL2_INV | pm4.GCR_GL2_WB

// StepPackets writes into buf the ring packets of one step: invalidate
// caches, run the IB, write seq to fenceVA once everything before is done,
// and — when mailboxVA is not 0 — write event to the mailbox and raise its
// interrupt. The umq ring leaves the interrupt out (mailboxVA 0).
func StepPackets(buf []uint32, ibVA uint64, ibDwords int, fenceVA, seq, mailboxVA uint64, event uint32) ([]uint32, error) {
	b := pm4.NewBuilder(buf)
	_ = b.AcquireMemAll(memSync)
	_ = b.CallIB(ibVA, uint32(ibDwords))
	_ = b.Fence64(fenceVA, seq)
	if mailboxVA != 0 {
		_ = b.ReleaseMem(pm4.ReleaseMem{Event: pm4.CACHE_FLUSH_AND_INV_TS_EVENT, EventIndex: pm4.EventIndexEndOfPipe,
			DataSel: pm4.DataSelValue32, IntSel: 2, Addr: mailboxVA, Data: uint64(event), IntCtxID: event})
	}
	return b.Words(), b.Err()
}

// WriteRing copies packets into ring (a power-of-two number of dwords) at
// dword count put, padding the end of the ring with a NOP when they would
// wrap so that no packet straddles it, and returns the new put.
func WriteRing(ring []uint32, put uint64, packets []uint32) uint64 {
	n := uint64(len(ring))
	pos := put % n
	if pos+uint64(len(packets)) > n {
		pad := ring[pos:]
		b := pm4.NewBuilder(pad)
		if len(pad) == 1 {
			pad[0] = uint32(pm4.HeaderOnlyNOP)
		} else {
			_ = b.Nop(len(pad) - 1)
		}
		put += n - pos
		pos = 0
	}
	copy(ring[pos:], packets)
	return put + uint64(len(packets))
}

// Progress says how much of the last submission, the dwords [start, put)
// of a ring of ringDW dwords, the command processor has read, given its
// read pointer. It compares positions modulo the ring, so it reads the
// same whether the CP reports a running count or a ring offset.
func Progress(rptr, start, put, ringDW uint64) string {
	at, from, end := rptr%ringDW, start%ringDW, put%ringDW
	switch {
	case at == end:
		return "the CP read every packet of the step but the fence never landed"
	case at == from:
		return "the CP read none of the step's packets"
	}
	return fmt.Sprintf("the CP stopped %d dwords into the step's %d", (at-from+ringDW)%ringDW, (end-from+ringDW)%ringDW)
}
