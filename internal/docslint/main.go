// Command docslint fails when the documentation or a Go comment carries
// the history of its own making instead of describing what is: numbered
// work sessions or rounds, this project's own issue numbers, log
// timestamps, machine-load notes, paths of the machine it was written on,
// or narration of what was there before.
//
// It reads README.md, ARCHITECTURE.md and every Markdown file under docs/,
// and the comments of every Go file under the repository (testdata,
// vendor and hidden folders excepted). Citations of other projects'
// issues (owner/repo#N) and dated price sources are fine.
//
// Run it from the repository root, as make lint does:
//
//	go run ./internal/docslint
//
// Each finding is one line, FILE:LINE: what was found and the text.
package main

import (
	"fmt"
	"os"
)

func main() {
	findings, err := Check(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "docslint:", err)
		os.Exit(2)
	}
	for _, f := range findings {
		fmt.Println(f)
	}
	if len(findings) > 0 {
		fmt.Fprintf(os.Stderr, "docslint: %d lines describe the project's history instead of what is; say what is, or cite another project's issue as owner/repo#N\n", len(findings))
		os.Exit(1)
	}
}
