package sim

import (
	"errors"
	"strings"
	"testing"
)

func TestMappings(t *testing.T) {
	g := New(Config{})
	must(t, g.Map(0x1000, 0x1000, PermRW, "a"))
	must(t, g.Map(0x2000, 0x1000, PermRead, "b")) // adjacent
	for _, bad := range []struct {
		va, size uint64
		want     string
	}{
		{0x1800, 0x1000, "overlaps"},
		{0x0, 0x1001, "overlaps"},
		{0x5000, 0, "0x0 bytes"},
		{1<<48 - 0x800, 0x1000, "48-bit"},
		{0x9000, MaxMapSize + 1, "Map allocates"},
	} {
		err := g.Map(bad.va, bad.size, PermRW, "x")
		if !errors.Is(err, ErrMapping) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Map(%#x, %#x): %v", bad.va, bad.size, err)
		}
	}
	if err := g.MapBacking(0x9000, make([]byte, 16), Perm(8), "p"); !errors.Is(err, ErrMapping) {
		t.Errorf("bad permission bits: %v", err)
	}
	// Host writes span adjacent mappings and ignore permissions.
	must(t, g.Write(0x1ffe, []byte{1, 2, 3, 4}))
	got := make([]byte, 4)
	must(t, g.Read(0x1ffe, got))
	if string(got) != "\x01\x02\x03\x04" {
		t.Errorf("read back %v", got)
	}
	var pf *PageFault
	if err := g.Read(0x2ffe, make([]byte, 4)); !errors.As(err, &pf) || pf.Addr != 0x3000 || pf.Nearest.Name != "b" {
		t.Errorf("read past the end: %v", err)
	}
	if b, err := g.Bytes(0x1ff0, 16); err != nil || len(b) != 16 {
		t.Errorf("Bytes: %v", err)
	}
	if _, err := g.Bytes(0x1ff0, 32); err == nil {
		t.Error("Bytes across two mappings should fail")
	}
	must(t, g.Unmap(0x1000))
	if err := g.Unmap(0x1000); !errors.Is(err, ErrMapping) {
		t.Errorf("double unmap: %v", err)
	}
	if m := g.Mappings(); len(m) != 1 || m[0].Name != "b" || m[0].Perm.String() != "r--" {
		t.Errorf("mappings %v", m)
	}
	// permission faults through the GPU's own check
	_, f := g.mem.check(0x2000, 4, AccessWrite)
	if f == nil || f.Reason != "read-only" {
		t.Errorf("write to read-only: %+v", f)
	}
	_, f = g.mem.check(0x2000, 4, AccessExec)
	if f == nil || f.Reason != "not executable" {
		t.Errorf("fetch from data: %+v", f)
	}
}

func TestIntervalSet(t *testing.T) {
	var s intervalSet
	for _, iv := range [][2]uint64{{10, 20}, {30, 40}, {20, 30}, {5, 6}, {100, 110}, {0, 5}, {39, 101}} {
		s.add(iv[0], iv[1])
	}
	// [0,5) and [5,6) touch; [6,10) is never added
	if len(s.iv) != 2 || s.iv[0] != (interval{0, 6}) || s.iv[1] != (interval{10, 110}) {
		t.Fatalf("merged set %v", s.iv)
	}
	var u intervalSet
	u.add(50, 60)
	u.add(200, 300)
	if r, ok := s.overlap(&u); !ok || r != (interval{50, 60}) {
		t.Errorf("overlap %v %v", r, ok)
	}
	var v intervalSet
	v.add(110, 200)
	if _, ok := s.overlap(&v); ok {
		t.Error("touching intervals do not overlap")
	}
	if s.bytes() != 106 {
		t.Errorf("bytes %d", s.bytes())
	}
}
