package kmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// TopologyNodesDir is where amdkfd publishes its topology, relative to the
// root of the file system (for fs.FS use: ReadTopology(os.DirFS("/"),
// TopologyNodesDir)). /sys/class/kfd/kfd links to
// /sys/devices/virtual/kfd/kfd.
const TopologyNodesDir = "sys/class/kfd/kfd/topology/nodes"

// maxSysfsFile bounds what is read from one sysfs file; the kernel's are at
// most a page, and a fake topology must not make the reader allocate without
// bound.
const maxSysfsFile = 1 << 20

// TopologyNode is one node directory nodes/N of the KFD topology
// (drivers/gpu/drm/amd/amdkfd/kfd_topology.c): a CPU (GPUID 0) or a GPU.
type TopologyNode struct {
	ID         int    // N
	GPUID      uint32 // from the gpu_id file; 0 for a CPU node
	Properties Properties
}

// Properties are the "name value" lines of a node's properties file, e.g.
// gfx_target_version, simd_count, simd_per_cu, num_xcc, drm_render_minor,
// and on newer kernels cwsr_size and ctl_stack_size.
type Properties map[string]uint64

// IsGPU reports whether n is a GPU node.
func (n *TopologyNode) IsGPU() bool { return n.GPUID != 0 }

// Uint64 returns property name, or an error naming the node and property
// when it is missing.
func (n *TopologyNode) Uint64(name string) (uint64, error) {
	v, ok := n.Properties[name]
	if !ok {
		return 0, fmt.Errorf("kfd topology node %d: property %s missing", n.ID, name)
	}
	return v, nil
}

// Uint32 returns property name, or an error when it is missing or does not
// fit in 32 bits.
func (n *TopologyNode) Uint32(name string) (uint32, error) {
	v, err := n.Uint64(name)
	if err != nil {
		return 0, err
	}
	if v > 1<<32-1 {
		return 0, fmt.Errorf("kfd topology node %d: property %s = %d does not fit in 32 bits", n.ID, name, v)
	}
	return uint32(v), nil
}

// GfxTarget returns the node's gfx target name ("gfx1201") from its
// gfx_target_version property.
func (n *TopologyNode) GfxTarget() (string, error) {
	v, err := n.Uint32("gfx_target_version")
	if err != nil {
		return "", err
	}
	name, err := GfxTargetName(v)
	if err != nil {
		return "", fmt.Errorf("kfd topology node %d: %w", n.ID, err)
	}
	return name, nil
}

// GfxTargetName formats a KFD gfx_target_version (major*10000 + minor*100 +
// stepping, decimal) as an LLVM target name: 120001 is "gfx1201", 90010 is
// "gfx90a". Minor and stepping are single hex digits in the name, so values
// above 15 are errors, as is 0 (a CPU node).
func GfxTargetName(version uint32) (string, error) {
	major, minor, step := version/10000, version/100%100, version%100
	if major == 0 || minor > 15 || step > 15 {
		return "", fmt.Errorf("gfx_target_version %d is not major*10000+minor*100+stepping with major > 0 and minor, stepping <= 15", version)
	}
	return fmt.Sprintf("gfx%d%x%x", major, minor, step), nil
}

// ReadTopology reads every node under dir (normally TopologyNodesDir) of
// fsys, in node order. Entries whose name is not a decimal number are
// skipped. A missing dir gives an error wrapping fs.ErrNotExist (no KFD).
func ReadTopology(fsys fs.FS, dir string) ([]TopologyNode, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("kfd topology: %w", err)
	}
	var nodes []TopologyNode
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil || id < 0 || strconv.Itoa(id) != e.Name() {
			continue
		}
		node, err := readNode(fsys, path.Join(dir, e.Name()), id)
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, node)
	}
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].ID < nodes[j].ID })
	return nodes, nil
}

func readNode(fsys fs.FS, dir string, id int) (TopologyNode, error) {
	node := TopologyNode{ID: id}
	idPath := path.Join(dir, "gpu_id")
	data, err := readSysfsFile(fsys, idPath)
	if err != nil {
		return node, err
	}
	text := strings.TrimSuffix(string(data), "\n")
	gpuID, err := strconv.ParseUint(text, 10, 32)
	if err != nil {
		return node, fmt.Errorf("%s: want one decimal 32-bit number, got %q", idPath, text)
	}
	node.GPUID = uint32(gpuID)
	propPath := path.Join(dir, "properties")
	data, err = readSysfsFile(fsys, propPath)
	if err != nil {
		return node, err
	}
	node.Properties, err = ParseProperties(propPath, data)
	return node, err
}

func readSysfsFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("kfd topology: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSysfsFile+1))
	if err != nil {
		return nil, fmt.Errorf("kfd topology: read %s: %w", name, err)
	}
	if len(data) > maxSysfsFile {
		return nil, fmt.Errorf("kfd topology: %s is larger than %d bytes", name, maxSysfsFile)
	}
	return data, nil
}

// ErrProperties is wrapped by every error ParseProperties returns.
var ErrProperties = errors.New("malformed kfd topology properties")

// ParseProperties parses a KFD properties file: one "name value" pair per
// line, the name a run of [a-z0-9_], the value a decimal unsigned 64-bit
// number, separated by blanks. Empty lines are allowed; anything else, and a
// name given twice, is an error "file:line: ..." wrapping ErrProperties.
func ParseProperties(file string, data []byte) (Properties, error) {
	props := make(Properties)
	firstLine := make(map[string]int)
	for lineNo, line := range bytes.Split(data, []byte("\n")) {
		lineNo++
		fields := strings.Fields(string(line))
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: %w: want \"name value\", got %q", file, lineNo, ErrProperties, line)
		}
		name, value := fields[0], fields[1]
		if !isPropertyName(name) {
			return nil, fmt.Errorf("%s:%d: %w: property name %q is not [a-z0-9_]+", file, lineNo, ErrProperties, name)
		}
		v, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w: %s: value %q is not a decimal unsigned 64-bit number", file, lineNo, ErrProperties, name, value)
		}
		if first, dup := firstLine[name]; dup {
			return nil, fmt.Errorf("%s:%d: %w: %s given again (first on line %d)", file, lineNo, ErrProperties, name, first)
		}
		firstLine[name] = lineNo
		props[name] = v
	}
	return props, nil
}

func isPropertyName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// FindGPUByRenderMinor returns the GPU node whose drm_render_minor is minor
// (128 for /dev/dri/renderD128), or an error listing the minors present.
func FindGPUByRenderMinor(nodes []TopologyNode, minor uint32) (TopologyNode, error) {
	var seen []string
	for _, n := range nodes {
		if !n.IsGPU() {
			continue
		}
		m, ok := n.Properties["drm_render_minor"]
		if !ok {
			continue
		}
		if m == uint64(minor) {
			return n, nil
		}
		seen = append(seen, strconv.FormatUint(m, 10))
	}
	if len(seen) == 0 {
		return TopologyNode{}, fmt.Errorf("kfd topology: no GPU node with a drm_render_minor (looking for %d)", minor)
	}
	return TopologyNode{}, fmt.Errorf("kfd topology: no GPU node with drm_render_minor %d (have %s)", minor, strings.Join(seen, ", "))
}

// RenderMinor parses the minor number of a DRM render node path
// ("/dev/dri/renderD128" is 128). Render minors start at 128; newer kernels
// may hand out minors past the old 128..191 block, so any minor up to the
// 20-bit MINORBITS limit is accepted.
func RenderMinor(devPath string) (uint32, error) {
	base := path.Base(devPath)
	digits, ok := strings.CutPrefix(base, "renderD")
	if !ok || digits == "" {
		return 0, fmt.Errorf("%q is not a render node path (want .../renderD<minor>)", devPath)
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, fmt.Errorf("%q: render minor %q is not a decimal number", devPath, digits)
		}
	}
	m, err := strconv.ParseUint(digits, 10, 32)
	if err != nil || m < 128 || m >= 1<<20 {
		return 0, fmt.Errorf("%q: render minor %s is outside 128..%d", devPath, digits, 1<<20-1)
	}
	return uint32(m), nil
}
