package umq

import (
	"errors"
	"strings"
	"testing"
	"time"

	"zincc/exec/fake"
	"zincc/exec/fake/faketest"
	"zincc/exec/hwring"
	"zincc/pm4"
)

// submitRaw writes packets for a step (seq already patched) into the ring
// the way Submit does, and waits for the queue fence.
func submitRaw(t *testing.T, r *Ring, seq uint64, build func(b *pm4.Builder, im *hwring.Image)) error {
	t.Helper()
	if err := r.st.Image.Patch([]uint32{1, 0}, seq); err != nil {
		t.Fatal(err)
	}
	b := pm4.NewBuilder(make([]uint32, 64))
	build(&b, r.st.Image)
	_ = b.Fence64(r.q.FenceVA, seq)
	if b.Err() != nil {
		t.Fatal(b.Err())
	}
	r.q.WritePackets(b.Words())
	return r.q.Wait(0, seq, 50*time.Millisecond, 0, func(_, _ time.Time) error { time.Sleep(time.Millisecond); return nil })
}

func lastFault(d *fake.Driver) error {
	f := d.Faults()
	if len(f) == 0 {
		return nil
	}
	return f[len(f)-1]
}

// The packets the umq ring wrote before issue 16: no HDP flush, and an
// INDIRECT_BUFFER with VALID only. The fake's CP refuses both; the ring's
// own packets run.
func TestUserQueueIBNeedsInheritVMIDAndHDPFlush(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func(b *pm4.Builder, im *hwring.Image)
		want  error
	}{
		{"VALID only (pre-fix)", func(b *pm4.Builder, im *hwring.Image) {
			_ = b.HDPFlush()
			_ = b.CallIB(im.VA(hwring.BufIB), uint32(im.IBDwords()))
		}, fake.ErrUserQueueVMID},
		{"no HDP flush (pre-fix)", func(b *pm4.Builder, im *hwring.Image) {
			_ = b.CallIBUserQueue(im.VA(hwring.BufIB), uint32(im.IBDwords()))
		}, fake.ErrNoHDPFlush},
		{"as mesa", func(b *pm4.Builder, im *hwring.Image) {
			_ = b.HDPFlush()
			_ = b.CallIBUserQueue(im.VA(hwring.BufIB), uint32(im.IBDwords()))
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := fake.New(fake.DefaultConfig())
			r, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			err = submitRaw(t, r, 1, c.build)
			if c.want == nil {
				if err != nil || lastFault(d) != nil {
					t.Fatalf("step: %v, fault %v", err, lastFault(d))
				}
				return
			}
			if !errors.Is(err, hwring.ErrTimeout) || !errors.Is(lastFault(d), c.want) {
				t.Fatalf("step: %v; fault %v, want %v", err, lastFault(d), c.want)
			}
		})
	}
}

// A kernel with the cwsr-params series takes only the 24-byte compute MQD:
// the ring falls back to it (without the fallback, create fails with
// EINVAL); a kernel with an unknown size gets an explanation naming it.
func TestComputeMQDSize(t *testing.T) {
	cfg := fake.DefaultConfig()
	cfg.UserqMQDSize = 24
	d := fake.New(cfg)
	if err := faketest.RunSteps(t, d, Open, 2); err != nil {
		t.Fatalf("24-byte MQD kernel: %v", err)
	}
	faketest.Released(t, d)

	cfg.UserqMQDSize = 32
	d = fake.New(cfg)
	_, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
	if err == nil || !strings.Contains(err.Error(), "Invalid compute IP MQD size") || !strings.Contains(err.Error(), "24 bytes") {
		t.Fatalf("unknown MQD size: %v", err)
	}
	faketest.Released(t, d)
}
