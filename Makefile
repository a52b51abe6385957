# ctxlab: make run opens the workbench on the bundled sample. CI (.ci/run)
# runs make check, make test, make e2e, make heavy and make fuzz.

GO      ?= go
BIN     ?= bin/ctxlab
FUZZTIME ?= 10s
# How long the fuzzer may spend shrinking one new input. Go's default
# (60 s) stalls the file-reading loader targets: they find new inputs
# every few runs and sat shrinking each one for a minute.
FUZZMINIMIZETIME ?= 1s
# staticcheck is pinned so a check added in a later release cannot fail CI
# unannounced; go run with a version builds it once into the module cache.
# 2026.2.2 (v0.8.2) reads Go 1.26 code. Raise it deliberately, and fix or
# explain what the new version finds in the same commit.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
# goimports keeps imports in three groups: standard library, other
# modules, then ctxlab's own.
GOIMPORTS ?= golang.org/x/tools/cmd/goimports@v0.52.0
# The build tags of the tests go test ./... leaves out (make e2e, make
# heavy); vet and lint read their files too.
TESTTAGS = e2e,heavy
# The Go files git tracks; outside a git checkout, every Go file.
GOFILES = $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')

.PHONY: run build fmt vet lint check test e2e heavy bench fuzz vocabularies readme-picture

run: build
	./$(BIN)

build:
	$(GO) build -o $(BIN) .

fmt:
	$(GO) run $(GOIMPORTS) -local ctxlab -w $(GOFILES)

# vet fails on a file gofmt or goimports would change, then runs go vet.
vet:
	@unformatted=$$(gofmt -l $(GOFILES); $(GO) run $(GOIMPORTS) -local ctxlab -l $(GOFILES)); \
	if [ -n "$$unformatted" ]; then echo "gofmt or goimports needed (make fmt):"; echo "$$unformatted" | sort -u; exit 1; fi
	$(GO) vet -tags $(TESTTAGS) ./...

# docslint fails on documentation or Go comments that narrate the
# project's history (numbered sessions, its own issue numbers, timestamps,
# load notes, machine paths) instead of saying what is.
lint:
	$(GO) run $(STATICCHECK) -tags $(TESTTAGS) ./...
	$(GO) run ./internal/docslint

# The checks that read the code without running it: formatting, go vet,
# staticcheck and the docs check.
check: vet lint

# Every test with the race detector. The checks are make check, so the
# test run is the tests alone: -vet=off, since make check runs go vet
# with every analyzer and go test's vet is a subset of them; CI runs
# both. A race-enabled binary waits a second before it exits (GORACE's
# atexit_sleep_ms), for goroutines still running to report a race. A
# test binary exits once its tests have returned, and a second for each
# package is a large share of the suite's time on two cores, so the
# suite sets it to none. A GORACE of your own is read after it and
# overrides it.
test:
	GORACE="atexit_sleep_ms=0 $$GORACE" $(GO) test -race -vet=off -count=1 ./...

# The tests of the built binary (package e2e, behind the e2e tag): exit
# codes, a terminal that answers nothing, and the workbench in tmux
# (skipped where tmux is missing). TestMain builds the binary once, and
# its crash-test variant. The commands' own end-to-end tests run
# in-process in package cli, in make test.
e2e:
	$(GO) test -tags e2e -count=1 ./e2e

# Every test without the race detector, with those behind the heavy tag
# (files that start //go:build heavy): the live heap measured against a
# limit, and inputs of megabytes where the code's own thresholds are that
# long (a part counted where it lies from 2 MB). Seconds each, minutes
# under -race, so make test leaves them out; and the equality tests that
# check a fifth of their cases under -race (core/tokens' underRace) check
# them all here. CI runs it after make e2e.
heavy:
	$(GO) test -tags heavy -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/... ./tui/

# Each fuzz target runs for FUZZTIME; go test allows one target per run.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzz $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) $$pkg || exit 1; \
		done; \
	done

# The BPE vocabularies compiled into the binary
# (core/tokens/vocabularies/*.bpe) are generated from tiktoken-go-loader's
# .tiktoken files; run this after changing the loader's version. Without
# the flag the same test fails whenever the two differ.
vocabularies:
	$(GO) test -count=1 -run '^TestCompiledVocabulariesMatchLoader$$' ./core/tokens -update-vocabularies

# The README's picture (docs/images/workbench.svg): the built binary in
# tmux at 120x40 on the bundled sample, its settled first screen drawn as
# SVG (internal/readmepicture, internal/termsvg). Run it after changing
# what the first screen shows; make e2e fails while the committed picture
# differs from what the binary draws.
readme-picture: build
	$(GO) run ./internal/readmepicture -bin $(BIN) -out docs/images
