package kmd

import (
	"fmt"
	"reflect"
	"sort"
	"testing"
	"unsafe"
)

// The layout test: every Go struct of this package against its C
// counterpart compiled from the installed UAPI headers (sizeof, alignment,
// offsetof, member size and signedness of every field), and, for what the
// installed Linux 6.1 headers lack, against offsets pinned from the upstream
// header cited below.

// Upstream sources of the pinned layouts.
const (
	// citeAMDGPU is the upstream amdgpu UAPI header the user-queue structs,
	// the upstream tails of hw_ip and device info, the 64-byte GEM_VA and
	// the upstream-only constants are pinned to.
	citeAMDGPU = "torvalds/linux include/uapi/drm/amdgpu_drm.h @ 0030595c3e8b48b32a12b8354ce9dbe00efd632f"
	// citeKFDPriv is the kernel-internal header defining the KFD mmap
	// offset encoding that CREATE_QUEUE's doorbell_offset uses.
	citeKFDPriv = "torvalds/linux drivers/gpu/drm/amd/amdkfd/kfd_priv.h (KFD_MMAP_TYPE_*, KFD_MMAP_GPU_ID_*; byte-offset form since the vm_pgoff conversion)"
)

// span is a pinned offset and size in bytes.
type span struct{ off, size uintptr }

// upstreamLayout pins what the installed headers cannot check.
type upstreamLayout struct {
	cite   string
	size   uintptr         // sizeof the upstream type; 0 = none pinned
	fields map[string]span // Go leaf path -> offset and size within the Go type
}

// layoutCase ties one Go type to one C type.
//
// For a view of a union member (GemCreate.In, Info.HWIP, ...), cMember is the
// C member designator the view must cover: the view's size and alignment are
// compared with that member's, and the accessor's offset with its offsetof.
// fields maps every named Go leaf (path "A.B" for nested structs, "_n" for
// the n-th blank field of a struct) to a C designator relative to cType;
// leaves missing from both fields and upstream.fields fail the test.
type layoutCase struct {
	name     string
	goType   reflect.Type
	cType    string // "" when the installed headers lack the type
	cMember  string
	view     func() (container, view unsafe.Pointer) // accessor under test, for views
	fields   map[string]string
	upstream *upstreamLayout
}

func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

// viewOf returns a view function calling accessor on a fresh container.
func viewOf[C any, V any](accessor func(*C) *V) func() (unsafe.Pointer, unsafe.Pointer) {
	return func() (unsafe.Pointer, unsafe.Pointer) {
		c := new(C)
		return unsafe.Pointer(c), unsafe.Pointer(accessor(c))
	}
}

// leaf is one scalar or array field of a Go struct, at its absolute offset.
type leaf struct {
	path      string
	off, size uintptr
	kind      reflect.Kind
	named     bool // exported and not blank: must be mapped
}

// leaves flattens t into its scalar and array fields; nested struct fields
// (including embedded ones) are walked with "Name." prefixes.
func leaves(t reflect.Type, base uintptr, prefix string) []leaf {
	var out []leaf
	blank := 0
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		off := base + f.Offset
		switch {
		case f.Name == "_":
			blank++
			out = append(out, leaf{path: fmt.Sprintf("%s_%d", prefix, blank), off: off, size: f.Type.Size(), kind: f.Type.Kind()})
		case !f.IsExported():
			out = append(out, leaf{path: prefix + f.Name, off: off, size: f.Type.Size(), kind: f.Type.Kind()})
		case f.Type.Kind() == reflect.Struct:
			out = append(out, leaves(f.Type, off, prefix+f.Name+".")...)
		default:
			out = append(out, leaf{path: prefix + f.Name, off: off, size: f.Type.Size(), kind: f.Type.Kind(), named: true})
		}
	}
	return out
}

// Expression builders for a C member designator m of type T.
func cSizeof(t string) string        { return "sizeof(" + t + ")" }
func cAlignof(t string) string       { return "_Alignof(" + t + ")" }
func cOffsetof(t, m string) string   { return "offsetof(" + t + ", " + m + ")" }
func cMemberSize(t, m string) string { return "sizeof(((" + t + " *)0)->" + m + ")" }
func cMemberAlign(t, m string) string {
	return "__alignof__(((" + t + " *)0)->" + m + ")"
}
func cSignedness(t, m string) string { return "SIGNEDNESS(((" + t + " *)0)->" + m + ")" }

func (c *layoutCase) register(set *probeSet) {
	if c.cType == "" {
		return
	}
	if c.cMember == "" {
		set.add(cSizeof(c.cType))
		set.add(cAlignof(c.cType))
	} else {
		set.add(cOffsetof(c.cType, c.cMember))
		set.add(cMemberSize(c.cType, c.cMember))
		set.add(cMemberAlign(c.cType, c.cMember))
	}
	for _, m := range c.fields {
		set.add(cOffsetof(c.cType, m))
		set.add(cMemberSize(c.cType, m))
		set.add(cSignedness(c.cType, m))
	}
}

func TestLayout(t *testing.T) {
	res := runProbe(t)
	for _, c := range layoutCases() {
		t.Run(c.name, func(t *testing.T) { c.check(t, res) })
	}
}

// TestPinnedLayouts checks the pinned upstream layouts alone, so they are
// verified even where the C probe is skipped.
func TestPinnedLayouts(t *testing.T) {
	for _, c := range layoutCases() {
		if c.cType != "" {
			continue
		}
		t.Run(c.name, func(t *testing.T) { c.check(t, nil) })
	}
}

func (c *layoutCase) check(t *testing.T, res *cResults) {
	ls := leaves(c.goType, 0, "")
	checkTiling(t, c.goType, ls)

	// Where the view sits inside its container, per the accessor.
	var base uintptr
	if c.view != nil {
		container, view := c.view()
		base = uintptr(view) - uintptr(container)
		if c.cType == "" && base != 0 {
			// Pinned views are all members of C unions, which start at 0.
			t.Errorf("accessor points %d bytes into the union, want 0", base)
		}
	}

	byPath := make(map[string]leaf)
	for _, l := range ls {
		byPath[l.path] = l
	}
	for p := range c.fields {
		if _, ok := byPath[p]; !ok {
			t.Errorf("field map names %s, which %v does not have", p, c.goType)
		}
	}
	if c.upstream != nil {
		for p := range c.upstream.fields {
			if _, ok := byPath[p]; !ok {
				t.Errorf("pinned layout names %s, which %v does not have", p, c.goType)
			}
			if _, dup := c.fields[p]; dup {
				t.Errorf("%s is both mapped to C and pinned upstream", p)
			}
		}
	}

	firstUpstream := c.goType.Size()
	for _, l := range ls {
		if m, ok := c.fields[l.path]; ok {
			if res == nil {
				continue
			}
			if got, want := base+l.off, uintptr(res.value(cOffsetof(c.cType, m))); got != want {
				t.Errorf("%s: offset %d, C offsetof(%s, %s) = %d", l.path, got, c.cType, m, want)
			}
			if got, want := l.size, uintptr(res.value(cMemberSize(c.cType, m))); got != want {
				t.Errorf("%s: size %d, C %s is %d bytes", l.path, got, m, want)
			}
			checkSignedness(t, l, res.value(cSignedness(c.cType, m)), m)
			continue
		}
		if c.upstream != nil {
			if s, ok := c.upstream.fields[l.path]; ok {
				if l.off != s.off || l.size != s.size {
					t.Errorf("%s: at %d size %d, upstream (%s) has %d size %d",
						l.path, l.off, l.size, c.upstream.cite, s.off, s.size)
				}
				firstUpstream = min(firstUpstream, l.off)
				continue
			}
		}
		if l.named {
			t.Errorf("%s: neither mapped to a C field nor pinned upstream", l.path)
		}
	}

	goSize, goAlign := c.goType.Size(), uintptr(c.goType.Align())
	if c.upstream != nil && c.upstream.size != 0 {
		if goSize != c.upstream.size {
			t.Errorf("sizeof %v = %d, upstream (%s) is %d", c.goType, goSize, c.upstream.cite, c.upstream.size)
		}
	}
	if res == nil || c.cType == "" {
		return
	}
	if c.cMember != "" {
		if want := uintptr(res.value(cOffsetof(c.cType, c.cMember))); base != want {
			t.Errorf("accessor points %d bytes into the container, C %s is at %d", base, c.cMember, want)
		}
		if want := uintptr(res.value(cMemberSize(c.cType, c.cMember))); goSize != want {
			t.Errorf("sizeof %v = %d, C %s.%s is %d bytes", c.goType, goSize, c.cType, c.cMember, want)
		}
		if want := uintptr(res.value(cMemberAlign(c.cType, c.cMember))); goAlign != want {
			t.Errorf("alignment of %v = %d, C %s.%s has %d", c.goType, goAlign, c.cType, c.cMember, want)
		}
		return
	}
	cSize := uintptr(res.value(cSizeof(c.cType)))
	if c.upstream != nil && c.upstream.size != 0 {
		// An upstream extension: the installed (older) struct must be exactly
		// the prefix that ends where the first upstream-only field begins.
		if cSize != firstUpstream {
			t.Errorf("installed %s is %d bytes; the upstream-only fields of %v start at %d", c.cType, cSize, c.goType, firstUpstream)
		}
	} else if goSize != cSize {
		t.Errorf("sizeof %v = %d, C sizeof(%s) = %d", c.goType, goSize, c.cType, cSize)
	}
	if want := uintptr(res.value(cAlignof(c.cType))); goAlign != want {
		t.Errorf("alignment of %v = %d, C %s has %d", c.goType, goAlign, c.cType, want)
	}
}

// checkTiling requires the leaves of t to cover it exactly: every padding
// byte of the C struct must be an explicit blank field in Go, so no field
// can silently move.
func checkTiling(t *testing.T, typ reflect.Type, ls []leaf) {
	t.Helper()
	sorted := append([]leaf(nil), ls...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].off < sorted[j].off })
	var end uintptr
	for _, l := range sorted {
		if l.off != end {
			t.Errorf("%v: %d bytes of implicit padding before %s at %d", typ, l.off-end, l.path, l.off)
		}
		end = l.off + l.size
	}
	if end != typ.Size() {
		t.Errorf("%v: %d bytes of implicit tail padding", typ, typ.Size()-end)
	}
}

// checkSignedness compares the signedness of a Go leaf with the C member's:
// 1 signed, 0 unsigned, 2 pointer or array (a Go uint64 or array).
func checkSignedness(t *testing.T, l leaf, c uint64, member string) {
	t.Helper()
	var ok bool
	switch l.kind {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		ok = c == 1
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		ok = c == 0
	case reflect.Uint64:
		ok = c == 0 || c == 2 // __u64 or a pointer
	case reflect.Array:
		ok = c == 2
	}
	if !ok {
		t.Errorf("%s: Go kind %v, C %s has signedness class %d (1 signed, 0 unsigned, 2 pointer/array)", l.path, l.kind, member, c)
	}
}

// prefixed maps Go names to C names under a common C member prefix.
func prefixed(prefix string, m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for g, c := range m {
		out[g] = prefix + c
	}
	return out
}
