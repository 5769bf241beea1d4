package sim

import (
	"bytes"
	"errors"
	"testing"

	"zincc/pm4"
)

// The emulated CP runs the DMA_DATA copies of a staged upload, in chunks.
func TestDMADataCopies(t *testing.T) {
	g := New(Config{})
	src := make([]byte, 10000)
	for i := range src {
		src[i] = byte(i * 7)
	}
	dst := make([]byte, 12288)
	must(t, g.MapBacking(0x100000, src, PermRead, "staging"))
	must(t, g.MapBacking(0x200000, dst, PermRW, "weights"))
	b := pm4.NewBuilder(make([]uint32, 64))
	_ = b.HDPFlush()
	_ = b.CopyMemory(0x200000, 0x100000, uint64(len(src)), 4096)
	if b.Err() != nil {
		t.Fatal(b.Err())
	}
	if _, err := g.Execute(b.Words()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dst[:len(src)], src) {
		t.Fatal("DMA_DATA did not copy the staging buffer")
	}
	b.Reset()
	_ = b.CopyMemory(0x200000, 0x100000, 12288, 0) // runs past the staging buffer
	_, err := g.Execute(b.Words())
	var pf *PageFault
	if !errors.As(err, &pf) {
		t.Fatalf("a copy past the source = %v, want a page fault", err)
	}
}
