package sim

// Clock returns the emulated GPU clock: the number of instructions
// executed since New, which RELEASE_MEM and COPY_DATA write as the GPU
// clock counter. It is not a time; a driver that models ring-level
// timestamps reads it so that they agree with the ones an IB writes.
func (g *GPU) Clock() uint64 { return g.clock }
