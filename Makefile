# ctxlab: make run opens the workbench on the bundled sample; make test is
# what CI runs.

GO      ?= go
BIN     ?= bin/ctxlab
FUZZTIME ?= 10s

.PHONY: run build test bench fuzz ci fmt vet e2e

run: build
	./$(BIN)

build:
	$(GO) build -o $(BIN) .

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

test: vet
	$(GO) test -race -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/ ./tui/

# Each fuzz target runs for FUZZTIME; go test allows one target per run.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzz $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

ci: test
