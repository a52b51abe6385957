package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"runtime/trace"
	"testing"

	"ctxlab/cli"
)

// BenchmarkColdBuild runs the command coldbench times, `ctxlab build
// --tokenizer heuristic --format json` on the Debian copyright set, in
// this process, so that a profile or a trace covers every stage of it
// (loading, analysis, the pipeline, the JSON) but the process start:
//
//	go test ./internal/coldbench -run '^$' -bench ColdBuild -benchtime 3x -cpuprofile cold.prof
//	go test ./internal/coldbench -run '^$' -bench ColdBuild -benchtime 1x -trace cold.trace
func BenchmarkColdBuild(b *testing.B) {
	docs := filepath.Join(b.TempDir(), "copyright.jsonl")
	st, err := writeCopyrightCorpus(docs)
	if err != nil {
		b.Fatal(err)
	}
	if st.paragraphs == 0 {
		b.Skip("no " + copyrightGlob + " on this machine")
	}
	b.SetBytes(st.bytes)
	var stderr bytes.Buffer
	b.ResetTimer()
	for range b.N {
		stderr.Reset()
		env := cli.Env{Stdout: io.Discard, Stderr: &stderr, Getenv: func(string) string { return "" }}
		code := 0
		// A region marks the build in a trace, apart from writing the set.
		trace.WithRegion(context.Background(), "cold build", func() {
			code = cli.Main(env, []string{"build", "--docs", docs, "--tokenizer", "heuristic", "--format", "json"})
		})
		if code != cli.ExitOK {
			b.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
}
