package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/loaders/request"
)

// linesWith are the screen's lines that contain any of marks.
func linesWith(m Model, marks ...string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		for _, mark := range marks {
			if strings.Contains(l, mark) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// At 80×24 the key figures are said whole, in shorter words: the Eval
// view's aggregate, the Timeline's chosen turn and policy, and the
// footer's keys on every view.
func TestKeyFiguresFitAt80Columns(t *testing.T) {
	ev := newEvalModel(t, 80, 24)
	lines := linesWith(ev, "recall ", "cut by the budget", " cut, ")
	if len(lines) < 2 {
		t.Fatalf("no aggregate lines:\n%s", ansi.Strip(ev.View()))
	}
	for _, l := range lines {
		if strings.Contains(l, "…") {
			t.Errorf("an Eval aggregate line is cut: %q", l)
		}
	}

	tl := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 80, 24)
	tl = keys(t, tl, "o")
	lines = linesWith(tl, "turn 27/30", "policy 1/6")
	if len(lines) != 2 {
		t.Fatalf("no turn or policy line:\n%s", ansi.Strip(tl.View()))
	}
	for _, l := range lines {
		if strings.Contains(l, "…") {
			t.Errorf("a Timeline line is cut: %q", l)
		}
	}
	if !strings.Contains(lines[0], "▲ over the window") || !strings.Contains(lines[1], "4 over") {
		t.Errorf("the Timeline lines lost their figures: %q", lines)
	}

	m := newTestModel(t, "support_chat", "mono", 80, 24)
	for _, k := range []string{"1", "2", "3", "4", "5", "6", "d", "w", "v", "c"} {
		m = keys(t, m, "esc", k)
		m.status.text = ""
		footer := ansi.Strip(m.renderFooter())
		if strings.Contains(footer, "…") || !strings.Contains(footer, "? help") {
			t.Errorf("view %s: the footer is cut: %q", k, footer)
		}
	}
}
