package pm4

// emitDispatch writes one complete compute dispatch: program address,
// RSRC1/2/3, workgroup size, four user-data dwords and DISPATCH_DIRECT
// (the sequence the benchmark times). Values follow the llvm-mc 19 gfx1201
// descriptor in shared/ref/pm4-gfx12.md §5.1 and tinygrad's wave32 initiator.
func emitDispatch(b *Builder) error {
	_ = b.SetProgram(0x7F00_1234_5600)
	_ = b.SetShReg(COMPUTE_PGM_RSRC1, 0x600C0001, 0x00001188)
	_ = b.SetReg(COMPUTE_PGM_RSRC3, 0)
	_ = b.SetShReg(COMPUTE_NUM_THREAD_X, 64, 1, 1)
	_ = b.SetShReg(COMPUTE_USER_DATA_0, 0x1000, 0x7F00, 0x2000, 0x7F00)
	_ = b.Dispatch(128, 1, 1, 0x8005)
	return b.Err()
}
