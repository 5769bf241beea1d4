package perf

import (
	"math"

	"zincc/exec/sim"
)

// Terms is a dispatch's predicted time and the terms it is made of, in
// seconds. Time = max(DRAM, Cache, Issue, Latency) + Launch + Barrier.
type Terms struct {
	DRAM    float64 `json:"dram_s"`    // distinct streamed bytes at sustained DRAM bandwidth
	Cache   float64 `json:"cache_s"`   // every requested vector byte through the L0s of the CUs in use
	Issue   float64 `json:"issue_s"`   // the busiest issue port of the SIMDs in use
	Latency float64 `json:"latency_s"` // Little's law: each wave's serial chain, waves beyond residency queued
	Launch  float64 `json:"launch_s"`
	Barrier float64 `json:"barrier_s"` // the barriers the CP met before this dispatch
	Time    float64 `json:"time_s"`
	Bound   string  `json:"bound"` // which of dram, cache, issue, latency is the largest
}

// Counts is what the model reads of one dispatch, scaled from the
// workgroups that ran to all of them.
type Counts struct {
	Groups, GroupsRun uint64
	Waves             float64 // all workgroups' waves
	WavesPerGroup     int
	Wave32            bool
	VGPRs, LDSBytes   int
	// Insts are wave instructions by class (sim.ClassNames), all waves.
	Insts [sim.NumClasses]float64
	// Bytes requested by vector memory instructions, all buffers.
	ReadBytes, WriteBytes float64
	// DRAMBytes: distinct 128-byte lines of streamed buffers (weights,
	// states) touched, as bytes. Lines one sampled workgroup touched are
	// scaled by Groups/GroupsRun; lines several touched are not.
	DRAMBytes float64
	// Per wave: memory round trips by kind, and the bytes in flight at
	// the average DRAM round trip.
	FarTrips, NearTrips, SMEMTrips, LDSTrips, BarrierWaits float64
	InFlightBytes                                          float64
	Flushes                                                int
}

// CountsOf scales a dispatch's profile to all its workgroups.
func CountsOf(ds *sim.DispatchStats) Counts {
	p := ds.Profile
	c := Counts{Groups: p.Groups, GroupsRun: p.GroupsRun, WavesPerGroup: p.WavesPerGroup, Wave32: p.Wave32,
		VGPRs: p.VGPRs, LDSBytes: p.LDSBytes, Flushes: ds.Flushes}
	scale := 1.0
	if p.GroupsRun > 0 {
		scale = float64(p.Groups) / float64(p.GroupsRun)
	}
	c.Waves = float64(p.WavesRun) * scale
	for i, n := range p.Classes {
		c.Insts[i] = float64(n) * scale
	}
	for _, t := range p.Mappings {
		c.ReadBytes += float64(t.ReadBytes) * scale
		c.WriteBytes += float64(t.WriteBytes) * scale
		if t.Streamed {
			c.DRAMBytes += (float64(t.PrivateLines)*scale + float64(t.SharedLines)) * sim.ProfileLine
		}
	}
	if w := float64(p.WavesRun); w > 0 {
		c.FarTrips = float64(p.FarWaits) / w
		c.NearTrips = float64(p.NearWaits) / w
		c.SMEMTrips = float64(p.KMWaits) / w
		c.LDSTrips = float64(p.DSWaits) / w
		c.BarrierWaits = float64(p.BarrierWaits) / w
	}
	if p.FarWaits > 0 {
		c.InFlightBytes = float64(p.FarInFlight) / float64(p.FarWaits)
	}
	return c
}

// WavesPerSIMD is the occupancy the dispatch's resources allow: wave
// slots, VGPRs (allocation granule), and LDS (workgroups per CU).
func (m *Machine) WavesPerSIMD(c *Counts) float64 {
	vgprs, file, gran := float64(max(c.VGPRs, 1)), m.VGPRsSIMD, m.VGPRGranule
	if !c.Wave32 {
		file, gran = file/2, gran/2
	}
	w := math.Min(m.MaxWavesSIMD, math.Floor(file/(math.Ceil(vgprs/gran)*gran)))
	if c.LDSBytes > 0 {
		groups := math.Floor(m.LDSPerCU / float64(c.LDSBytes))
		w = math.Min(w, groups*float64(c.WavesPerGroup)/m.SIMDsPerCU)
	}
	return math.Max(w, 1)
}

// Predict returns the dispatch's modelled time.
func (m *Machine) Predict(c *Counts) Terms {
	f := m.ClockGHz * 1e9
	var t Terms
	t.DRAM = c.DRAMBytes / (m.DRAMGBs * 1e9 * m.DRAMEff)

	groups := float64(c.Groups)
	cus := math.Min(m.CUs, groups)
	simds := math.Min(m.CUs*m.SIMDsPerCU, groups*math.Min(m.SIMDsPerCU, float64(c.WavesPerGroup)))
	if cus == 0 || simds == 0 {
		t.Launch = m.LaunchNs * 1e-9
		t.Barrier = float64(c.Flushes) * m.BarrierNs * 1e-9
		t.Time, t.Bound = t.Launch+t.Barrier, "launch"
		return t
	}
	t.Cache = (c.ReadBytes + c.WriteBytes) / (cus * m.L0BytesClk * f)

	// Issue: each port of a SIMD issues one wave instruction per clock
	// (a wave64 VALU op takes two, a transcendental TransCycles).
	valuCyc := 1.0
	if !c.Wave32 {
		valuCyc = 2
	}
	in := &c.Insts
	ports := []float64{
		in[sim.ClassVALU]*valuCyc + in[sim.ClassTrans]*m.TransCycles*valuCyc,
		in[sim.ClassSALU] + in[sim.ClassSMEM],
		in[sim.ClassVMEMLoad] + in[sim.ClassVMEMStore],
		in[sim.ClassLDS],
		in[sim.ClassBranch] + in[sim.ClassWait] + in[sim.ClassBarrier] + in[sim.ClassOther],
	}
	busiest := 0.0
	total := 0.0
	for _, p := range ports {
		busiest = math.Max(busiest, p)
		total += p
	}
	t.Issue = busiest / (simds * f)

	// Latency: a wave issues its instructions one after another and waits
	// out each round trip; resident waves overlap, the rest queue.
	if c.Waves > 0 {
		chain := total/c.Waves/f +
			c.FarTrips*m.DRAMLatencyNs*1e-9 + c.NearTrips*m.CacheLatNs*1e-9 +
			(c.SMEMTrips*m.SMEMLatCycles+c.LDSTrips*m.LDSLatCycles+c.BarrierWaits*m.BarrierCycles)/f
		resident := math.Min(c.Waves, cus*m.SIMDsPerCU*m.WavesPerSIMD(c))
		t.Latency = chain * math.Max(1, c.Waves/resident)
	}
	t.Launch = m.LaunchNs * 1e-9
	t.Barrier = float64(c.Flushes) * m.BarrierNs * 1e-9
	body := t.DRAM
	t.Bound = "dram"
	for _, x := range []struct {
		v    float64
		name string
	}{{t.Cache, "cache"}, {t.Issue, "issue"}, {t.Latency, "latency"}} {
		if x.v > body {
			body, t.Bound = x.v, x.name
		}
	}
	t.Time = body + t.Launch + t.Barrier
	return t
}
