package cli

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

// TestBuildReportHoldsNoSourceWhole: a document whose source is as long
// as a document is printed four times by the text report (a finding, the
// final order, the citations, the context block's header), each written
// where it lies. Formatted into lines, each cost up to twice the source
// (fmt's buffer grown by doubling), and a 50 MB source took build to
// 5.5 times its input.
func TestBuildReportHoldsNoSourceWhole(t *testing.T) {
	source := strings.Repeat("https://example.com/a/very/long/source ", 30_000)
	docs := []value.Document{
		{Content: "Paris is the capital of France, on the Seine.", Score: 0.9, Source: source},
		{Content: "Paris is the capital of France, on the Seine.", Score: 0.8, Source: source},
		{Content: "tiny", Score: 0.7, Source: source},
	}
	opts := pipeline.DefaultOptions()
	res, err := pipeline.Build(pipeline.Analyze(docs), opts)
	if err != nil {
		t.Fatal(err)
	}
	in := buildInput{docsPath: "docs.jsonl", docFormat: "jsonl", docs: docs, opts: opts,
		findings: diagnose.Diagnose(diagnose.Input{Documents: docs, Build: res, Pipeline: opts.Settings, RAGBudget: opts.Budget})}
	var out strings.Builder
	if err := writeBuildReport(&out, in, res); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), source); n < 4 {
		t.Fatalf("the report prints the source %d times; the test wants a report that prints it at least 4 times", n)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := writeBuildReport(io.Discard, in, res); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > uint64(len(source))/4 {
		t.Errorf("writing a report with a %d-byte source allocated %d bytes; want at most a quarter of it", len(source), allocated)
	}
}
