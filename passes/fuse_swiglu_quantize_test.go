package passes

import (
	"testing"

	"zincc/frontend"
)

func TestFuseSwiGLUQuantize(t *testing.T) {
	const head = `graph @g {
  input %tok : u32
  weight %e : f32[8, 64] = random(seed = 1)
  weight %u : f32[64] = random(seed = 2)
  weight %m : q4_0[4, 64] = random(seed = 4)
  weight %k : q4_K[4, 256] = random(seed = 5)
  weight %e2 : f32[8, 256] = random(seed = 6)
  weight %u2 : f32[256] = random(seed = 7)
`
	tests := []struct{ name, body, want string }{
		{"q8_0", `  %x = embed %e, %tok
  %a = swiglu %x, %u
  %q = quantize %a {format = q8_0}
  %o = matvec %m, %q
  output %o
}`, "%x = embed %e, %tok\n%q = swiglu_quantize %x, %u {format = q8_0}\n%o = matvec %m, %q\noutput %o"},
		{"swiglu read elsewhere", `  %x = embed %e, %tok
  %a = swiglu %x, %u
  %q = quantize %a {format = q8_0}
  %o = matvec %m, %q
  output %o, %a
}`, "%x = embed %e, %tok\n%a = swiglu %x, %u\n%q = quantize %a {format = q8_0}\n%o = matvec %m, %q\noutput %o\noutput %a"},
		{"q8_K", `  %x = embed %e2, %tok
  %a = swiglu %x, %u2
  %q = quantize %a {format = q8_K}
  %o = matvec %k, %q
  output %o
}`, "%x = embed %e2, %tok\n%q = swiglu_quantize %x, %u2 {format = q8_K}\n%o = matvec %k, %q\noutput %o"},
	}
	for _, tc := range tests {
		src := head + tc.body
		m, err := frontend.Parse("g.zir", []byte(src))
		if err != nil {
			t.Fatalf("%s: %s", tc.name, frontend.FormatErrors(err, []byte(src)))
		}
		if err := Run(m, Options{Passes: []string{"fuse-swiglu-quantize"}}); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := nodes(m); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
