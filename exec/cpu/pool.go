package cpu

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Pool is a fixed set of goroutines that MatVec spreads its rows over.
// It is created once per program run: a call publishes a job description
// to the helpers and waits for them, so a call starts no goroutine and
// allocates nothing once the pool's scratch has grown to the widest matrix
// seen.
//
// A decode step makes a few hundred calls of tens of microseconds each, so
// the hand-over itself must be cheap: a helper that has just finished a
// job spins on the job counter for up to spinTime before it parks on its
// wake channel (a parked helper costs a futex wake-up, several
// microseconds, on the next call), and the caller spins for as long while
// it waits for the helpers' last rows before it blocks (on a busy machine
// a helper may not get a core for a while).
//
// A Pool runs one MatVec at a time; concurrent calls on the same Pool wait
// for each other. A nil *Pool is accepted by MatVec and runs everything on
// the calling goroutine (allocating its scratch per call).
type Pool struct {
	workers int
	helpers []*poolHelper

	mu     sync.Mutex   // one call at a time; guards xd, yw and closed
	xd     []float64    // the current call's x, widened to float64
	q8     []*q8Scratch // per goroutine (0: the caller), for MatVecQ8
	yw     []uint64     // x prepared once per MatVecQ8 call (prepX: swarY words or the AVX-512 layouts)
	next   atomic.Int64
	closed bool
	attn   attentionCall // the current AttentionPool call
	each   eachCall      // the current forEach call

	seq     atomic.Uint64 // bumped once per published call (and by Close)
	done    atomic.Int32  // helpers finished with the current call
	quit    atomic.Bool   // set by Close before its last bump of seq
	waiting atomic.Bool   // the caller is (about to be) blocked on finished
	// finished has capacity 1: a token means "look at done again".
	finished chan struct{}
}

// poolHelper is one helper goroutine's mailbox.
type poolHelper struct {
	job    matvecJob     // written by the caller before seq is bumped
	each   *eachCall     // non-nil: the call is a forEach, not job
	worker int           // the helper's index among the pool's goroutines
	parked atomic.Bool   // the helper is (about to be) blocked on wake
	wake   chan struct{} // capacity 1: a token means "look at seq again"
}

// spinTime is how long a helper polls for the next call before parking:
// longer than the gaps a decode step leaves between its matvecs (norms,
// ropes, attention at short context, the step's end and the next one's
// start: at 200 µs a TinyLlama step still parked a helper once a step, and
// parking costs a wake-up and a runtime allocation), short enough that an
// idle pool (between prompts) stops using a core almost at once.
const spinTime = time.Millisecond

// NewPool starts a pool that runs MatVec on `workers` goroutines: the
// calling goroutine plus workers-1 helpers. workers < 1 is taken as 1.
func NewPool(workers int) *Pool {
	if workers < 1 {
		workers = 1
	}
	p := &Pool{workers: workers, q8: make([]*q8Scratch, workers), finished: make(chan struct{}, 1)}
	for i := range p.q8 {
		p.q8[i] = new(q8Scratch)
	}
	p.attn.scratch = make([][]float32, workers)
	p.attn.runFn = p.attn.run
	for i := 1; i < workers; i++ {
		h := &poolHelper{wake: make(chan struct{}, 1), worker: i}
		p.helpers = append(p.helpers, h)
		go p.serve(h)
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
	p.quit.Store(true)
	p.publish()
}

// publish makes the helpers look at seq again: a spinning helper sees the
// new value; a parked one gets a wake token. The store of seq and the
// load of parked here, and the store of parked and the load of seq in
// serve, are sequentially consistent, so at least one side sees the
// other's write and no call is missed (a surplus token only makes a
// helper poll seq once more).
func (p *Pool) publish() {
	p.seq.Add(1)
	for _, h := range p.helpers {
		if h.parked.Load() {
			select {
			case h.wake <- struct{}{}:
			default:
			}
		}
	}
}

// serve runs the helper's jobs. It starts from seq 0, the value before
// the first call (loading seq here could already see that call's bump).
func (p *Pool) serve(h *poolHelper) {
	var seen uint64
	for {
		seen = p.await(h, seen)
		if p.quit.Load() {
			return
		}
		if h.each != nil {
			h.each.work(h.worker)
		} else {
			h.job.work()
		}
		p.done.Add(1)
		if p.waiting.Load() { // as in publish, one side sees the other
			select {
			case p.finished <- struct{}{}:
			default:
			}
		}
	}
}

// await returns the first value of seq other than seen: spinning for up
// to spinTime, then parked on the helper's wake channel.
func (p *Pool) await(h *poolHelper, seen uint64) uint64 {
	for {
		start := time.Now()
		for i := 0; ; i++ {
			if s := p.seq.Load(); s != seen {
				return s
			}
			if i&1023 == 1023 {
				if time.Since(start) > spinTime {
					break
				}
				runtime.Gosched() // let other goroutines of this P run
			}
		}
		h.parked.Store(true)
		if s := p.seq.Load(); s != seen {
			h.parked.Store(false)
			return s
		}
		<-h.wake
		h.parked.Store(false)
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
// the calling goroutine: even a spinning helper takes some time to see a
// call and to bring the call's x into its cache.
const inlineWork = 1 << 15

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
	p.done.Store(0)
	j.next, j.chunk = &p.next, chunk
	for i, h := range p.helpers {
		h.job, h.each = j, nil
		h.job.q8 = p.q8[i+1]
	}
	p.publish()
	j.work()
	p.awaitHelpers()
}

// reserveAttention gives every goroutine's attention scratch room for
// rows positions of four heads (AttentionPool's need: attentionHeads
// scores four heads at a time).
func (p *Pool) reserveAttention(rows int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for w := range p.attn.scratch {
		if cap(p.attn.scratch[w]) < 4*rows {
			p.attn.scratch[w] = make([]float32, 4*rows)
		}
	}
}

// eachCall is a forEach call: f over [0, n) in pieces of chunk, claimed
// from next by the pool's goroutines.
type eachCall struct {
	n, chunk int
	next     atomic.Int64
	f        func(worker, lo, hi int)
}

// work runs pieces of c until none are left.
func (c *eachCall) work(worker int) {
	for {
		lo := int(c.next.Add(int64(c.chunk))) - c.chunk
		if lo >= c.n {
			return
		}
		c.f(worker, lo, min(lo+c.chunk, c.n))
	}
}

// forEach runs f over [0, n) on the pool's goroutines, in pieces of chunk
// that they claim until none are left; worker (0: the caller) says whose
// scratch f may use. f must not allocate if the call is to allocate
// nothing: bind it once. The caller must hold p.mu, and the pool must not
// be closed.
func (p *Pool) forEach(n, chunk int, f func(worker, lo, hi int)) {
	c := &p.each
	c.n, c.chunk, c.f = n, chunk, f
	c.next.Store(0)
	p.done.Store(0)
	for _, h := range p.helpers {
		h.each = c
	}
	p.publish()
	c.work(0)
	p.awaitHelpers()
	c.f = nil
}

// awaitHelpers returns when every helper has finished the current call:
// the rows left are their last chunks, so it spins (yielding now and then
// in case a helper shares this goroutine's P) for up to spinTime, then
// blocks on finished.
func (p *Pool) awaitHelpers() {
	all := int32(len(p.helpers))
	start := time.Now()
	for i := 0; p.done.Load() != all; i++ {
		if i&255 != 255 {
			continue
		}
		if time.Since(start) < spinTime {
			runtime.Gosched()
			continue
		}
		p.waiting.Store(true)
		for p.done.Load() != all {
			<-p.finished
		}
		p.waiting.Store(false)
		return
	}
}
