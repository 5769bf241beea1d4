package perf

import (
	"fmt"
	"html"
	"io"
	"math"
)

// palette colours op kinds in the order they first appear in ByOp.
var palette = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
	"#1f77b4", "#2ca02c"}

// WriteSVG draws the dispatch timeline: one bar per dispatch along a time
// axis, on the row of its op kind (the top row holds every dispatch), in
// that op's colour; a red tick above the axis marks each barrier; every
// bar's tooltip names its node, kernel, time and bound. It is labelled a
// model.
func (r *Report) WriteSVG(w io.Writer) error {
	const (
		width, left, right = 1600.0, 150.0, 20.0
		top, rowH, gap     = 70.0, 26.0, 6.0
	)
	ew := &errWriter{w: w}
	rows := len(r.ByOp) + 1
	legendY := top + float64(rows)*(rowH+gap) + 40
	height := legendY + 20*math.Ceil(float64(len(r.ByOp))/3) + 30
	total := math.Max(r.Time, r.FloorTime)
	if total <= 0 {
		total = 1
	}
	plotW := width - left - right
	x := func(t float64) float64 { return left + plotW*t/total }
	colour := map[string]string{}
	row := map[string]int{}
	for i, s := range r.ByOp {
		colour[s.Op] = palette[i%len(palette)]
		row[s.Op] = i + 1
	}
	fmt.Fprintf(ew, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">
<rect width="100%%" height="100%%" fill="white"/>
`, width, height, width, height)
	fmt.Fprintf(ew, `<text x="%.0f" y="22" font-size="16" font-weight="bold">%s: dispatch timeline of one step of @%s at pos %d on an R9700</text>
`, left, Label, html.EscapeString(r.Graph), r.Pos)
	fmt.Fprintf(ew, `<text x="%.0f" y="42">predicted %.3f ms (%.1f tok/s); memory floor %.3f ms (%.2f GB); ratio %.2fx; %d dispatches, %d barriers (red ticks)</text>
`, left, r.Time*1e3, r.TokensPerSecond, r.FloorTime*1e3, r.FloorBytes/1e9, r.Ratio, len(r.Dispatches), r.Barriers)
	// Rows and their labels.
	labels := append([]string{"all dispatches"}, make([]string, len(r.ByOp))...)
	for i, s := range r.ByOp {
		labels[i+1] = fmt.Sprintf("%s %.1f%%", s.Op, 100*s.Share)
	}
	for i, l := range labels {
		y := top + float64(i)*(rowH+gap)
		fmt.Fprintf(ew, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#f4f4f4"/>
<text x="%.1f" y="%.1f" text-anchor="end">%s</text>
`, left, y, plotW, rowH, left-6, y+rowH/2+4, html.EscapeString(l))
	}
	// The memory floor as a dashed line.
	fx := x(r.FloorTime)
	fmt.Fprintf(ew, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black" stroke-dasharray="4,3"/>
<text x="%.1f" y="%.1f" font-size="11">memory floor</text>
`, fx, top-8, fx, legendY-30, fx+3, top-10)
	for _, d := range r.Dispatches {
		x0, x1 := x(d.Start), x(d.Start+d.Time)
		bw := math.Max(x1-x0, 0.3)
		tip := html.EscapeString(fmt.Sprintf("#%d %s (%s): %.2f µs, %s-bound; dram %.2f, cache %.2f, issue %.2f, latency %.2f µs",
			d.Index, d.Node, d.Kernel, d.Time*1e6, d.Bound, d.DRAM*1e6, d.Cache*1e6, d.Issue*1e6, d.Latency*1e6))
		for _, rw := range []int{0, row[d.Op]} {
			y := top + float64(rw)*(rowH+gap)
			fmt.Fprintf(ew, `<rect x="%.2f" y="%.1f" width="%.2f" height="%.1f" fill="%s"><title>%s</title></rect>
`, x0, y, bw, rowH, colour[d.Op], tip)
		}
		if d.Barrier {
			fmt.Fprintf(ew, `<line x1="%.2f" y1="%.1f" x2="%.2f" y2="%.1f" stroke="#d62728" stroke-width="0.8"/>
`, x0, top-6, x0, top)
		}
	}
	// Time axis.
	axisY := top + float64(rows)*(rowH+gap)
	fmt.Fprintf(ew, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>
`, left, axisY, left+plotW, axisY)
	step := niceStep(total * 1e3 / 10)
	for t := 0.0; t <= total*1e3+1e-9; t += step {
		xx := x(t / 1e3)
		fmt.Fprintf(ew, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/><text x="%.1f" y="%.1f" text-anchor="middle">%g ms</text>
`, xx, axisY, xx, axisY+5, xx, axisY+18, math.Round(t*1e3)/1e3)
	}
	// Legend: op, its share and modelled DRAM traffic against its floor.
	for i, s := range r.ByOp {
		lx := left + float64(i%3)*480
		ly := legendY + 20*float64(i/3)
		fmt.Fprintf(ew, `<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s"/><text x="%.1f" y="%.1f">%s: %d dispatches, %.3f ms, %.0f MB modelled DRAM (floor %.0f MB)</text>
`, lx, ly, colour[s.Op], lx+16, ly+10, html.EscapeString(s.Op), s.Dispatches, s.Time*1e3, s.DRAMBytes/1e6, s.FloorBytes/1e6)
	}
	fmt.Fprintln(ew, "</svg>")
	return ew.err
}

// niceStep rounds a step up to 1, 2 or 5 times a power of ten.
func niceStep(s float64) float64 {
	if s <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(s)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= s {
			return m * p
		}
	}
	return 10 * p
}
