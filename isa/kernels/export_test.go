package kernels

import "io/fs"

// Build exposes the library builder to the external tests: complete=false
// admits a library that lacks some ABIs kernels.
func Build(fsys fs.FS, complete bool) (*Library, error) { return build(fsys, complete) }

// Sources is the embedded file system of .s files.
var Sources = sources

// AttentionScratch is the fixed LDS the attention kernels' descriptors
// must declare.
const AttentionScratch = attentionScratch
