package kernels

// The matvecs of an f16 (bf16) x for f16 (bf16) weights and the quantize
// that rounds x to it (matvec_half_x.s): one wave per row as every
// matvec, one thread per element for quantize.
var halfXABIs = []KernelABI{
	{Name: "zincc_matvec_f16_f16", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; x f16"},
	{Name: "zincc_matvec_bf16_bf16", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; x bf16"},
	{Name: "zincc_quantize_f16", Args: []Arg{ptr("x"), ptr("dst"), u32("n")}, Block: 256, Groups: perThread, Doc: "256 elements"},
	{Name: "zincc_quantize_bf16", Args: []Arg{ptr("x"), ptr("dst"), u32("n")}, Block: 256, Groups: perThread, Doc: "256 elements"},
}

func init() {
	ABIs = append(ABIs, halfXABIs...)
	for i := range ABIs {
		ABIs[i].index = i // abi.go's init does the same, whichever runs first
	}
}
