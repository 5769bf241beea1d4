package perf

import (
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/sim"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Options says how to profile a step.
type Options struct {
	// Pos is the position input's value (the KV rows attention reads are
	// 0..Pos); Token the token input's.
	Pos, Token int
	// SampleGroups bounds the workgroups run per dispatch (0: every one;
	// DefaultSampleGroups is what zincc perf uses).
	SampleGroups int
	// Machine holds the figures (nil: R9700()).
	Machine *Machine
	// Weights, if set, are uploaded; otherwise weights are zeros. No
	// kernel's instruction stream depends on weight values today.
	Weights *exec.Weights
	// Dedup runs only the first of dispatches that launch the same
	// kernel on the same grid for a node of the same op, operand types
	// and attributes (the layers of a model), and copies its counts to
	// the others (Dispatch.CopyOf says which).
	Dedup bool
}

// DefaultSampleGroups is the workgroups zincc perf runs of each dispatch.
const DefaultSampleGroups = 64

// Streamed are the buffers whose bytes come from DRAM each step: weights
// and KV states. The arena (activations, a few MiB at most) is taken to
// stay in L2/MALL.
var Streamed = []string{gfx1201.BufferName(gfx1201.BufWeights), gfx1201.BufferName(gfx1201.BufState)}

// Run lowers m for gfx1201, runs one step of it on the emulator with
// profiling, and models its time.
func Run(m *ir.Module, opts Options) (*Report, error) {
	lib, err := gfx1201.DefaultLibrary()
	if err != nil {
		return nil, err
	}
	exe, err := gfx1201.Lower(m, lib, gfx1201.Options{})
	if err != nil {
		return nil, err
	}
	return RunExecutable(exe, opts)
}

// RunExecutable profiles and models one step of a lowered graph.
func RunExecutable(exe *gfx1201.Executable, opts Options) (*Report, error) {
	mach := R9700()
	if opts.Machine != nil {
		mach = *opts.Machine
	}
	m := exe.Module
	inputs := make([]uint32, len(m.DeclsOf(ir.Input)))
	roles, err := exec.FindRoles(m)
	if err != nil {
		return nil, err
	}
	index := map[*ir.Value]int{}
	for i, v := range m.DeclsOf(ir.Input) {
		index[v] = i
	}
	if roles.Pos != nil {
		inputs[index[roles.Pos]] = uint32(opts.Pos)
	}
	if roles.Token != nil {
		inputs[index[roles.Token]] = uint32(opts.Token)
	}
	if err := exec.CheckInputs(m, inputs); err != nil {
		return nil, err
	}
	g := sim.New(sim.Config{Hazards: sim.HazardOff, MaxWall: 10 * time.Minute,
		Profile: &sim.ProfileConfig{SampleGroups: opts.SampleGroups, Streamed: Streamed}})
	sizes := hwring.BufferSizes(exe)
	for i := 0; i < gfx1201.NumBuffers; i++ {
		// Zeroed pages that are never written are never touched: a 7B
		// graph's 4 GB of weights cost nothing unless uploaded.
		data, free, err := zeroPages(sizes[i])
		if err != nil {
			return nil, err
		}
		defer free()
		perm := sim.PermRW
		switch {
		case i == gfx1201.BufCode:
			perm = sim.PermRX
			copy(data, exe.Code)
			end := hwring.CodeEnd(uint64(len(exe.Code)))
			for a := (uint64(len(exe.Code)) + 3) &^ 3; a+4 <= end; a += 4 {
				binary.LittleEndian.PutUint32(data[a:], hwring.SCodeEnd)
			}
		case hwring.ReadOnly(exe, i):
			perm = sim.PermRead
		}
		if err := g.MapBacking(exe.Buffers[i].VA, data, perm, gfx1201.BufferName(i)); err != nil {
			return nil, err
		}
		if i == gfx1201.BufWeights && opts.Weights != nil {
			for _, v := range m.DeclsOf(ir.Weight) {
				p, ok := exe.Placement(v)
				d := opts.Weights.Data(v)
				if !ok || uint64(len(d)) != p.Bytes {
					return nil, fmt.Errorf("weight %s: %d bytes bound, %v takes %d", v.Ref(), len(d), v.Type, p.Bytes)
				}
				copy(data[p.Offset:], d)
			}
		}
	}
	for _, d := range exe.Dispatches {
		g.Label(exe.Buffers[gfx1201.BufCode].VA+d.Entry, d.KernelName())
	}
	ib := append([]uint32(nil), exe.IB...)
	exe.PatchInputs(ib, inputs, 1)
	copyOf := make([]int, len(exe.Dispatches))
	first := map[string]int{}
	for i, d := range exe.Dispatches {
		copyOf[i] = -1
		if !opts.Dedup {
			continue
		}
		key := dispatchKey(m.Nodes[d.Node:d.Last()+1], d.Kernel, ib[d.Dword+1:d.Dword+4])
		if j, ok := first[key]; ok {
			copyOf[i] = j
			ib[d.Dword+1] = 0 // DISPATCH_DIRECT DIM_X: no workgroups
		} else {
			first[key] = i
		}
	}
	start := time.Now()
	st, err := g.Execute(ib)
	if err != nil {
		return nil, fmt.Errorf("the emulator: %w", err)
	}
	if len(st.PerDispatch) != len(exe.Dispatches) {
		return nil, fmt.Errorf("the emulator ran %d dispatches; the executable has %d", len(st.PerDispatch), len(exe.Dispatches))
	}
	for i, j := range copyOf {
		if j >= 0 {
			st.PerDispatch[i].Profile = st.PerDispatch[j].Profile
		}
	}
	r := build(exe, &st, &mach, opts, copyOf)
	r.EmulatorSeconds = time.Since(start).Seconds()
	return r, nil
}

// dispatchKey identifies dispatches that do the same work (Options.Dedup):
// the kernel, the grid, and each implemented node's op, operand types and
// kinds and attributes (a grouped matvec implements several).
func dispatchKey(nodes []*ir.Node, kernel int, grid []uint32) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %v", kernel, grid)
	for _, n := range nodes {
		fmt.Fprintf(&b, " %s", n.Op.Name)
		for _, a := range n.Args {
			fmt.Fprintf(&b, " %d:%v", a.Kind, a.Type)
		}
		for _, a := range n.Attrs {
			fmt.Fprintf(&b, " %s=%v", a.Name, a.Value)
		}
		b.WriteString(";")
	}
	return b.String()
}

// FloorBytes is the DRAM traffic a step cannot avoid, from the graph
// alone: every weight an op other than embed reads, one row of each
// embedding table, rows 0..pos of each KV state attention reads, and the
// row kv_store writes. Activations are taken to stay in cache.
func FloorBytes(m *ir.Module, pos int) float64 {
	total, _ := floor(m, pos)
	return total
}

// floor returns FloorBytes and its split by op kind (a weight two ops read
// is charged once, to the op that reads the most of it).
func floor(m *ir.Module, pos int) (float64, map[*ir.Node]float64) {
	type use struct {
		bytes float64
		node  *ir.Node
	}
	weight := map[*ir.Value]use{}
	var weights []*ir.Value
	byNode := map[*ir.Node]float64{}
	total := 0.0
	rowBytes := func(v *ir.Value) float64 {
		return float64(v.Type.Bytes()) / float64(max(v.Type.Shape[0], 1))
	}
	for _, n := range m.Nodes {
		for i, a := range n.Args {
			switch a.Kind {
			case ir.Weight:
				b := float64(a.Type.Bytes())
				if n.Op == ir.OpEmbed && i == 0 {
					b = rowBytes(a)
				}
				if u, ok := weight[a]; !ok || b > u.bytes {
					if !ok {
						weights = append(weights, a)
					}
					weight[a] = use{b, n}
				}
			case ir.State:
				b := float64(a.Type.Bytes())
				switch n.Op {
				case ir.OpAttention, ir.OpAttentionQuantize:
					b = rowBytes(a) * float64(min(pos+1, a.Type.Shape[0]))
				case ir.OpKVStore, ir.OpRopeKV: // one row stored
					b = rowBytes(a)
				}
				byNode[n] += b
				total += b
			}
		}
	}
	for _, v := range weights {
		u := weight[v]
		byNode[u.node] += u.bytes
		total += u.bytes
	}
	return total, byNode
}
