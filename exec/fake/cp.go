package fake

import (
	"encoding/binary"
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

// run executes ring packets and returns how many dwords it consumed.
func (q *queue) run(words []uint32) (int, error) {
	r := pm4.NewReader(words)
	for {
		at := r.Offset()
		p, err := r.Next()
		if err == io.EOF {
			return len(words), nil
		}
		if err != nil {
			return at, err
		}
		switch p.Op() {
		case pm4.OpNOP, pm4.OpAcquireMem, pm4.OpEventWrite:
		case pm4.OpIndirectBuffer:
			ib, _ := p.IndirectBuffer()
			q.d.submissions++
			if err := q.d.exe.Execute(q.vm, ib.Addr, int(ib.SizeDwords)); err != nil {
				return at, err
			}
		case pm4.OpReleaseMem:
			rm, _ := p.ReleaseMem()
			if err := releaseData(q.vm, rm); err != nil {
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
