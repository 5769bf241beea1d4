package passes

import (
	"bytes"
	"strings"
	"testing"

	"zincc/frontend"
)

// ropeKVHead declares what the fuse-rope-kv cases use: q of 4 heads of 16,
// k and v of 2 heads of 16, caches of 16 rows.
const ropeKVHead = `graph @g {
  input %tok : u32
  input %pos : u32
  input %pos2 : u32
  weight %e : f32[8, 64] = random(seed = 1)
  weight %wq : f32[64, 64] = random(seed = 2)
  weight %wk : f32[32, 64] = random(seed = 3)
  weight %wv : f32[32, 64] = random(seed = 4)
  weight %wq1 : f32[64] = random(seed = 5)
  weight %ff : f32[8] = random(seed = 6)
  state %kc : f32[16, 32]
  state %vc : f32[16, 32]
  %x = embed %e, %tok
  %q = matvec %wq, %x
  %k = matvec %wk, %x
  %v = matvec %wv, %x
`

// ropeKVLayer is a layer's rope and stores as the llama generator writes
// them, with {RQ}, {RK}, {SK}, {SV} and {MID} to vary.
const ropeKVLayer = `  %qr = rope {RQ}
  %kr = rope {RK}
{SK}
{MID}
{SV}
  %a = attention %qr, %kc, {VC}, %pos {heads = 4, kv_heads = 2}
  output %a
}`

func ropeKVSource(repl ...string) string {
	// The first pair for an old string wins: repl's before the defaults.
	r := strings.NewReplacer(append(repl,
		"{RQ}", "%q, %pos {heads = 4, dims = 16}",
		"{RK}", "%k, %pos {heads = 2, dims = 16}",
		"{SK}", "  kv_store %kc, %kr, %pos",
		"{SV}", "  kv_store {VC}, %v, %pos",
		"{MID}", "",
	)...)
	// A second pass fills the {VC} the first put in.
	return strings.NewReplacer("{VC}", "%vc").Replace(r.Replace(ropeKVHead + ropeKVLayer))
}

func TestFuseRopeKV(t *testing.T) {
	const pre = "%x = embed %e, %tok\n%q = matvec %wq, %x\n%k = matvec %wk, %x\n%v = matvec %wv, %x\n"
	fused := []struct{ name, src, want string }{
		{"llama layer", ropeKVSource(),
			pre + "%qr = rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 2}\n" +
				"%a = attention %qr, %kc, %vc, %pos {heads = 4, kv_heads = 2}\noutput %a"},
		{"freqs, neox, scaling, stores swapped", ropeKVSource(
			"{RQ}", "%q, %pos, %ff {heads = 4, mode = neox, theta = 500000.0, freq_scale = 0.5}",
			"{RK}", "%k, %pos, %ff {heads = 2, mode = neox, theta = 500000.0, freq_scale = 0.5}",
			"{SK}", "  kv_store %vc, %v, %pos",
			"{SV}", "  kv_store %kc, %kr, %pos"),
			pre + "%qr = rope_kv %q, %k, %v, %kc, %vc, %pos, %ff {heads = 4, kv_heads = 2, theta = 500000.0, mode = neox, freq_scale = 0.5}\n" +
				"%a = attention %qr, %kc, %vc, %pos {heads = 4, kv_heads = 2}\noutput %a"},
	}
	for _, tc := range fused {
		if got := runPass(t, tc.name, tc.src, "fuse-rope-kv"); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}

	// Each case breaks one condition: the pass must leave the graph as it is.
	unfused := []struct{ name, src string }{
		{"rope k read elsewhere", strings.Replace(ropeKVSource(), "output %a", "output %a\n  output %kr", 1)},
		{"theta differs", ropeKVSource("{RK}", "%k, %pos {heads = 2, theta = 500000.0}")},
		{"dims differ", ropeKVSource("{RK}", "%k, %pos {heads = 2, dims = 8}")},
		{"mode differs", ropeKVSource("{RK}", "%k, %pos {heads = 2, mode = neox}")},
		{"freq_scale differs", ropeKVSource("{RK}", "%k, %pos {heads = 2, freq_scale = 0.5}")},
		{"freqs on q only", ropeKVSource("{RQ}", "%q, %pos, %ff {heads = 4}")},
		{"pos of a store differs", ropeKVSource("{SV}", "  kv_store %vc, %v, %pos2")},
		{"pos of rope k differs", ropeKVSource("{RK}", "%k, %pos2 {heads = 2}")},
		{"k heads of another size", ropeKVSource("{RK}", "%k, %pos {heads = 1, dims = 16}")},
		{"q is a weight", strings.Replace(ropeKVSource("{RQ}", "%wq1, %pos {heads = 4}"), "%q = matvec %wq, %x\n", "", 1)},
		{"one state as both caches", strings.Replace(ropeKVSource(), "kv_store %vc", "kv_store %kc", 1)},
		{"a cache read between the stores", ropeKVSource("{MID}", "  %m = attention %qr, %kc, %vc, %pos {heads = 4, kv_heads = 2}")},
		{"rotated q read before the last store", ropeKVSource("{MID}", "  %m = add %qr, %qr")},
		{"no store of v", ropeKVSource("{SV}", "")},
		{"no attention", strings.Replace(ropeKVSource(), "  %a = attention %qr, %kc, %vc, %pos {heads = 4, kv_heads = 2}\n  output %a", "  output %qr", 1)},
	}
	for _, tc := range unfused {
		m, err := frontend.Parse("g.zir", []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %s", tc.name, frontend.FormatErrors(err, []byte(tc.src)))
		}
		want := nodes(m)
		if got := runPass(t, tc.name, tc.src, "fuse-rope-kv"); got != want {
			t.Errorf("%s: fused, but should not have:\n%s", tc.name, got)
		}
	}
}

// runPass parses src, runs the named pass and prints the nodes.
func runPass(t *testing.T, name, src, pass string) string {
	t.Helper()
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatalf("%s: %s", name, frontend.FormatErrors(err, []byte(src)))
	}
	if err := Run(m, Options{Passes: []string{pass}}); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return nodes(m)
}

// TestFuseRopeKVPrintAfter: -print-after=fuse-rope-kv shows the rope_kv.
func TestFuseRopeKVPrintAfter(t *testing.T) {
	src := ropeKVSource()
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(src)))
	}
	var out bytes.Buffer
	if err := Run(m, Options{Passes: []string{"cse", "fuse-rope-kv", "dce"}, PrintAfter: "fuse-rope-kv", Print: &out}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.HasPrefix(s, "// after fuse-rope-kv\n") || !strings.Contains(s, "%qr = rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 2") ||
		strings.Contains(s, "kv_store") || strings.Contains(s, "// after dce") {
		t.Errorf("-print-after=fuse-rope-kv printed:\n%s", s)
	}
}
