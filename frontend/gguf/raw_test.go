package gguf

import (
	"encoding/binary"
	"math"
)

// raw assembles GGUF bytes field by field, written from the layout table in
// docs/gguf.md and independent of Writer, so tests can state exactly what is on
// disk, including things Writer refuses to produce.
type raw struct{ b []byte }

func (r *raw) u8(x uint8) *raw   { r.b = append(r.b, x); return r }
func (r *raw) u16(x uint16) *raw { r.b = binary.LittleEndian.AppendUint16(r.b, x); return r }
func (r *raw) u32(x uint32) *raw { r.b = binary.LittleEndian.AppendUint32(r.b, x); return r }
func (r *raw) u64(x uint64) *raw { r.b = binary.LittleEndian.AppendUint64(r.b, x); return r }
func (r *raw) f64(x float64) *raw {
	return r.u64(math.Float64bits(x))
}
func (r *raw) bytes(p []byte) *raw { r.b = append(r.b, p...); return r }
func (r *raw) str(s string) *raw   { return r.u64(uint64(len(s))).bytes([]byte(s)) }

// header writes magic, version 3 and the two counts.
func (r *raw) header(nTensors, nKV uint64) *raw {
	return r.bytes([]byte("GGUF")).u32(3).u64(nTensors).u64(nKV)
}

// kvHead writes a key and its value type id.
func (r *raw) kvHead(key string, t ValueType) *raw { return r.str(key).u32(uint32(t)) }

// info writes a tensor-info record.
func (r *raw) info(name string, dims []uint64, typ GGMLType, off uint64) *raw {
	r.str(name).u32(uint32(len(dims)))
	for _, d := range dims {
		r.u64(d)
	}
	return r.u32(uint32(typ)).u64(off)
}

// padTo appends zeros up to the next multiple of a.
func (r *raw) padTo(a int) *raw {
	for len(r.b)%a != 0 {
		r.b = append(r.b, 0)
	}
	return r
}
