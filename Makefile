# zincc: the two commands the README promises are `make demo` and `make test`.
GO ?= go

.PHONY: test race demo bench fmt build

# staticcheck (honnef.co/go/tools), pinned; .ci/run installs it.
STATICCHECK_VERSION = v0.8.2
STATICCHECK ?= $(shell command -v staticcheck 2>/dev/null || echo "$$($(GO) env GOPATH)/bin/staticcheck")

# test: formatting, vet, staticcheck and the whole test suite (what .ci/run
# calls). Without staticcheck installed the lint is skipped with a note,
# except under CI=true, where it fails.
test:
	@unformatted="$$(gofmt -l $$(find . -name '*.go' -not -path './testdata/*'))"; \
	if [ -n "$$unformatted" ]; then echo "gofmt needed on:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	@if [ -x "$(STATICCHECK)" ]; then echo "$(STATICCHECK) ./..."; "$(STATICCHECK)" ./...; \
	elif [ "$$CI" = true ]; then echo "staticcheck is missing (CI=true): go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)"; exit 1; \
	else echo "staticcheck not installed, lint skipped: go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)"; fi
	$(GO) test ./...

# race: the whole test suite under the race detector (-short skips the
# slowest scale tests, which the detector makes ten times slower).
race:
	$(GO) test -race -short ./...

# demo: run the bundled two-layer tiny model for 8 decode steps on the CPU
# (the reference), then on the emulated gfx1201 GPU from the IB and kernel
# code zincc lowers it to; the tokens agree. Then generate text from a tiny
# GGUF model the demo writes, on both tiers.
demo: build
	@echo "== cpu tier"
	@bin/zincc run -steps 8 testdata/tiny_llama.zir
	@echo "== sim tier (emulated gfx1201: the IB of 'bin/zincc testdata/tiny_llama.zir -target=gfx1201')"
	@bin/zincc run -steps 8 -tier=sim testdata/tiny_llama.zir
	@echo "== text in, text out: a tiny Llama-3-shaped GGUF (random weights, so the text is noise; Q4_K_M-like types, rope_freqs, BPE vocabulary)"
	@$(GO) run ./tools/tinymodel -o bin/tiny-llama3.gguf
	@bin/zincc generate -m bin/tiny-llama3.gguf -p "The cat" -n 16 -temp 0
	@echo "== the same on the emulated gfx1201 (its tokens/s are the emulator's speed, not a GPU's)"
	@bin/zincc generate -m bin/tiny-llama3.gguf -p "The cat" -n 16 -temp 0 -tier=sim

# bench: every benchmark, with allocations.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

build:
	$(GO) build -o bin/zincc ./cmd/zincc

fmt:
	gofmt -w $$(find . -name '*.go' -not -path './testdata/*')
