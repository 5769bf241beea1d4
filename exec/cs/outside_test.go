package cs

import (
	"errors"
	"testing"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/fake/faketest"
	"zincc/exec/hwring"
	"zincc/lower/gfx1201"
)

// The code buffer ends with LLVM's s_code_end padding; without it the
// fake's instruction-prefetch model stops the dispatch.
func TestCodeEndPadding(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	e, err := fake.DispatchExecutable(64)
	if err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(e.Module, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(faketest.Config(d), e, w)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Step(nil); err != nil {
		t.Fatalf("padded code: %v", err)
	}
	code := r.bufs[gfx1201.BufCode].CPU
	n := len(r.st.Image.Executable().Code)
	clear(code[n:]) // what Load wrote before issue 16
	_, err = r.Step(nil)
	if err == nil || len(d.Faults()) == 0 || !errors.Is(d.Faults()[0], fake.ErrCodePrefetch) {
		t.Fatalf("unpadded code: %v, faults %v", err, d.Faults())
	}
	if hwring.CodeEnd(uint64(n)) > uint64(len(code)) {
		t.Errorf("code buffer of %d bytes cannot hold the padding to %d", len(code), hwring.CodeEnd(uint64(n)))
	}
}

// The IB's 8-dword padding is checked against the kernel's
// HW_IP_INFO(COMPUTE) ib_size_alignment.
func TestIBSizeAlignment(t *testing.T) {
	cfg := fake.DefaultConfig()
	cfg.ComputeIP.IBSizeAlignment = 1024 // what mesa's 256-dword pad would need
	d := fake.New(cfg)
	_, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
	if err == nil || !errors.Is(err, hwring.ErrRefused) {
		t.Fatalf("an IB short of the reported alignment: %v", err)
	}
	faketest.Released(t, d)
}
