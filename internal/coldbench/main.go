package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"ctxlab/internal/numfmt"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "coldbench: "+err.Error())
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("coldbench", flag.ContinueOnError)
	binary := fs.String("ctxlab", "", "the ctxlab binary to time (go build -o /tmp/ctxlab .)")
	docs := fs.String("docs", filepath.Join(os.TempDir(), "ctxlab-copyright.jsonl"), "where to write the generated document set")
	runs := fs.Int("runs", 5, "how many times to run ctxlab; the fastest run counts")
	python := fs.String("python", "python3", "the Python interpreter for the reference")
	skipReference := fs.Bool("skip-reference", false, "time ctxlab only (while iterating; the ratio needs the reference)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *binary == "" {
		return errors.New("-ctxlab: the binary to time is required (go build -o /tmp/ctxlab .)")
	}
	if *runs < 1 {
		return fmt.Errorf("-runs %d: expected 1 or more", *runs)
	}
	st, err := writeCopyrightCorpus(*docs)
	if err != nil {
		return fmt.Errorf("writing %s: %w", *docs, err)
	}
	info, err := os.Stat(*docs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "document set: %s paragraphs of %s copyright files, %.1f MB of JSONL (%s)\n",
		numfmt.Thousands(st.paragraphs), numfmt.Thousands(st.files), float64(info.Size())/1e6, *docs)

	goOut := *docs + ".ctxlab.json"
	best, err := timeCtxlab(*binary, *docs, goOut, *runs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "ctxlab build --tokenizer heuristic --format json: %.3f s (fastest of %d; %.3f s of processor time), peak resident memory %s MB\n",
		best.wall.Seconds(), *runs, best.cpu.Seconds(), numfmt.Thousands(int(best.maxRSS>>20)))
	if *skipReference {
		return nil
	}
	pyOut := *docs + ".reference.json"
	ref, err := timeReference(*python, *docs, pyOut)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "the Python reference (reference_build.py): %.1f s (%.1f s of processor time), peak resident memory %s MB\n",
		ref.wall.Seconds(), ref.cpu.Seconds(), numfmt.Thousands(int(ref.maxRSS>>20)))
	if err := sameResult(goOut, pyOut); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "same result: every reference key equal; ctxlab is %.0f× faster in wall time, %.0f× in processor time (%d CPUs)\n",
		ref.wall.Seconds()/best.wall.Seconds(), ref.cpu.Seconds()/best.cpu.Seconds(), runtime.NumCPU())
	return nil
}
