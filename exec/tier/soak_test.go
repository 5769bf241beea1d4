package tier

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"zincc/exec/fake"
	"zincc/exec/umq"
)

// soakUsage is what a long run must hold constant: the fake driver's live
// resources (device files, buffer objects, CPU and GPU mappings, contexts,
// queues, ...), the process's open file descriptors and memory mappings,
// and the Go heap after a collection.
type soakUsage struct {
	live     fake.Counts
	fds      int
	mappings int
	heap     uint64
}

func measureSoak(t *testing.T, d *fake.Driver) soakUsage {
	t.Helper()
	d.ForgetOps() // the driver's own log of operations is not the ring's memory
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	u := soakUsage{live: d.Live(), heap: ms.HeapAlloc}
	if ents, err := os.ReadDir("/proc/self/fd"); err == nil {
		u.fds = len(ents)
	}
	if maps, err := os.ReadFile("/proc/self/maps"); err == nil {
		u.mappings = strings.Count(string(maps), "\n")
	}
	return u
}

// TestSoakEveryGPURing runs 10,000 decode steps (1,000 with -short)
// through each GPU ring on the fake driver and checks that nothing grows
// between step 100 and the last step: the driver's live resources (fds,
// BOs, mappings, queues, ...) exactly, the process's open fds and memory
// mappings within a few (the Go runtime and the test harness open and map
// too), and the Go heap within 256 KiB (issue 17).
func TestSoakEveryGPURing(t *testing.T) {
	steps := 10000
	if testing.Short() {
		steps = 1000
	}
	for _, name := range GPU {
		t.Run(name, func(t *testing.T) {
			d := fake.New(fake.DefaultConfig())
			e := fake.StepExecutable()
			c := config(d)
			if name == umq.Tier {
				// The fake's user queue answers a doorbell from another
				// goroutine: spin briefly rather than sleep a timer tick
				// a step (13 s instead of 2 s).
				c.Spin, c.Poll = time.Millisecond, 20*time.Microsecond
			}
			r, err := OpenExecutable(name, c, e, nil)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			var early soakUsage
			for i := range steps {
				if i == 100 {
					early = measureSoak(t, d)
				}
				x := uint32(1000 + 7*i)
				out, err := r.Step([]uint32{x, uint32(i)})
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if len(out) != 1 || len(out[0].Words()) != 1 || out[0].Words()[0] != x {
					t.Fatalf("step %d: outputs %+v, want y = %d", i, out, x)
				}
				if i%1000 == 999 {
					d.ForgetOps()
				}
			}
			late := measureSoak(t, d)
			t.Logf("%d steps in %v; at step 100: %s, %d fds, %d mappings, heap %d B; at step %d: %s, %d fds, %d mappings, heap %d B",
				steps, time.Since(start).Round(time.Millisecond), early.live, early.fds, early.mappings, early.heap,
				steps, late.live, late.fds, late.mappings, late.heap)
			if late.live != early.live {
				t.Errorf("driver resources grew: %s at step 100, %s at step %d", early.live, late.live, steps)
			}
			if late.fds > early.fds+2 {
				t.Errorf("open fds grew from %d to %d", early.fds, late.fds)
			}
			if late.mappings > early.mappings+4 {
				t.Errorf("memory mappings grew from %d to %d", early.mappings, late.mappings)
			}
			if late.heap > early.heap+256<<10 {
				t.Errorf("Go heap grew from %d to %d bytes", early.heap, late.heap)
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if live := d.Live(); !live.Zero() {
				t.Errorf("after Close: %s live", live)
			}
		})
	}
}
