package hwring

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"zincc/pm4"
)

// The ring buffer of the queue rings (kfd, umq), which write their own
// packets into it, publish them and ring the doorbell, instead of handing
// the kernel an IB.

// QueueRing is the CPU side of a queue the GPU's command processor reads
// by itself once its doorbell rings: the ring buffer, its write and read
// pointers, the queue fence the step packets write, and the doorbell. A
// ring fills the fields in from the memory it mapped.
type QueueRing struct {
	Tier  string // names the ring in errors
	Queue string // names the queue in errors ("KFD queue 0")

	Ring     []uint32 // CPU view of the ring buffer, a power-of-two number of dwords
	Wptr     *uint64  // CPU view of the write pointer (dwords written so far)
	Rptr     *uint64  // CPU view of the read pointer the CP advances
	Fence    *uint64  // CPU view of the queue fence
	FenceVA  uint64   // GPU address of the queue fence
	Doorbell *uint64  // the queue's doorbell

	// MailboxVA and Event, when MailboxVA is not 0, make every step end
	// with an interrupt that writes Event to the mailbox (a KFD signal
	// event); see StepPackets.
	MailboxVA uint64
	Event     uint32

	// Kind says which queue this is, and so how its packets are built:
	// a user queue's IB needs INHERIT_VMID_MQD_COMPUTE, and the HDP flush
	// packet differs (see StepPackets).
	Kind QueueKind

	// Times, when set, makes every submission write the GPU clock before
	// and after its IB into these slots (see Timestamps).
	Times *Timestamps

	put       uint64 // dwords written to the ring so far
	stepStart uint64 // put before the last step's packets
}

// stepDwords bounds what one step writes to the ring.
const stepDwords = 64

// Submit writes the packets of step (run im's IB, then write seq to the
// queue fence) into the ring, publishes the write pointer and rings the
// doorbell.
func (q *QueueRing) Submit(step int, im *Image, seq uint64) error {
	return q.SubmitIB(fmt.Sprintf("step %d", step), im.VA(BufIB), im.IBDwords(), seq)
}

// SubmitIB is Submit for any IB: what names the submission in errors
// ("step 3", "upload chunk 2 of 8").
func (q *QueueRing) SubmitIB(what string, ibVA uint64, ibDwords int, seq uint64) error {
	var buf [stepDwords]uint32
	var tsVA uint64
	if q.Times != nil {
		q.Times.Arm()
		tsVA = q.Times.VA
	}
	packets, err := stepPackets(buf[:], q.Kind, ibVA, ibDwords, q.FenceVA, seq, q.MailboxVA, q.Event, tsVA)
	if err != nil {
		return &StepError{Tier: q.Tier, Step: what + ": build the ring packets", Err: err}
	}
	q.WritePackets(packets)
	return nil
}

// WritePackets copies packets into the ring and rings the doorbell. Every
// step waits for the previous one, so the ring is empty here and the
// packets (far fewer than the ring holds) always fit.
func (q *QueueRing) WritePackets(packets []uint32) {
	q.stepStart = q.put
	q.put = WriteRing(q.Ring, q.put, packets)
	// The write pointer first, then the doorbell: the CP reads the
	// pointer when the doorbell wakes it (tinygrad signal_doorbell).
	// Atomic stores: the CP (the fake's, in tests) reads them concurrently.
	atomic.StoreUint64(q.Wptr, q.put)
	atomic.StoreUint64(q.Doorbell, q.put)
}

// Wait polls the queue fence until it reaches seq: busily for spin, then
// calling idle between polls (it sleeps; its error ends the wait as it
// is), until timeout has passed. A timeout is an ErrTimeout that says
// where the read pointer stopped.
func (q *QueueRing) Wait(step int, seq uint64, timeout, spin time.Duration, idle func(now, deadline time.Time) error) error {
	return q.WaitFor(fmt.Sprintf("step %d", step), seq, timeout, spin, idle)
}

// WaitFor is Wait for any submission; what names it in errors.
func (q *QueueRing) WaitFor(what string, seq uint64, timeout, spin time.Duration, idle func(now, deadline time.Time) error) error {
	start := time.Now()
	deadline := start.Add(timeout)
	for {
		if atomic.LoadUint64(q.Fence) >= seq {
			return nil
		}
		now := time.Now()
		if now.After(deadline) {
			rptr := atomic.LoadUint64(q.Rptr)
			return &StepError{Tier: q.Tier, Step: what + ": wait for the queue", Err: fmt.Errorf(
				"%w: %s did not retire the step within %v: read pointer %d, write pointer %d (%s)",
				ErrTimeout, q.Queue, timeout, rptr, q.put, Progress(rptr, q.stepStart, q.put, uint64(len(q.Ring))))}
		}
		if now.Sub(start) < spin {
			runtime.Gosched()
			continue
		}
		if err := idle(now, deadline); err != nil {
			return err
		}
	}
}

// memSync is the cache invalidation and write-back the kernel emits around
// a CS IB with EMIT_MEM_SYNC on gfx12 (gfx_v12_0.c emit_mem_sync, 0xC3B1).
const memSync = pm4.GCR_GLI_INV_ALL | pm4.GCR_GLM_WB | pm4.GCR_GLM_INV | pm4.GCR_GLK_INV | pm4.GCR_GLV_INV |
	pm4.GCR_GL1_INV | pm4.GCR_GL2_INV | pm4.GCR_GL2_WB

// QueueKind is the kind of queue a QueueRing feeds.
type QueueKind int

// The queue kinds.
const (
	// KFDQueue is an amdkfd PM4 compute queue (MEC, VMID set by the
	// kernel's MAP_QUEUES).
	KFDQueue QueueKind = iota
	// UserQueue is an amdgpu compute user queue (MES).
	UserQueue
)

// StepPackets writes into buf the ring packets of one step of a queue of
// kind: flush the HDP, invalidate caches, run the IB, write seq to fenceVA
// once everything before is done, and — when mailboxVA is not 0 — write
// event to the mailbox and raise its interrupt. The umq ring leaves the
// interrupt out (mailboxVA 0).
//
// The HDP flush comes first because the CPU wrote the step's inputs into
// the IB, and code, weights and inputs into VRAM, through the PCIe BAR,
// and those writes sit in the Host Data Path until it is flushed. The
// kernel does it for CS (amdgpu_ib_schedule → gfx_v12_0_ring_emit_hdp_flush);
// on a queue zincc rings itself nobody else will. A user queue gets
// PKT3_HDP_FLUSH, as mesa's user-queue submission emits before every IB; a
// KFD queue gets the WAIT_REG_MEM write-then-wait on HDP_FLUSH_REQ/DONE that
// tinygrad's ops_amd.py memory_barrier emits on its KFD queues.
//
// A user queue's INDIRECT_BUFFER sets VALID_COMPUTE and
// INHERIT_VMID_MQD_COMPUTE (bit 30), as mesa and libdrm/IGT
// (lib/amdgpu/amd_ip_blocks.c user_queue_submit) do for compute user
// queues; tinygrad's KFD IB sets VALID only, and so does the KFD ring.
func StepPackets(buf []uint32, kind QueueKind, ibVA uint64, ibDwords int, fenceVA, seq, mailboxVA uint64, event uint32) ([]uint32, error) {
	return stepPackets(buf, kind, ibVA, ibDwords, fenceVA, seq, mailboxVA, event, 0)
}

// stepPackets is StepPackets with, when tsVA is not 0, a GPU timestamp
// into tsVA before the IB and one into tsVA+8 after it (see Timestamp).
func stepPackets(buf []uint32, kind QueueKind, ibVA uint64, ibDwords int, fenceVA, seq, mailboxVA uint64, event uint32, tsVA uint64) ([]uint32, error) {
	b := pm4.NewBuilder(buf)
	if kind == UserQueue {
		_ = b.HDPFlush()
	} else {
		_ = b.HDPFlushWaitRegMem()
	}
	_ = b.AcquireMemAll(memSync)
	if tsVA != 0 {
		_ = Timestamp(&b, tsVA)
	}
	if kind == UserQueue {
		_ = b.CallIBUserQueue(ibVA, uint32(ibDwords))
	} else {
		_ = b.CallIB(ibVA, uint32(ibDwords))
	}
	if tsVA != 0 {
		_ = Timestamp(&b, tsVA+8)
	}
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
