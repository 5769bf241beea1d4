package cpu

import (
	"sync"
	"sync/atomic"
)

// Pool is a fixed set of goroutines that MatVec spreads its rows over.
// It is created once per program run: a call hands each helper a job
// description by value over a channel and waits for it, so a call starts no
// goroutine and allocates nothing once the pool's scratch has grown to the
// widest matrix seen.
//
// A Pool runs one MatVec at a time; concurrent calls on the same Pool wait
// for each other. A nil *Pool is accepted by MatVec and runs everything on
// the calling goroutine (allocating its scratch per call).
type Pool struct {
	workers int
	jobs    []chan matvecJob // one per helper goroutine
	done    chan struct{}

	mu     sync.Mutex   // one call at a time; guards xd, next and closed
	xd     []float64    // the current call's x, widened to float64
	q8     []*q8Scratch // per goroutine (0: the caller), for MatVecQ8
	yw     []uint64     // x's swarY words, for MatVecQ8's pure-Go q4_0, q4_1
	next   atomic.Int64
	closed bool
}

// NewPool starts a pool that runs MatVec on `workers` goroutines: the
// calling goroutine plus workers-1 helpers. workers < 1 is taken as 1.
func NewPool(workers int) *Pool {
	if workers < 1 {
		workers = 1
	}
	p := &Pool{workers: workers, done: make(chan struct{}, workers), q8: make([]*q8Scratch, workers)}
	for i := range p.q8 {
		p.q8[i] = new(q8Scratch)
	}
	for i := 1; i < workers; i++ {
		ch := make(chan matvecJob, 1)
		p.jobs = append(p.jobs, ch)
		go p.serve(ch)
	}
	return p
}

// Workers returns the number of goroutines a call uses, the caller
// included.
func (p *Pool) Workers() int {
	if p == nil {
		return 1
	}
	return p.workers
}

// Close stops the helper goroutines. Calls after Close run on the calling
// goroutine alone. Close is idempotent.
func (p *Pool) Close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.closed = true
	for _, ch := range p.jobs {
		close(ch)
	}
}

func (p *Pool) serve(ch chan matvecJob) {
	for j := range ch {
		j.work()
		p.done <- struct{}{}
	}
}

// scratch returns a float64 slice of length n owned by the pool. The caller
// must hold p.mu.
func (p *Pool) scratch(n int) []float64 {
	if cap(p.xd) < n {
		p.xd = make([]float64, n)
	}
	return p.xd[:n]
}

// inlineWork is the number of weight elements below which a matvec runs on
// the calling goroutine: handing work to a helper costs a few microseconds
// of wake-up, about the time of a 64x1024 f32 product.
const inlineWork = 1 << 16

// chunksPerWorker is how many pieces parallel cuts a call's rows into per
// goroutine. The goroutines claim pieces until none are left, so one that
// the scheduler (or another process on the machine) holds up does less of
// the work instead of making the call wait for its fixed half.
const chunksPerWorker = 8

// parallel runs j over its rows on the pool's goroutines, which claim
// contiguous chunks of rows from a shared counter. Rows are independent,
// so the result does not depend on who computes which. The caller must
// hold p.mu.
func (p *Pool) parallel(j matvecJob) {
	rows := j.r1 - j.r0
	n := p.workers
	j.q8 = p.q8[0]
	if p.closed || rows*j.cols < inlineWork || rows < 2*n {
		j.run()
		return
	}
	chunk := max(16, (rows+n*chunksPerWorker-1)/(n*chunksPerWorker))
	p.next.Store(0)
	j.next, j.chunk = &p.next, chunk
	for i, ch := range p.jobs {
		h := j
		h.q8 = p.q8[i+1]
		ch <- h
	}
	j.work()
	for range p.jobs {
		<-p.done
	}
}
