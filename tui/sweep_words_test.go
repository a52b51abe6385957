package tui

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core"
)

// TestSeriesRangeSaysTheSpan: the bars stretch any span to full height,
// so the words beside them say how small it is.
func TestSeriesRangeSaysTheSpan(t *testing.T) {
	cases := []struct {
		series core.SweepSeries
		want   string
	}{
		{core.SweepSeries{Values: []float64{12, 12, 11}, Unit: "document", Units: "documents"}, "11 to 12, range: 1 document"},
		{core.SweepSeries{Values: []float64{1760, 1830}, Unit: "token", Units: "tokens"}, "1,760 to 1,830, range: 70 tokens"},
		{core.SweepSeries{Values: []float64{8.72, 9.17}}, "8.72 to 9.17"},
		{core.SweepSeries{Values: []float64{4, 4}, Unit: "duplicate", Units: "duplicates"}, "4 throughout"},
	}
	for _, c := range cases {
		if got := seriesRange(c.series); got != c.want {
			t.Errorf("seriesRange(%v) = %q, want %q", c.series.Values, got, c.want)
		}
	}
}

// TestSweepSaysTheAssemblerCutsTheBlock: the sample's RAG block is cut by
// the assembler, so the Sweep view, which counts the pipeline's block,
// says how many of its documents the strip's "after the assembler" sends,
// with the strip's own figures.
func TestSweepSaysTheAssemblerCutsTheBlock(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 160, 48), "w")
	c := m.eval.Build.Trace.Counts
	block := c.Included + c.Partial + c.Summarized
	sent := m.sent.included + m.sent.cut + m.sent.summarized
	if sent >= block {
		t.Fatalf("the sample's assembler sends %d of the block's %d documents; the test needs a cut", sent, block)
	}
	want := fmt.Sprintf("now the block holds %d documents and the assembler sends %d of them", block, sent)
	view := sweepContent(m.styles, m.sweeps, sweepAssembled(m.eval, m.sent), 400)
	if !strings.Contains(view, want) {
		t.Errorf("the Sweep view lacks %q:\n%s", want, view)
	}
	if strings.Contains(view, "documents sent") {
		t.Errorf("the Sweep view calls the pipeline's block %q:\n%s", "documents sent", view)
	}
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
