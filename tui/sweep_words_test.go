package tui

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/sweep"
	"ctxlab/core/window"
)

// TestSeriesRangeSaysTheSpan: the bars stretch any span to full height,
// so the words beside them say how small it is.
func TestSeriesRangeSaysTheSpan(t *testing.T) {
	cases := []struct {
		series sweep.Series
		want   string
	}{
		{sweep.Series{Values: []float64{12, 12, 11}, Unit: "document", Units: "documents"}, "11 to 12, range: 1 document"},
		{sweep.Series{Values: []float64{1760, 1830}, Unit: "token", Units: "tokens"}, "1,760 to 1,830, range: 70 tokens"},
		{sweep.Series{Values: []float64{8.72, 9.17}}, "8.72 to 9.17"},
		{sweep.Series{Values: []float64{4, 4}, Unit: "duplicate", Units: "duplicates"}, "4 throughout"},
	}
	for _, c := range cases {
		if got := seriesRange(c.series); got != c.want {
			t.Errorf("seriesRange(%v) = %q, want %q", c.series.Values, got, c.want)
		}
	}
}

// TestSweepSaysTheAssemblerCutsTheBlock: the sample's retrieved context
// is cut by the assembler, so the Sweep view shows, beside the documents
// in the pipeline's block, those sent after the cut, and at the current
// value they are the strip's "after the assembler".
func TestSweepSaysTheAssemblerCutsTheBlock(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 160, 48), "w")
	c := m.eval.Build.Trace.Counts
	block := c.Included + c.Partial + c.Summarized
	sent := m.sent.Included + m.sent.Cut + m.sent.Summarized
	if sent >= block {
		t.Fatalf("the sample's assembler sends %d of the block's %d documents; the test needs a cut", sent, block)
	}
	view := sweepContent(m.styles, m.sweeps, 400)
	words := fmt.Sprintf("at 0.85 the block's 1,830 tokens are cut to 1,550, and %d of its %d documents are sent", sent, block)
	for _, want := range []string{words, "in block sent", "documents sent"} {
		if !strings.Contains(strings.Join(strings.Fields(view), " "), want) {
			t.Errorf("the Sweep view lacks %q:\n%s", want, view)
		}
	}
	// The current value's row: ▲ 0.85 kept removed in-block sent ...
	found := false
	for _, line := range strings.Split(view, "\n") {
		if f := strings.Fields(line); len(f) > 5 && f[0] == "▲" && f[1] == "0.85" {
			found = true
			if f[4] != fmt.Sprint(block) || f[5] != fmt.Sprint(sent) {
				t.Errorf("the current row %q, want %d in block and %d sent", line, block, sent)
			}
		}
	}
	if !found {
		t.Errorf("no row for the current value 0.85:\n%s", view)
	}
	// Measured as sent, nothing is cut: no "sent" column or series.
	m = settle(t, m, m.applySettings(measuredAsSent(m.settings)))
	if view := sweepContent(m.styles, m.sweeps, 400); strings.Contains(view, "documents sent") || strings.Contains(view, "in block  sent") {
		t.Errorf("measured as sent, the Sweep view still counts a cut:\n%s", view)
	}
}

func measuredAsSent(s core.Settings) core.Settings {
	s.Mode = window.MeasureOnly
	return s
}

// TestControlWithoutEffectSaysSo: where the strip is wide, a control
// that changes nothing now says so in words beside its dash; narrow, the
// dash alone keeps the strip's rows.
func TestControlWithoutEffectSaysSo(t *testing.T) {
	wide := newTestModel(t, "support_chat", "mono", 160, 48)
	if screen := wide.View(); !strings.Contains(screen, "–RAG top k ◂10▸ (no effect now)") {
		t.Errorf("at 160 columns the unused RAG top k does not say so:\n%s", screen)
	}
	narrow := newTestModel(t, "support_chat", "mono", 120, 40)
	if screen := narrow.View(); strings.Contains(screen, "(no effect now)") || !strings.Contains(screen, "–RAG top k ◂10▸") {
		t.Errorf("at 120 columns the strip should keep the dash alone:\n%s", screen)
	}
}
