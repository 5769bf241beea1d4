package exec

import (
	"strings"
	"testing"
)

// TestCheckInputsRopeKV: a position past the caches rope_kv stores into is
// refused before any tier runs (a GPU kernel does not bounds-check), even
// with no attention reading them.
func TestCheckInputsRopeKV(t *testing.T) {
	m := parse(t, `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[10, 8] = random(seed = 1)
  state %kc : f16[3, 8]
  state %vc : f16[3, 8]
  %x = embed %e, %tok
  %r = rope_kv %x, %x, %x, %kc, %vc, %pos {heads = 2}
  output %r
}`)
	if err := CheckInputs(m, []uint32{0, 2}); err != nil {
		t.Fatal(err)
	}
	if err := CheckInputs(m, []uint32{0, 3}); err == nil || !strings.Contains(err.Error(), "position %pos = 3 is out of range: state %kc has 3 rows") {
		t.Errorf("position check: %v", err)
	}
}
