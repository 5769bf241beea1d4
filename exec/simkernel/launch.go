package simkernel

import (
	"errors"
	"fmt"
	"math"

	"zincc/exec/sim"
	"zincc/hwreg"
	"zincc/pm4"
)

// Options describe a launch of assembly or raw code (Launch).
type Options struct {
	Groups [3]uint32 // workgroups along x, y, z (zero: 1,1,1)
	Block  [3]uint32 // threads per workgroup (zero: one wave)
	// Buffers are mapped from BufferVA on; their addresses go to s0..
	// (two SGPRs each), then Scalars.
	Buffers []*Buffer
	Scalars []uint32
	Wave64  bool // run 64-lane waves even if the kernel was assembled for wave32
	// LDSBytes is the LDS per workgroup; negative takes the descriptor's
	// group segment size (0 without a descriptor).
	LDSBytes int
	// FloatMode is RSRC1.FLOAT_MODE; negative takes the descriptor's, or
	// 0xf0 (round to nearest even, denormals kept) without one.
	FloatMode int
	Sim       sim.Config // budget, wall-clock bound, hazard checking
}

// Result is what a launch did. Err is the dispatch's error (a page
// fault, a hang, a hazard...); the buffers hold what the kernel wrote
// before it.
type Result struct {
	Kernel string
	Wave   uint32    // 32 or 64
	Groups [3]uint32 // workgroups
	Block  [3]uint32 // threads per workgroup
	Stats  sim.Stats
	Err    error
}

// Resources returns the COMPUTE_PGM_RSRC1 and RSRC2 words k runs with
// under o: the descriptor's where there is one, else everything (the most
// VGPRs, all three work-item ids); LDS_SIZE and FLOAT_MODE as o says and
// no user SGPRs (the launch passes them itself).
func Resources(k *Kernel, o *Options) (rsrc1, rsrc2 uint32, err error) {
	rsrc1 = hwreg.Rsrc1VGPRs.Put(0, hwreg.Rsrc1VGPRs.Max()) // the most the field holds, capped at 256
	mode := uint32(0xf0)
	r2 := pm4.PgmRsrc2{TIDIGCompCnt: 2}
	lds := 0
	if d := k.Descriptor; d != nil {
		if d.LDSBytes() > MaxLDS && o.LDSBytes < 0 {
			return 0, 0, fmt.Errorf("kernel %s asks for %d bytes of LDS (.amdhsa_group_segment_fixed_size); gfx1201 gives a workgroup at most %d",
				k.Name, d.LDSBytes(), MaxLDS)
		}
		rsrc1, mode = d.ComputePgmRsrc1(), uint32(d.FloatMode())
		r2 = pm4.UnpackPgmRsrc2(d.ComputePgmRsrc2())
		lds = int(d.LDSBytes())
	}
	if o.FloatMode >= 0 {
		mode = uint32(o.FloatMode)
	}
	if o.LDSBytes >= 0 {
		lds = o.LDSBytes
	}
	r2.LDSSize = uint32((lds + hwreg.LDSUnit - 1) / hwreg.LDSUnit)
	r2.UserSGPR = 0
	rsrc2, err = r2.Pack()
	return hwreg.Rsrc1FloatMode.Put(rsrc1, mode), rsrc2, err
}

// mapBuffer maps b at *va and moves *va past it and its guard gap.
func mapBuffer(g *sim.GPU, b *Buffer, va *uint64) error {
	b.VA = *va
	if err := g.MapBacking(*va, b.Data, sim.PermRW, b.Name); err != nil {
		return err
	}
	*va += (uint64(len(b.Data))+bufferSlot-1)&^(bufferSlot-1) + bufferSlot // then an unmapped guard
	return nil
}

// Launch runs k once on a fresh emulated GPU. It fails before running
// when the launch cannot be set up (no code, too much LDS, a mapping);
// what the run itself ran into is Result.Err.
func Launch(k *Kernel, o Options) (*Result, error) {
	if len(k.Code) == 0 {
		return nil, fmt.Errorf("%s: no code", k.Name)
	}
	w64 := k.Wave64 || o.Wave64
	width := uint32(32)
	if w64 {
		width = 64
	}
	res := &Result{Kernel: k.Name, Wave: width, Groups: o.Groups, Block: o.Block}
	if res.Groups == [3]uint32{} {
		res.Groups = [3]uint32{1, 1, 1}
	}
	if res.Block == [3]uint32{} {
		res.Block = [3]uint32{width, 1, 1}
	}
	rsrc1, rsrc2, err := Resources(k, &o)
	if err != nil {
		return nil, err
	}
	g := sim.New(o.Sim)
	code := make([]byte, (len(k.Code)+4095)&^4095)
	copy(code, k.Code)
	if err := g.MapBacking(CodeVA, code, sim.PermRX, "code"); err != nil {
		return nil, err
	}
	g.Label(CodeVA+k.Entry, k.Name)
	var user []uint32
	va := uint64(BufferVA)
	for _, b := range o.Buffers {
		if err := mapBuffer(g, b, &va); err != nil {
			return nil, err
		}
		user = append(user, uint32(b.VA), uint32(b.VA>>32))
	}
	user = append(user, o.Scalars...)
	res.Stats, res.Err = g.Dispatch(sim.Launch{Entry: CodeVA + k.Entry, Rsrc1: rsrc1, Rsrc2: rsrc2, UserSGPRs: user,
		Groups: res.Groups, Block: res.Block, Wave32: !w64})
	return res, nil
}

// Arg is one explicit argument of a code object's kernel: a buffer (its
// address is passed) or a value.
type Arg struct {
	Buffer *Buffer
	Value  sim.Arg
}

// CodeObjectOptions describe a launch of an AMDHSA code object's kernel
// (LaunchCodeObject).
type CodeObjectOptions struct {
	Kernel string // its name; "" for the only kernel
	// Wave, if not 0, is the wave size the caller expects (32 or 64);
	// a kernel compiled for the other is refused.
	Wave int
	// Block is the workgroup size; zero takes the kernel's
	// reqd_work_group_size, or one wave.
	Block [3]uint32
	// GridSize is the HSA grid in work-items (the last workgroups may be
	// partial); zero takes Groups whole workgroups (zero Groups: one).
	GridSize [3]uint32
	Groups   [3]uint32
	Args     []Arg // the explicit arguments in order; buffers are mapped from BufferVA on
	// DispatchID is the dispatch id the kernel reads.
	DispatchID uint64
	// Stack is the private bytes per work-item for a dynamic stack and
	// the least any kernel gets.
	Stack uint32
	Sim   sim.Config
}

// WaveError is a code object's kernel compiled for another wave size
// than CodeObjectOptions.Wave.
type WaveError struct {
	Kernel string
	Wave   int
}

func (e *WaveError) Error() string {
	return fmt.Sprintf("kernel %s was compiled for wave%d; -wave32/-wave64 cannot change that", e.Kernel, e.Wave)
}

// LaunchCodeObject runs a kernel of the code object src once on a fresh
// emulated GPU, the way the HSA ABI and the ROCm runtime launch it
// (exec/sim's LoadCodeObject and Dispatch): the descriptor decides the
// wave size, LDS and private sizes, and the arguments are checked against
// the code object's metadata.
func LaunchCodeObject(src []byte, o CodeObjectOptions) (*Result, error) {
	co, err := sim.ParseCodeObject(src)
	if err != nil {
		return nil, err
	}
	k, err := co.Kernel(o.Kernel)
	if err != nil {
		return nil, err
	}
	if o.Wave != 0 && k.WaveSize != o.Wave {
		return nil, &WaveError{Kernel: k.Name, Wave: k.WaveSize}
	}
	block := o.Block
	if block == [3]uint32{} {
		block = [3]uint32{uint32(k.WaveSize), 1, 1}
		if r := k.ReqdWorkgroupSize; r != [3]uint32{} {
			block = r
		}
	}
	gridSize := o.GridSize
	if gridSize == [3]uint32{} {
		groups := o.Groups
		if groups == [3]uint32{} {
			groups = [3]uint32{1, 1, 1}
		}
		if gridSize, err = GridSize(groups, block); err != nil {
			return nil, err
		}
	}
	res := &Result{Kernel: k.Name, Wave: uint32(k.WaveSize), Block: block}
	for i := range res.Groups {
		res.Groups[i] = uint32((uint64(gridSize[i]) + uint64(block[i]) - 1) / uint64(block[i]))
	}
	g := sim.New(o.Sim)
	lc, err := g.LoadCodeObject(co, CodeVA)
	if err != nil {
		return nil, err
	}
	args := make([]sim.Arg, len(o.Args))
	va := uint64(BufferVA)
	for i, a := range o.Args {
		if a.Buffer == nil {
			args[i] = a.Value
			continue
		}
		if err := mapBuffer(g, a.Buffer, &va); err != nil {
			return nil, err
		}
		args[i] = sim.PointerArg(a.Buffer.VA)
	}
	res.Stats, res.Err = lc.Dispatch(sim.KernelDispatch{Kernel: k.Name, GridSize: gridSize, WorkgroupSize: block, Args: args,
		DispatchID: o.DispatchID, DynamicStackBytes: o.Stack, MinPrivateBytes: o.Stack})
	return res, nil
}

// ErrGridTooLarge is a grid of more than 2^32 work-items along an axis.
var ErrGridTooLarge = errors.New("more than 2^32 work-items along an axis")

// GridSize is the HSA grid of groups whole workgroups of block work-items.
func GridSize(groups, block [3]uint32) ([3]uint32, error) {
	var g [3]uint32
	for i := range g {
		n := uint64(groups[i]) * uint64(block[i])
		if n > math.MaxUint32 {
			return g, fmt.Errorf("%v workgroups of %v work-items: %w", groups, block, ErrGridTooLarge)
		}
		g[i] = uint32(n)
	}
	return g, nil
}
