package hwring

import (
	"errors"
	"testing"
	"time"

	"zincc/lower/gfx1201"
)

func TestPlanUpload(t *testing.T) {
	var sizes [NumImageBuffers]uint64
	for i := range sizes {
		sizes[i] = PageSize
	}
	sizes[gfx1201.BufWeights] = 3 << 30 // 3 GiB of weights
	sizes[gfx1201.BufArena] = 1 << 20
	sizes[gfx1201.BufState] = 64 << 20
	const bar = 256 << 20
	p, err := PlanUpload(sizes, bar, DefaultStagingBytes, UploadAuto)
	if err != nil || p.Path != UploadStaged || p.Staging != DefaultStagingBytes || p.Chunks != 48 || p.VisibleNeed != PageSize+(1<<20)+(64<<20) {
		t.Errorf("3 GiB on a 256 MiB BAR: %+v, %v; want staged in 48 chunks of 64 MiB", p, err)
	}
	if p, err := PlanUpload(sizes, 32<<30, DefaultStagingBytes, UploadAuto); err != nil || p.Path != UploadDirect || p.Staging != 0 {
		t.Errorf("3 GiB on a large BAR: %+v, %v; want direct", p, err)
	}
	if p, err := PlanUpload(sizes, 32<<30, DefaultStagingBytes, UploadStaged); err != nil || p.Path != UploadStaged {
		t.Errorf("forced staging: %+v, %v", p, err)
	}
	sizes[gfx1201.BufState] = 512 << 20
	if _, err := PlanUpload(sizes, bar, DefaultStagingBytes, UploadAuto); !errors.Is(err, ErrRefused) {
		t.Errorf("a 512 MiB KV cache on a 256 MiB BAR: %v, want a refusal", err)
	}
	sizes[gfx1201.BufWeights] = PageSize
	if p, err := PlanUpload(sizes, bar, DefaultStagingBytes, UploadStaged); err != nil || p.Path != UploadDirect {
		t.Errorf("a page of weights: %+v, %v; want direct whatever is forced", p, err)
	}
	if s := UploadStaged.String() + ", " + UploadDirect.String() + ", " + Bytes(256<<20) + ", " + Bytes(3<<29); s != "staged through GTT, direct, 256 MiB, 1.5 GiB" {
		t.Errorf("names: %s", s)
	}
}

func TestTimestampsRead(t *testing.T) {
	var slots [2]uint64
	ts := &Timestamps{VA: 0x1000, Slots: &slots}
	if _, err := ts.Read(100000); !errors.Is(err, ErrNoTimestamps) {
		t.Errorf("Read before Arm: %v", err)
	}
	ts.Arm()
	if _, err := ts.Read(100000); !errors.Is(err, ErrNoTimestamps) {
		t.Errorf("Read of unwritten slots: %v", err)
	}
	slots[0], slots[1] = 1000, 1250
	gt, err := ts.Read(100000) // 100 MHz: 10 ns a tick
	if err != nil || gt.Ticks != 250 || gt.Duration() != 2500*time.Nanosecond {
		t.Errorf("Read = %+v (%v), %v; want 250 ticks = 2.5 µs", gt, gt.Duration(), err)
	}
	var none *Timestamps
	if _, err := none.Read(1); !errors.Is(err, ErrNoTimestamps) {
		t.Errorf("Read without timestamps: %v", err)
	}
}
