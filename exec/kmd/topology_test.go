package kmd

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// r9700Properties is a GPU node as kfd_topology.c node_show prints it
// ("name value" lines), with the values the reference sheet gives for an
// R9700 (gfx1201): simd_count 128, simd_per_cu 2, one XCC, renderD128.
const r9700Properties = `cpu_cores_count 0
simd_count 128
mem_banks_count 1
caches_count 0
io_links_count 1
simd_per_cu 2
num_xcc 1
max_waves_per_simd 16
lds_size_in_kb 64
wave_front_size 32
array_count 8
simd_arrays_per_engine 2
cu_per_simd_array 8
gfx_target_version 120001
vendor_id 4098
device_id 30033
drm_render_minor 128
local_mem_size 0
num_cp_queues 8
unique_id 18446744073709551615
`

const cpuProperties = "cpu_cores_count 16\nsimd_count 0\ngfx_target_version 0\ndrm_render_minor 0\n"

func fakeTopology() fstest.MapFS {
	dir := TopologyNodesDir
	return fstest.MapFS{
		dir + "/0/gpu_id":      {Data: []byte("0\n")},
		dir + "/0/properties":  {Data: []byte(cpuProperties)},
		dir + "/2/gpu_id":      {Data: []byte("4190\n")},
		dir + "/2/properties":  {Data: []byte(r9700Properties)},
		dir + "/10/gpu_id":     {Data: []byte("777\n")},
		dir + "/10/properties": {Data: []byte(strings.Replace(r9700Properties, "drm_render_minor 128", "drm_render_minor 129", 1))},
		dir + "/generation_id": {Data: []byte("1\n")}, // not a node: skipped
	}
}

func TestReadTopology(t *testing.T) {
	nodes, err := ReadTopology(fakeTopology(), TopologyNodesDir)
	if err != nil {
		t.Fatalf("ReadTopology: %v", err)
	}
	var ids []int
	for _, n := range nodes {
		ids = append(ids, n.ID)
	}
	if fmt.Sprint(ids) != "[0 2 10]" {
		t.Fatalf("node ids %v, want [0 2 10] (numeric order, generation_id skipped)", ids)
	}
	if nodes[0].IsGPU() || !nodes[1].IsGPU() || nodes[1].GPUID != 4190 {
		t.Fatalf("gpu ids: node 0 %d, node 2 %d", nodes[0].GPUID, nodes[1].GPUID)
	}
	gpu, err := FindGPUByRenderMinor(nodes, 128)
	if err != nil || gpu.ID != 2 {
		t.Fatalf("FindGPUByRenderMinor(128) = node %d, %v; want node 2", gpu.ID, err)
	}
	for name, want := range map[string]uint32{"simd_count": 128, "simd_per_cu": 2, "num_xcc": 1, "drm_render_minor": 128, "vendor_id": 0x1002} {
		if got, err := gpu.Uint32(name); err != nil || got != want {
			t.Errorf("%s = %d, %v; want %d", name, got, err, want)
		}
	}
	if target, err := gpu.GfxTarget(); err != nil || target != "gfx1201" {
		t.Errorf("GfxTarget = %q, %v; want gfx1201", target, err)
	}
	if v, err := gpu.Uint64("unique_id"); err != nil || v != 1<<64-1 {
		t.Errorf("unique_id = %d, %v", v, err)
	}
	if _, err := gpu.Uint32("unique_id"); err == nil || !strings.Contains(err.Error(), "does not fit in 32 bits") {
		t.Errorf("Uint32(unique_id) error = %v, want an overflow error", err)
	}
	if _, err := gpu.Uint32("cwsr_size"); err == nil || err.Error() != "kfd topology node 2: property cwsr_size missing" {
		t.Errorf("missing property error = %v", err)
	}
	if _, err := FindGPUByRenderMinor(nodes, 130); err == nil || !strings.Contains(err.Error(), "have 128, 129") {
		t.Errorf("FindGPUByRenderMinor(130) error = %v, want it to list 128, 129", err)
	}
	if _, err := FindGPUByRenderMinor(nodes[:1], 128); err == nil || !strings.Contains(err.Error(), "no GPU node") {
		t.Errorf("CPU-only topology error = %v", err)
	}
}

func TestReadTopologyErrors(t *testing.T) {
	dir := TopologyNodesDir
	cases := []struct {
		name string
		fsys fstest.MapFS
		want string // substring of the error
	}{
		{"no kfd", fstest.MapFS{}, "kfd topology: open " + dir},
		{"gpu_id missing", fstest.MapFS{dir + "/1/properties": {Data: []byte("")}}, dir + "/1/gpu_id"},
		{"gpu_id not a number", fstest.MapFS{
			dir + "/1/gpu_id": {Data: []byte("0x12\n")}, dir + "/1/properties": {Data: []byte("")},
		}, dir + `/1/gpu_id: want one decimal 32-bit number, got "0x12"`},
		{"gpu_id too large", fstest.MapFS{
			dir + "/1/gpu_id": {Data: []byte("4294967296\n")}, dir + "/1/properties": {Data: []byte("")},
		}, "want one decimal 32-bit number"},
		{"properties missing", fstest.MapFS{dir + "/1/gpu_id": {Data: []byte("5\n")}}, dir + "/1/properties"},
		{"properties malformed", fstest.MapFS{
			dir + "/1/gpu_id": {Data: []byte("5\n")}, dir + "/1/properties": {Data: []byte("simd_count 4\nnum_xcc\n")},
		}, dir + `/1/properties:2: malformed kfd topology properties: want "name value", got "num_xcc"`},
		{"properties too large", fstest.MapFS{
			dir + "/1/gpu_id": {Data: []byte("5\n")}, dir + "/1/properties": {Data: make([]byte, maxSysfsFile+1)},
		}, "is larger than"},
	}
	for _, c := range cases {
		_, err := ReadTopology(c.fsys, dir)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.name, err, c.want)
		}
	}
	if _, err := ReadTopology(fstest.MapFS{}, dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing topology error %v does not match fs.ErrNotExist", err)
	}
}

func TestParseProperties(t *testing.T) {
	props, err := ParseProperties("p", []byte("a 1\n\n  b_2\t18446744073709551615  \nc 0"))
	if err != nil {
		t.Fatalf("ParseProperties: %v", err)
	}
	if len(props) != 3 || props["a"] != 1 || props["b_2"] != 1<<64-1 || props["c"] != 0 {
		t.Fatalf("props = %v", props)
	}
	bad := []struct {
		in, want string
	}{
		{"a 1 2", `p:1: malformed kfd topology properties: want "name value", got "a 1 2"`},
		{"a 1\nB 2", `p:2: malformed kfd topology properties: property name "B" is not [a-z0-9_]+`},
		{"a -1", `p:1: malformed kfd topology properties: a: value "-1" is not a decimal unsigned 64-bit number`},
		{"a 18446744073709551616", `a: value "18446744073709551616" is not a decimal unsigned 64-bit number`},
		{"a 0x10", `value "0x10"`},
		{"a 1\nb 2\na 3", "p:3: malformed kfd topology properties: a given again (first on line 1)"},
	}
	for _, c := range bad {
		_, err := ParseProperties("p", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrProperties) {
			t.Errorf("ParseProperties(%q) = %v, want %q wrapping ErrProperties", c.in, err, c.want)
		}
	}
}

func TestGfxTargetName(t *testing.T) {
	good := map[uint32]string{120001: "gfx1201", 120000: "gfx1200", 110000: "gfx1100", 90010: "gfx90a", 100302: "gfx1032"}
	for v, want := range good {
		if got, err := GfxTargetName(v); err != nil || got != want {
			t.Errorf("GfxTargetName(%d) = %q, %v; want %q", v, got, err, want)
		}
	}
	for _, v := range []uint32{0, 99, 121600, 120016} {
		if got, err := GfxTargetName(v); err == nil {
			t.Errorf("GfxTargetName(%d) = %q, want an error", v, got)
		}
	}
}

func TestRenderMinor(t *testing.T) {
	good := map[string]uint32{"/dev/dri/renderD128": 128, "renderD129": 129, "/dev/dri/renderD300": 300}
	for p, want := range good {
		if got, err := RenderMinor(p); err != nil || got != want {
			t.Errorf("RenderMinor(%q) = %d, %v; want %d", p, got, err, want)
		}
	}
	for _, p := range []string{"/dev/dri/card0", "/dev/dri/renderD", "/dev/dri/renderD12", "/dev/dri/renderD+128", "/dev/dri/renderD1x", "/dev/dri/renderD99999999999"} {
		if got, err := RenderMinor(p); err == nil {
			t.Errorf("RenderMinor(%q) = %d, want an error", p, got)
		}
	}
}

func FuzzParseProperties(f *testing.F) {
	f.Add([]byte(r9700Properties))
	f.Add([]byte(cpuProperties))
	f.Add([]byte("a 1\na 1"))
	f.Add([]byte("x \t 9\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		props, err := ParseProperties("fuzz", data)
		if err != nil {
			if !errors.Is(err, ErrProperties) || !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error %q does not name the file and wrap ErrProperties", err)
			}
			return
		}
		// Printing the properties back and parsing again gives the same map.
		var b strings.Builder
		for k, v := range props {
			fmt.Fprintf(&b, "%s %d\n", k, v)
		}
		again, err := ParseProperties("again", []byte(b.String()))
		if err != nil || fmt.Sprint(again) != fmt.Sprint(props) {
			t.Fatalf("round trip: %v, %v vs %v", err, again, props)
		}
	})
}

func FuzzRenderMinor(f *testing.F) {
	f.Add("/dev/dri/renderD128")
	f.Add("renderD")
	f.Add("/dev/dri/renderD0000000000128")
	f.Fuzz(func(t *testing.T, p string) {
		m, err := RenderMinor(p)
		if err != nil {
			return
		}
		if m < 128 || m >= 1<<20 {
			t.Fatalf("RenderMinor(%q) = %d outside the accepted range", p, m)
		}
	})
}
