package fake

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing/fstest"

	"zincc/exec/kmd"
)

// topologyFS is the sysfs view of the machine's KFD topology: node 0 is
// the CPU (gpu_id 0), node 1 the GPU with cfg.Properties.
func topologyFS(cfg Config) fs.FS {
	m := fstest.MapFS{}
	if cfg.KFDNode == "" {
		return m
	}
	dir := kmd.TopologyNodesDir
	m[path.Join(dir, "0", "gpu_id")] = &fstest.MapFile{Data: []byte("0\n")}
	m[path.Join(dir, "0", "properties")] = &fstest.MapFile{Data: []byte("cpu_cores_count 16\nsimd_count 0\n")}
	m[path.Join(dir, "1", "gpu_id")] = &fstest.MapFile{Data: []byte(fmt.Sprintf("%d\n", cfg.GPUID))}
	names := make([]string, 0, len(cfg.Properties))
	for k := range cfg.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		fmt.Fprintf(&b, "%s %d\n", k, cfg.Properties[k])
	}
	m[path.Join(dir, "1", "properties")] = &fstest.MapFile{Data: []byte(b.String())}
	return m
}
