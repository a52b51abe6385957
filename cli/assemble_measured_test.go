package cli

import (
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
	source := "kb/" + trickyText(3*streamWindow+5)
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

// TestAssembleJSONSplicesLongNames: a finding and a space item naming a
// document by a long source are written as encoding/json writes them,
// and the keys after the assembly are encoded without the source.
func TestAssembleJSONSplicesLongNames(t *testing.T) {
	run, source := longSourceRun(t)
	doc := assembleJSONOf(run)
	if got, want := streamed(t, &doc), encodedWhole(t, &doc); got != want {
		t.Errorf("the streamed report differs from encoding/json's")
	}
	var long longStrings
	rest, err := jsonMembers(holdLongRest(doc.assembleJSONRest, &long))
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) >= len(source) || len(long.texts) < 2 {
		t.Errorf("the rest encoded in %d bytes, %d strings held, for a %d-byte source", len(rest), len(long.texts), len(source))
	}
	if strings.Count(encodedWhole(t, &doc), `"label": "#1 kb/`) != 1 {
		t.Error("the document's name is not in the space list")
	}
}
