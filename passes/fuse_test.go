package passes

import (
	"testing"

	"zincc/frontend"
)

func TestFuseNormQuantize(t *testing.T) {
	const head = `graph @g {
  input %tok : u32
  weight %e : f32[8, 64] = random(seed = 1)
  weight %n : f32[64] = random(seed = 2)
  weight %n2 : f32[32] = random(seed = 3)
  weight %m : q4_0[4, 64] = random(seed = 4)
  weight %k : q4_K[4, 256] = random(seed = 5)
  weight %e2 : f32[8, 256] = random(seed = 6)
  weight %n3 : f32[256] = random(seed = 7)
`
	tests := []struct{ name, body, want string }{
		{"fused", `  %x = embed %e, %tok
  %y = rms_norm %x, %n {eps = 1e-06}
  %q = quantize %y {format = q8_0}
  %o = matvec %m, %q
  output %o
}`, "%x = embed %e, %tok\n%q = rms_norm_quantize %x, %n {eps = 1e-06, format = q8_0}\n%o = matvec %m, %q\noutput %o"},
		{"default eps", `  %x = embed %e, %tok
  %y = rms_norm %x, %n
  %q = quantize %y {format = q8_0}
  %o = matvec %m, %q
  output %o
}`, "%x = embed %e, %tok\n%q = rms_norm_quantize %x, %n {format = q8_0}\n%o = matvec %m, %q\noutput %o"},
		{"rms_norm read elsewhere", `  %x = embed %e, %tok
  %y = rms_norm %x, %n
  %q = quantize %y {format = q8_0}
  %o = matvec %m, %q
  output %o, %y
}`, "%x = embed %e, %tok\n%y = rms_norm %x, %n\n%q = quantize %y {format = q8_0}\n%o = matvec %m, %q\noutput %o\noutput %y"},
		{"heads", `  %x = embed %e, %tok
  %y = rms_norm %x, %n2 {heads = 2}
  %q = quantize %y {format = q8_0}
  %o = matvec %m, %q
  output %o
}`, "%x = embed %e, %tok\n%y = rms_norm %x, %n2 {heads = 2}\n%q = quantize %y {format = q8_0}\n%o = matvec %m, %q\noutput %o"},
		{"q8_K", `  %x = embed %e2, %tok
  %y = rms_norm %x, %n3
  %q = quantize %y {format = q8_K}
  %o = matvec %k, %q
  output %o
}`, "%x = embed %e2, %tok\n%q = rms_norm_quantize %x, %n3 {format = q8_K}\n%o = matvec %k, %q\noutput %o"},
	}
	for _, tc := range tests {
		src := head + tc.body
		m, err := frontend.Parse("g.zir", []byte(src))
		if err != nil {
			t.Fatalf("%s: %s", tc.name, frontend.FormatErrors(err, []byte(src)))
		}
		if err := Run(m, Options{Passes: []string{"fuse-norm-quantize"}}); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := nodes(m); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

func TestFuseMatVecAdd(t *testing.T) {
	const head = `graph @g {
  input %tok : u32
  weight %e : f32[8, 64] = random(seed = 1)
  weight %m : q4_0[64, 64] = random(seed = 4)
  weight %f : f16[64, 64] = random(seed = 5)
`
	tests := []struct{ name, body, want string }{
		{"fused", `  %x = embed %e, %tok
  %q = quantize %x {format = q8_0}
  %o = matvec %m, %q
  %h = add %x, %o
  output %h
}`, "%x = embed %e, %tok\n%q = quantize %x {format = q8_0}\n%h = matvec_add %m, %q, %x\noutput %h"},
		{"matvec first", `  %x = embed %e, %tok
  %q = quantize %x {format = q8_0}
  %o = matvec %m, %q
  %h = add %o, %x
  output %h
}`, "%x = embed %e, %tok\n%q = quantize %x {format = q8_0}\n%h = matvec_add %m, %q, %x\noutput %h"},
		{"matvec read elsewhere", `  %x = embed %e, %tok
  %q = quantize %x {format = q8_0}
  %o = matvec %m, %q
  %h = add %x, %o
  output %h, %o
}`, "%x = embed %e, %tok\n%q = quantize %x {format = q8_0}\n%o = matvec %m, %q\n%h = add %x, %o\noutput %h\noutput %o"},
		{"f32 x", `  %x = embed %e, %tok
  %o = matvec %f, %x
  %h = add %x, %o
  output %h
}`, "%x = embed %e, %tok\n%o = matvec %f, %x\n%h = add %x, %o\noutput %h"},
	}
	for _, tc := range tests {
		src := head + tc.body
		m, err := frontend.Parse("g.zir", []byte(src))
		if err != nil {
			t.Fatalf("%s: %s", tc.name, frontend.FormatErrors(err, []byte(src)))
		}
		if err := Run(m, Options{Passes: []string{"fuse-matvec-add"}}); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := nodes(m); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
