//go:build heavy

package core_test

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// TestEvaluationsOfOneInputShareItsLongTexts: the workbench holds the
// evaluation it shows while it computes the next (the exact count after
// the first estimate, a setting changed, a pinned baseline). Two
// evaluations of an input with a long part share the texts made from it
// (the context block, the tools array, the tool results' message) rather
// than each holding its own, and the findings quote a long source rather
// than copy it: the second evaluation keeps a small fraction of the long
// part live. Each evaluation held a 50 MB source's block and a finding
// quoting it whole, five copies while the exact picture replaced the
// estimate.
func TestEvaluationsOfOneInputShareItsLongTexts(t *testing.T) {
	const size = 4 << 20
	cases := []struct {
		name string
		edit func(sc *core.Scenario, long string)
		text func(ev *core.Evaluation) string // the long text the two must share
	}{
		// One document, so the estimate and the exact count place it alike.
		{"a long source", func(sc *core.Scenario, long string) {
			sc.Documents = sc.Documents[:1]
			sc.Documents[0].Source = long
		},
			func(ev *core.Evaluation) string { return ev.Build.ContextBlock }},
		// Measured as sent, as an imported request is: the array is kept.
		{"a long tool description", func(sc *core.Scenario, long string) {
			sc.Tools = append(sc.Tools, []byte(`{"type":"function","function":{"name":"big","description":"`+long+`"}}`))
			sc.Settings.Mode = window.MeasureOnly
		}, func(ev *core.Evaluation) string {
			return unsafe.String(unsafe.SliceData(ev.Assembly.Tools), len(ev.Assembly.Tools))
		}},
		{"a long tool result", func(sc *core.Scenario, long string) { sc.ToolResults[0].Content = long }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := sampleScenario(t, "scenarios/support_chat.yaml")
			c.edit(sc, strings.Repeat("a", size))
			in := core.EvalInput{Scenario: sc, Analysis: pipeline.Analyze(sc.Documents), Texts: diagnose.NewTexts(sc.Documents), Now: time.Unix(0, 0)}
			// Warm: the exact vocabulary and its long-piece tables load
			// on the first exact count, and stay.
			if _, err := core.Evaluate(context.Background(), in, sc.Settings); err != nil {
				t.Fatal(err)
			}
			estimate := sc.Settings
			estimate.Pipeline.Tokenizer = tokens.Heuristic{}
			first, err := core.Evaluate(context.Background(), in, estimate)
			if err != nil {
				t.Fatal(err)
			}
			before := liveHeap()
			second, err := core.Evaluate(context.Background(), in, sc.Settings)
			if err != nil {
				t.Fatal(err)
			}
			grew := liveHeap() - before
			if c.text != nil {
				a, b := c.text(first), c.text(second)
				if len(a) < size || unsafe.StringData(a) != unsafe.StringData(b) {
					t.Errorf("the two evaluations hold the long text (%d and %d bytes) as two copies", len(a), len(b))
				}
			}
			for _, f := range second.Findings {
				if len(f.Message) > 1000 {
					t.Errorf("finding %s is %d bytes: it copies the long part", f.Code, len(f.Message))
				}
			}
			if limit := int64(size / 4); grew > limit {
				t.Errorf("the second evaluation keeps %d MB live beside the first; want under %d MB for a %d MB part",
					grew>>20, limit>>20, size>>20)
			}
			runtime.KeepAlive(first)
			runtime.KeepAlive(second)
		})
	}
}

// liveHeap is the heap after a collection.
func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}
