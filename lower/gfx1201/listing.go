package gfx1201

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"zincc/ir"
	"zincc/pm4"
)

// Listing writes the annotated IB: the buffers with their addresses, then
// one line per packet (pm4's disassembler), with a comment before each
// dispatch naming the IR statement it implements, its source line and the
// kernel, and a note on every dword patched per step.
func (e *Executable) Listing(w io.Writer) error {
	fmt.Fprintf(w, "// gfx1201 IB for graph @%s: %d dwords, %d dispatches\n", e.Module.Name, len(e.IB), len(e.Dispatches))
	for i, b := range e.Buffers {
		ro := ""
		if b.ReadOnly {
			ro = ", read-only"
		}
		fmt.Fprintf(w, "// buffer %-7s at 0x%010x: %d bytes used%s\n", BufferName(i), b.VA, b.Used, ro)
	}
	return pm4.Disassemble(w, e.IB, pm4.Options{Comments: e.comments()})
}

// comments builds the per-dword annotations of the listing.
func (e *Executable) comments() map[int]string {
	c := map[int]string{}
	add := func(dw int, text string) {
		if old, ok := c[dw]; ok {
			text = old + "; " + text
		}
		c[dw] = text
	}
	for i, d := range e.Dispatches {
		var stmts []string // one, or a grouped matvec's
		for _, n := range e.Module.Nodes[d.Node : d.Last()+1] {
			stmts = append(stmts, fmt.Sprintf("%s  (%s)", ir.NodeString(n), shortPos(n.Pos)))
		}
		add(d.First, fmt.Sprintf("dispatch %d: %s  kernel %s", i, strings.Join(stmts, " + "), d.KernelName()))
	}
	inputs := e.Module.DeclsOf(ir.Input)
	for _, p := range e.Patches {
		add(p.Dword, "input "+inputs[p.Input].Ref()+", patched per step")
	}
	add(e.FenceDword, "fence sequence number, patched per step")
	return c
}

// shortPos prints a position with the file's base name, so listings do not
// depend on the directory the compiler ran in.
func shortPos(p ir.Pos) string {
	p.File = filepath.Base(p.File)
	return p.String()
}

// PlanListing writes the memory layout: every buffer with its address, and
// every placed value in address order.
func (e *Executable) PlanListing(w io.Writer) error {
	type row struct {
		v *ir.Value
		p Placement
	}
	var rows []row
	for id, p := range e.Values {
		if v := e.Module.ValueByID(id); v != nil && p.Buffer != NoBuffer {
			rows = append(rows, row{v, p})
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.p.Buffer != b.p.Buffer {
			return a.p.Buffer < b.p.Buffer
		}
		if a.p.Offset != b.p.Offset {
			return a.p.Offset < b.p.Offset
		}
		return a.v.Name < b.v.Name
	})
	var b strings.Builder
	fmt.Fprintf(&b, "// memory plan of graph @%s\n", e.Module.Name)
	naive := uint64(0)
	for _, r := range rows {
		if r.p.Buffer == BufArena {
			naive += alignUp(r.p.Bytes, valueAlign)
		}
	}
	for i, buf := range e.Buffers {
		fmt.Fprintf(&b, "%-7s 0x%010x  %10d bytes used of %d\n", BufferName(i), buf.VA, buf.Used, buf.Size)
		for _, r := range rows {
			if r.p.Buffer == i {
				fmt.Fprintf(&b, "  +0x%08x %10d  %-7s %-24s %v\n", r.p.Offset, r.p.Bytes, r.v.Kind, r.v.Ref(), r.v.Type)
			}
		}
	}
	fmt.Fprintf(&b, "arena: %d bytes; %d if no two values shared memory\n", e.Buffers[BufArena].Used, naive)
	_, err := io.WriteString(w, b.String())
	return err
}
