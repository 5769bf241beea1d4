package fake

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"
	"unsafe"

	"zincc/pm4"
)

// queue is a PM4 compute queue the GPU reads by itself once its doorbell
// rings: a KFD queue or an amdgpu user queue.
type queue struct {
	d        *Driver
	id       uint32
	vm       *VM    // the address space its addresses live in
	owner    *file  // the KFD file (for events) or the render file
	ringVA   uint64 // ring base
	ringSize uint64 // bytes, a power of two
	wptrVA   uint64 // u64 write pointer, in dwords
	rptrVA   uint64 // u64 read pointer, in dwords
	doorbell *uint64
	userq    bool   // an amdgpu user queue (MES) rather than a KFD queue
	seen     uint64 // last doorbell value acted on
	dead     error  // why the queue stopped
	stopped  bool
	stopCh   chan struct{}
}

// stop ends the queue's watcher, if it has one.
func (q *queue) stop() {
	if q.stopped {
		return
	}
	q.stopped = true
	if q.stopCh != nil {
		close(q.stopCh)
	}
}

// watch polls the doorbell of a user queue, as MES notices a doorbell
// write without any system call.
func (q *queue) watch(period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-q.stopCh:
			return
		case <-t.C:
			q.d.mu.Lock()
			if !q.stopped {
				q.kick()
			}
			q.d.mu.Unlock()
		}
	}
}

// kick runs what the queue holds if its doorbell changed: the dwords from
// the read pointer to the write pointer, modulo the ring. d.mu is held.
func (q *queue) kick() {
	d := q.d
	if q.dead != nil || q.stopped || d.completion == NeverRetire {
		return
	}
	db := atomic.LoadUint64(q.doorbell)
	if db == q.seen {
		return
	}
	q.seen = db
	wptr, err := q.vm.Load(q.wptrVA)
	if err != nil {
		q.die(fmt.Errorf("read write pointer: %w", err))
		return
	}
	rptr, err := q.vm.Load(q.rptrVA)
	if err != nil {
		q.die(fmt.Errorf("read read pointer: %w", err))
		return
	}
	if h := d.hwException; h != nil && q.owner.kind == kfdFile {
		// The GPU resets before it runs this batch: the queue is gone and
		// KFD reports the reset to the process's HW_EXCEPTION events
		// (kfd_signal_reset_event).
		d.hwException = nil
		q.dead = fmt.Errorf("GPU reset (injected): %w", ErrGPUReset)
		d.fault(q.dead)
		q.owner.hwExceptionEvent(*h)
		return
	}
	ringDW := q.ringSize / 4
	if wptr < rptr || wptr-rptr > ringDW {
		q.die(fmt.Errorf("write pointer %d is not within one ring (%d dwords) after read pointer %d", wptr, ringDW, rptr))
		return
	}
	ring, err := q.vm.Slice(q.ringVA, q.ringSize, "read")
	if err != nil {
		q.die(fmt.Errorf("fetch ring: %w", err))
		return
	}
	words := make([]uint32, wptr-rptr)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(ring[4*((rptr+uint64(i))%ringDW):])
	}
	done, err := q.run(words)
	_ = q.vm.Store(q.rptrVA, rptr+uint64(done), 8)
	if err != nil {
		q.die(fmt.Errorf("ring dword %d: %w", rptr+uint64(done), err))
	}
}

// die stops the queue after a GPU error and reports a memory fault to the
// KFD process's memory exception events.
func (q *queue) die(err error) {
	q.dead = err
	q.d.fault(err)
	if va, ok := faultAddress(err); ok && q.owner.kind == kfdFile {
		q.owner.memoryException(va)
	}
}

// ErrNoHDPFlush is wrapped by the error of a queue that ran an IB while
// CPU writes through the BAR may still sit in the Host Data Path.
var ErrNoHDPFlush = errors.New("no HDP flush before the IB")

// ErrUserQueueVMID is wrapped by the error of a user queue that ran an IB
// without INHERIT_VMID_MQD_COMPUTE.
var ErrUserQueueVMID = errors.New("user-queue IB without INHERIT_VMID_MQD_COMPUTE")

// ErrGPUReset is wrapped by the error of a queue a GPU reset killed.
var ErrGPUReset = errors.New("GPU reset")

// bar reports whether the CPU maps any VRAM buffer of the queue's VM: the
// CPU may have written it through the PCIe BAR, and such writes are not
// visible to the GPU until the HDP is flushed.
func (q *queue) bar() int {
	n := 0
	for _, m := range q.vm.maps {
		if m.bo != nil && m.bo.vram() && m.bo.cpuMaps > 0 {
			n++
		}
	}
	return n
}

// run executes ring packets and returns how many dwords it consumed.
//
// It models two things outside drivers depend on (shared/ref/pm4-gfx12.md
// §7): CPU writes through the BAR are not visible to the GPU until an HDP
// flush (HDP_FLUSH, or WAIT_REG_MEM on HDP_FLUSH_REQ/DONE), so an IB that
// runs, in a doorbell's batch, before any flush while the CPU maps VRAM
// is a GPU error; and a user queue's CP takes the IB's VMID from the MQD
// only with INHERIT_VMID_MQD_COMPUTE (bit 30) — without it the IB is
// fetched through VMID 0 and faults (mesa, libdrm/IGT set it on every
// compute user-queue IB).
func (q *queue) run(words []uint32) (int, error) {
	r := pm4.NewReader(words)
	flushed := false
	for {
		at := r.Offset()
		p, err := r.Next()
		if err == io.EOF {
			return len(words), nil
		}
		if err != nil {
			return at, err
		}
		if p.IsHDPFlush() {
			flushed = true
			continue
		}
		switch p.Op() {
		case pm4.OpNOP, pm4.OpAcquireMem, pm4.OpEventWrite:
		case pm4.OpIndirectBuffer:
			ib, _ := p.IndirectBuffer()
			if q.userq && !ib.InheritVMIDCompute {
				return at, fmt.Errorf("%w: the CP fetched the IB at %#x through VMID 0: GPU page fault", ErrUserQueueVMID, ib.Addr)
			}
			if n := q.bar(); !flushed && n > 0 {
				return at, fmt.Errorf("%w: the CPU maps %d VRAM buffers of this VM; its writes through the BAR are not visible to the GPU until an HDP flush", ErrNoHDPFlush, n)
			}
			q.d.submissions++
			if err := q.d.exe.Execute(q.vm, ib.Addr, int(ib.SizeDwords)); err != nil {
				return at, err
			}
		case pm4.OpReleaseMem:
			rm, _ := p.ReleaseMem()
			if err := releaseData(q.vm, rm, q.d.exe); err != nil {
				return at, fmt.Errorf("RELEASE_MEM: %w", err)
			}
			if rm.IntSel != 0 && q.owner.kind == kfdFile {
				q.owner.interrupt(rm.IntCtxID)
			}
		case pm4.OpWriteData:
			w, _ := p.WriteData()
			if w.DstSel != pm4.WriteDstMemory && w.DstSel != pm4.WriteDstTCL2 {
				return at, fmt.Errorf("WRITE_DATA to DST_SEL %d: %w", w.DstSel, ErrNotModelled)
			}
			if err := q.vm.WriteDwords(w.Addr, w.Data); err != nil {
				return at, fmt.Errorf("WRITE_DATA: %w", err)
			}
		default:
			return at, fmt.Errorf("%s in a queue ring: %w", p.Name(), ErrNotModelled)
		}
	}
}

// u64At returns a pointer to the aligned u64 at byte offset off of b.
func u64At(b []byte, off uint64) *uint64 {
	return (*uint64)(unsafe.Pointer(&b[off]))
}
