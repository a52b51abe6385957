package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
	"unsafe"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// longSourceRun is assemble's two evaluations of one document whose
// source is long and tricky to escape: the measured request first, then
// the budgeted one taking its block.
func longSourceRun(t *testing.T) (*assembleRun, string) {
	t.Helper()
	source := "kb/" + trickyText(100_000)
	s := core.DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	sc := &core.Scenario{Documents: []value.Document{{Content: "Paris is the capital of France.", Score: 0.9, Source: source}}, Settings: s}
	in := core.EvalInput{Scenario: sc, Now: time.Unix(0, 0), RequestID: "r"}
	measured, built, err := measureAsSent(context.Background(), in, s)
	if err != nil {
		t.Fatal(err)
	}
	in.Built = built
	ev, err := core.Evaluate(context.Background(), in, s)
	if err != nil {
		t.Fatal(err)
	}
	return &assembleRun{scenario: sc, source: "long", eval: ev, measured: measured}, source
}

// TestMeasureAsSentKeepsTotalsAndSharesTheBlock: the request measured as
// sent keeps what the report shows of it, not its messages, and the
// budgeted evaluation takes its block instead of building another.
func TestMeasureAsSentKeepsTotalsAndSharesTheBlock(t *testing.T) {
	run, _ := longSourceRun(t)
	m := run.measured.Assembly
	if m.Messages != nil || m.Tools != nil || m.Used <= run.eval.Assembly.Used {
		t.Errorf("measured: %d messages, tools %q, %d used (budgeted %d)", len(m.Messages), m.Tools, m.Used, run.eval.Assembly.Used)
	}
	rag, _ := m.Component(window.ComponentRAG)
	if block := run.eval.RAGBlock(); block == "" || unsafe.StringData(rag.Text) != unsafe.StringData(block) {
		t.Error("the budgeted evaluation built its own block")
	}
	if run.eval.Settings.Mode != window.Budgeted || run.measured.Settings.Mode != window.MeasureOnly {
		t.Errorf("modes %s and %s", run.eval.Settings.Mode, run.measured.Settings.Mode)
	}
}

// trickyText holds every kind of character encoding/json escapes apart
// (HTML, controls, U+2028, invalid UTF-8).
func trickyText(n int) string {
	kinds := []string{"word ", "<b>&", "\"", "\\", "\n\t", "\x00\x1f", "\u2028\u2029", "é", "漢", "🙂", "\xff", "\xe2\x80", "\xf0\x9f\x99"}
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(kinds[(i*7)%len(kinds)])
	}
	return b.String()
}

// TestAssembleJSONFailsBeforeWriting: a value encoding/json refuses fails
// the report before any of it is written.
func TestAssembleJSONFailsBeforeWriting(t *testing.T) {
	doc := assembleJSON{Messages: []window.ChatMessage{{Role: "user", Content: "hi"}}}
	zero := 0.0
	doc.Metrics.BudgetUtilization = 1 / zero
	var out bytes.Buffer
	if err := writeJSON(&out, &doc); err == nil || out.Len() != 0 {
		t.Errorf("error %v, %d bytes written; want an error and nothing written", err, out.Len())
	}
}
