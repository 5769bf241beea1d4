// Package perf is zincc's cost model of a decode step on a gfx1201 GPU
// (Radeon AI PRO R9700 / RX 9070 XT): it runs the step's IB on the
// emulator (exec/sim) with profiling on, and turns each dispatch's counts
// (instructions by class, bytes by buffer, distinct lines, waves, VGPR and
// LDS occupancy, memory round trips and the bytes in flight at each) into
// a predicted time, from the machine figures of one table (Machine, whose
// every entry names its source; docs/perf-model.md explains the model).
//
// Everything it produces is a MODEL, not a measurement: nobody has run
// zincc on the hardware. The label travels with every report.
package perf

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Label marks every figure this package produces.
const Label = "MODEL, not a measurement"

// Machine is the table of hardware figures the model reads. Every field
// has an entry in Params with its unit and source.
type Machine struct {
	CUs           float64 // compute units
	SIMDsPerCU    float64 // SIMD32s per CU
	ClockGHz      float64 // shader clock
	DRAMGBs       float64 // peak DRAM bandwidth, GB/s
	DRAMEff       float64 // sustained fraction of DRAMGBs a streaming decode reaches
	DRAMLatencyNs float64 // round trip of a load that misses to DRAM, under load
	CacheLatNs    float64 // round trip of a load that hits L2/MALL
	SMEMLatCycles float64 // scalar load round trip
	LDSLatCycles  float64 // LDS round trip
	BarrierCycles float64 // s_barrier_wait once every wave has signalled
	L0BytesClk    float64 // vector L0 bandwidth per CU, bytes per clock
	MaxWavesSIMD  float64 // wave slots per SIMD
	VGPRsSIMD     float64 // wave32 VGPRs per SIMD (wave64: half)
	VGPRGranule   float64 // wave32 allocation granule (wave64: half)
	LDSPerCU      float64 // LDS bytes a CU's workgroups share (CU mode)
	TransCycles   float64 // issue cycles of a transcendental VALU op (wave32)
	LaunchNs      float64 // per dispatch: CP packets and wave launch
	BarrierNs     float64 // per CS_PARTIAL_FLUSH + ACQUIRE_MEM barrier between dispatches
}

// Param is one row of the parameter table.
type Param struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	Source string  `json:"source"`
	field  func(*Machine) *float64
}

// Params is the parameter table, in the order docs/perf-model.md lists it.
// Tags as in /work/shared/ref/rdna4-perf.md: [S] a cited source, [M]
// measured by a cited third party, [C] LLVM 19's own tables, [D] our
// arithmetic on cited numbers, [A] an assumption.
var Params = []Param{
	{Name: "cus", Unit: "CU", Source: "[S] AMD specifications via press; rdna4-perf.md §1 (R9700 and 9070 XT: 64)", field: func(m *Machine) *float64 { return &m.CUs }},
	{Name: "simds_per_cu", Unit: "SIMD32", Source: "[S] mesa ac_gpu_info.c num_simd_per_compute_unit = 2 (gfx10+)", field: func(m *Machine) *float64 { return &m.SIMDsPerCU }},
	{Name: "clock_ghz", Unit: "GHz", Source: "[S] R9700 boost 2920 MHz (zinc GPU_REFERENCE, checked by 95.7 TFLOPS FP16 on huggingface.co/hardware/r9700-pro)", field: func(m *Machine) *float64 { return &m.ClockGHz }},
	{Name: "dram_gbs", Unit: "GB/s", Source: "[S] 256-bit GDDR6 at 20 Gbps = 640 GB/s (AMD via press)", field: func(m *Machine) *float64 { return &m.DRAMGBs }},
	{Name: "dram_eff", Unit: "fraction", Source: "[M]+[D] llama.cpp Vulkan, 9070 XT, Llama-3.1-8B Q4_K_M decode 119.6 tok/s x 4.62 GB/token = 553 GB/s = 0.86 of 640 (vulkanforge wiki)", field: func(m *Machine) *float64 { return &m.DRAMEff }},
	{Name: "dram_latency_ns", Unit: "ns", Source: "[A] no public RDNA4 figure; middle of the 500-1000 ns planning range of rdna4-perf.md §2", field: func(m *Machine) *float64 { return &m.DRAMLatencyNs }},
	{Name: "cache_latency_ns", Unit: "ns", Source: "[M] RDNA3 (N31) MALL latency 150-199 ns, vector (chipsandcheese, 'Latency testing is hard'); an L2 hit is faster, so this errs slow", field: func(m *Machine) *float64 { return &m.CacheLatNs }},
	{Name: "smem_latency_cycles", Unit: "cycles", Source: "[C] LLVM 19 SISchedule.td GFX12 SMEM latency 20 (a compiler constant)", field: func(m *Machine) *float64 { return &m.SMEMLatCycles }},
	{Name: "lds_latency_cycles", Unit: "cycles", Source: "[C] LLVM 19 SISchedule.td GFX12 DS latency 20 (a compiler constant)", field: func(m *Machine) *float64 { return &m.LDSLatCycles }},
	{Name: "barrier_cycles", Unit: "cycles", Source: "[A] no figure found; taken as one LDS round trip", field: func(m *Machine) *float64 { return &m.BarrierCycles }},
	{Name: "l0_bytes_per_clk", Unit: "B/clk/CU", Source: "[M]+[D] 9070 XT ~20 TiB/s aggregate buffer loads hitting L0 (Traverse Research) = 115 B/clk/CU at 2.97 GHz", field: func(m *Machine) *float64 { return &m.L0BytesClk }},
	{Name: "max_waves_per_simd", Unit: "waves", Source: "[S] mesa (gfx10.3+: 16); [C] llc-19 reports Occupancy: 16", field: func(m *Machine) *float64 { return &m.MaxWavesSIMD }},
	{Name: "vgprs_per_simd", Unit: "wave32 VGPRs", Source: "[S] mesa (192 KiB per SIMD = 1536 wave32 registers), LLVM AMDGPUBaseInfo Feature1_5xVGPRs; [C] llc-19 occupancy table", field: func(m *Machine) *float64 { return &m.VGPRsSIMD }},
	{Name: "vgpr_granule", Unit: "wave32 VGPRs", Source: "[S] LLVM AMDGPUBaseInfo getVGPRAllocGranule (24 on gfx1201); [C] llc-19 occupancy table", field: func(m *Machine) *float64 { return &m.VGPRGranule }},
	{Name: "lds_per_cu", Unit: "bytes", Source: "[S] mesa: 128 KiB per WGP = 64 KiB per CU in CU mode (zincc's dispatches are CU mode)", field: func(m *Machine) *float64 { return &m.LDSPerCU }},
	{Name: "trans_cycles", Unit: "cycles", Source: "[C] LLVM 19 SISchedule.td: transcendentals are quarter rate", field: func(m *Machine) *float64 { return &m.TransCycles }},
	{Name: "launch_ns", Unit: "ns", Source: "[M]+[A] 1500 empty dispatches in one command buffer took 24 us on an R9700 (16 ns each, zinc RDNA4_TUNING); x6 for register writes and wave launch of a real one", field: func(m *Machine) *float64 { return &m.LaunchNs }},
	{Name: "barrier_ns", Unit: "ns", Source: "[A] no public RDNA4 figure; the low end of rdna4-perf.md's 1-3 us planning range, inside the <= ~1.1 us per node that llama.cpp's 7B Vulkan token time leaves [D]", field: func(m *Machine) *float64 { return &m.BarrierNs }},
}

// R9700 returns the machine figures of a Radeon AI PRO R9700 (the RX 9070
// XT differs only in clock and memory size).
func R9700() Machine {
	return Machine{
		CUs: 64, SIMDsPerCU: 2, ClockGHz: 2.92,
		DRAMGBs: 640, DRAMEff: 0.86, DRAMLatencyNs: 750, CacheLatNs: 200,
		SMEMLatCycles: 20, LDSLatCycles: 20, BarrierCycles: 20,
		L0BytesClk: 115, MaxWavesSIMD: 16, VGPRsSIMD: 1536, VGPRGranule: 24, LDSPerCU: 64 << 10,
		TransCycles: 4, LaunchNs: 100, BarrierNs: 1000,
	}
}

// Table returns the parameter table with m's values.
func (m *Machine) Table() []Param {
	out := make([]Param, len(Params))
	for i, p := range Params {
		out[i] = p
		out[i].Value = *p.field(m)
		out[i].field = nil
	}
	return out
}

// Set changes one parameter by its name in Params ("dram_latency_ns=500").
func (m *Machine) Set(assign string) error {
	name, val, ok := strings.Cut(assign, "=")
	if !ok {
		return fmt.Errorf("parameter %q: want name=value", assign)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if err != nil || v <= 0 {
		return fmt.Errorf("parameter %s: %q is not a positive number", name, val)
	}
	for _, p := range Params {
		if p.Name == strings.TrimSpace(name) {
			*p.field(m) = v
			return nil
		}
	}
	names := make([]string, len(Params))
	for i, p := range Params {
		names[i] = p.Name
	}
	sort.Strings(names)
	return fmt.Errorf("no parameter %q (known: %s)", name, strings.Join(names, ", "))
}
