// Command hugegen writes the large inputs the memory limits in docs/limits.md are
// measured on, the same bytes on every machine, so a figure there can be
// reproduced:
//
//	go run ./internal/hugegen -out DIR            # every set
//	go run ./internal/hugegen -out DIR kb-100k    # one set
//	go run ./internal/hugegen -list
//
// Nothing in the program or the tests reads these files; they are too
// large to keep in the repository and quick to make again.
// walk-workbench.sh measures the workbench's peak memory on the one-part
// sets, walking every view in tmux.
package main
