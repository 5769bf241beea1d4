# zincc: the two commands the README promises are `make demo` and `make test`.
GO ?= go

.PHONY: test race demo bench fmt build

# test: formatting, vet and the whole test suite (what .ci/run calls).
test:
	@unformatted="$$(gofmt -l $$(find . -name '*.go' -not -path './testdata/*'))"; \
	if [ -n "$$unformatted" ]; then echo "gofmt needed on:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test ./...

# race: the whole test suite under the race detector (-short skips the
# slowest scale tests, which the detector makes ten times slower).
race:
	$(GO) test -race -short ./...

# demo: run the bundled two-layer tiny model for 8 decode steps on the CPU
# (the reference), then on the emulated gfx1201 GPU from the IB and kernel
# code zincc lowers it to; the tokens agree.
demo: build
	@echo "== cpu tier"
	@bin/zincc run -steps 8 testdata/tiny_llama.zir
	@echo "== sim tier (emulated gfx1201: the IB of 'bin/zincc testdata/tiny_llama.zir -target=gfx1201')"
	@bin/zincc run -steps 8 -tier=sim testdata/tiny_llama.zir

# bench: every benchmark, with allocations.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

build:
	$(GO) build -o bin/zincc ./cmd/zincc

fmt:
	gofmt -w $$(find . -name '*.go' -not -path './testdata/*')
