package fake

import (
	"errors"
	"fmt"
	"io"

	"zincc/pm4"
)

// Executor runs one indirect buffer of dwords at GPU address ibVA in vm,
// the way a GPU's command processor would. An error means the GPU stopped
// on this IB (a page fault, a hang, a packet it cannot run); the driver
// then fails the submission the way the kernel fails a hung job.
type Executor interface {
	Execute(vm *VM, ibVA uint64, dwords int) error
}

// ExecutorFunc adapts a function to Executor.
type ExecutorFunc func(vm *VM, ibVA uint64, dwords int) error

// Execute calls f.
func (f ExecutorFunc) Execute(vm *VM, ibVA uint64, dwords int) error { return f(vm, ibVA, dwords) }

// ErrNotModelled is wrapped by PacketExecutor's error for a packet it does
// not execute.
var ErrNotModelled = errors.New("packet not modelled")

// PacketExecutor is a stand-in GPU for testing ring and driver plumbing
// until exec/sim lands: TEST SUPPORT ONLY, NOT A GPU MODEL. It executes the
// memory-writing command-processor packets — WRITE_DATA to memory,
// RELEASE_MEM with 32- or 64-bit data, COPY_DATA memory to memory — treats
// NOP, ACQUIRE_MEM, EVENT_WRITE and SET_SH_REG as having no visible effect,
// follows chained INDIRECT_BUFFERs, and stops with an error wrapping
// ErrNotModelled at anything else, dispatches included: it runs no shader.
type PacketExecutor struct{}

// maxChain bounds INDIRECT_BUFFER chains (a loop of chained IBs would
// otherwise never end).
const maxChain = 16

// Execute implements Executor.
func (PacketExecutor) Execute(vm *VM, ibVA uint64, dwords int) error {
	for depth := 0; ; depth++ {
		if depth == maxChain {
			return fmt.Errorf("fake executor: more than %d chained IBs", maxChain)
		}
		if _, err := vm.Slice(ibVA, uint64(dwords)*4, "read"); err != nil {
			return fmt.Errorf("fetch IB at %#x: %w", ibVA, err)
		}
		ib, _ := vm.ReadDwords(ibVA, dwords)
		next, nextLen, err := runPackets(vm, ib)
		if err != nil {
			return fmt.Errorf("IB at %#x: %w", ibVA, err)
		}
		if next == 0 {
			return nil
		}
		ibVA, dwords = next, nextLen
	}
}

// runPackets executes ib; a chained INDIRECT_BUFFER ends it and is
// returned as (address, size).
func runPackets(vm *VM, ib []uint32) (chainVA uint64, chainLen int, err error) {
	r := pm4.NewReader(ib)
	for {
		p, err := r.Next()
		if err == io.EOF {
			return 0, 0, nil
		}
		if err != nil {
			return 0, 0, err
		}
		switch p.Op() {
		case pm4.OpNOP, pm4.OpAcquireMem, pm4.OpEventWrite, pm4.OpSetShReg:
		case pm4.OpWriteData:
			w, _ := p.WriteData()
			if w.DstSel != pm4.WriteDstMemory && w.DstSel != pm4.WriteDstTCL2 {
				return 0, 0, fmt.Errorf("dword %d: WRITE_DATA to DST_SEL %d: %w", p.Offset, w.DstSel, ErrNotModelled)
			}
			if w.WrOneAddr {
				for _, d := range w.Data {
					if err := vm.WriteDwords(w.Addr, []uint32{d}); err != nil {
						return 0, 0, fmt.Errorf("dword %d: WRITE_DATA: %w", p.Offset, err)
					}
				}
			} else if err := vm.WriteDwords(w.Addr, w.Data); err != nil {
				return 0, 0, fmt.Errorf("dword %d: WRITE_DATA: %w", p.Offset, err)
			}
		case pm4.OpReleaseMem:
			rm, _ := p.ReleaseMem()
			if err := releaseData(vm, rm); err != nil {
				return 0, 0, fmt.Errorf("dword %d: RELEASE_MEM: %w", p.Offset, err)
			}
		case pm4.OpCopyData:
			c, _ := p.CopyData()
			if c.SrcSel != pm4.CopySrcMemory || c.DstSel != pm4.CopyDstMemory {
				return 0, 0, fmt.Errorf("dword %d: COPY_DATA from %d to %d: %w", p.Offset, c.SrcSel, c.DstSel, ErrNotModelled)
			}
			n := 1
			if c.CountSel64 {
				n = 2
			}
			src, err := vm.ReadDwords(c.Src, n)
			if err == nil {
				err = vm.WriteDwords(c.Dst, src)
			}
			if err != nil {
				return 0, 0, fmt.Errorf("dword %d: COPY_DATA: %w", p.Offset, err)
			}
		case pm4.OpIndirectBuffer:
			ibp, _ := p.IndirectBuffer()
			if !ibp.Chain {
				return 0, 0, fmt.Errorf("dword %d: INDIRECT_BUFFER without CHAIN inside an IB (compute has no IB2): %w", p.Offset, ErrNotModelled)
			}
			return ibp.Addr, int(ibp.SizeDwords), nil
		default:
			return 0, 0, fmt.Errorf("dword %d: %s: %w (the test executor runs no shaders; exec/sim does)", p.Offset, p.Name(), ErrNotModelled)
		}
	}
}

// releaseData performs the memory write of a RELEASE_MEM (DATA_SEL 1 or 2;
// 0 writes nothing). Interrupts are the caller's business.
func releaseData(vm *VM, rm pm4.ReleaseMem) error {
	switch rm.DataSel {
	case pm4.DataSelNone:
		return nil
	case pm4.DataSelValue32:
		return vm.Store(rm.Addr, rm.Data, 4)
	case pm4.DataSelValue64:
		return vm.Store(rm.Addr, rm.Data, 8)
	}
	return fmt.Errorf("DATA_SEL %d: %w", rm.DataSel, ErrNotModelled)
}
