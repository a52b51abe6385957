package tui

import (
	"strings"
	"testing"

	"ctxlab/core/window"
	"ctxlab/tui/budget"
	"ctxlab/tui/views"

	"github.com/charmbracelet/x/ansi"
)

func TestWindowBarStatesWhatLimitsTheRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		scenario string
		width    int
		want     string
	}{
		// The sliding memory dropped the oldest messages and the builder
		// left 38 documents out: both allocations bind.
		{"support_chat", 120, "4,892 / 126,000 input · conversation history and retrieved context limited · 3.9%"},
		{"support_chat", 160, "4,892 / 126,000 input · conversation history and retrieved context limited by their allocations · 3.9% of max input"},
		{"support_chat", 80, "4,892 / 126,000 input · history and RAG limited · 3.9%"},
		{"overflow", 120, "66,151 / 14,000 input · ▲ over the max input by 52,151"},
		{"overflow", 80, "▲ over the max input by 52,151"},
		// The rolling summary folds by turn count, not by budget.
		{"code_review", 120, "8,358 / 124,000 input · everything fits · 6.7% of max input"},
		{"agent_workflow", 80, "3,373 / 125,000 input · fits · 2.7%"},
	}
	for _, tt := range tests {
		m := newTestModel(t, tt.scenario, "mono", tt.width, 24)
		bar := strings.TrimRight(ansi.Strip(strings.SplitN(budget.View(m.styles, m.eval, nil, tt.width), "\n", 2)[0]), " ")
		if !strings.HasSuffix(bar, " "+tt.want) {
			t.Errorf("%s at %d columns: window bar %q, want it to end %q", tt.scenario, tt.width, bar, tt.want)
		}
		if w := ansi.StringWidth(bar); w > tt.width {
			t.Errorf("%s at %d columns: window bar is %d wide", tt.scenario, tt.width, w)
		}
	}
}

func TestBudgetMarkersUseWordsWhereTheWidthAllows(t *testing.T) {
	tests := []struct {
		scenario string
		width    int
		want     []string
	}{
		{"support_chat", 190, []string{"✂ cut from 1,830 · +280 over", "framing and headings", "retrieved context ", "tool results "}},
		{"support_chat", 160, []string{"✂ cut from 1,830 · +280 over", "framing and headings", "RAG ", "tool res "}},
		{"support_chat", 120, []string{"✂ of 1,830 · +280 over", "framing and headings", "RAG ", "tool res "}},
		{"support_chat", 80, []string{"✂ of 1,830", "framing+", "RAG ", "tool res "}},
		{"overflow", 120, []string{"▲ over by 54,253", "▲ +657 = headers"}},
		{"overflow", 80, []string{"▲ +54,253", "▲ +657"}},
	}
	for _, tt := range tests {
		m := newTestModel(t, tt.scenario, "mono", tt.width, 24)
		grid := ansi.Strip(budget.View(m.styles, m.eval, nil, tt.width))
		for _, w := range tt.want {
			if !strings.Contains(grid, w) {
				t.Errorf("%s at %d columns lacks %q:\n%s", tt.scenario, tt.width, w, grid)
			}
		}
		for i, line := range strings.Split(grid, "\n") {
			if w := ansi.StringWidth(line); w > tt.width {
				t.Errorf("%s at %d columns: line %d is %d wide", tt.scenario, tt.width, i, w)
			}
		}
		if strings.Contains(grid, "…") {
			t.Errorf("%s at %d columns: a marker was cut:\n%s", tt.scenario, tt.width, grid)
		}
	}
}

// TestBudgetBarsKeepTheirWidthWhenTheCutGoes: raising the RAG allocation
// until nothing is cut takes the ✂ marker away and changes figures; the
// bars must stay as long as they were, so the eye can compare them.
func TestBudgetBarsKeepTheirWidthWhenTheCutGoes(t *testing.T) {
	for _, width := range []int{80, 120, 160, 190} {
		m := newTestModel(t, "support_chat", "mono", width, 40)
		before := barLengths(t, budget.View(m.styles, m.eval, nil, width))
		m = keys(t, m, "c")
		m.controls.SelectID("rag")
		m = keys(t, m, "enter", "ctrl+u")
		m = typeText(t, m, "9000")
		m = keys(t, m, "enter")
		grid := budget.View(m.styles, m.eval, nil, width)
		if strings.Contains(ansi.Strip(grid), "✂") {
			t.Fatalf("%d columns: RAG still cut at 9,000:\n%s", width, ansi.Strip(grid))
		}
		after := barLengths(t, grid)
		for name, n := range before {
			if after[name] != n {
				t.Errorf("%d columns: the %s bar went from %d to %d cells when the cut went away", width, name, n, after[name])
			}
		}
	}
}

// barLengths measures each component's bar in the grid: the run of
// block and free cells after its label.
func barLengths(t *testing.T, grid string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, line := range strings.Split(ansi.Strip(grid), "\n")[1:] {
		for _, c := range window.AllocatedComponentNames {
			// A wide grid labels a bar with the component's words, a
			// narrow one with its short form.
			name := window.ComponentWords(c)
			i := strings.Index(line, name+" ")
			if i < 0 {
				name = window.ComponentShort(c)
				i = strings.Index(line, name+" ")
			}
			if i < 0 {
				continue
			}
			bar := strings.TrimLeft(line[i+len(name):], " ")
			n := 0
			for _, r := range bar {
				if !strings.ContainsRune("█▉▊▋▌▍▎▏░"+views.MonoFills(), r) {
					break
				}
				n++
			}
			out[name] = n
		}
	}
	if len(out) != 6 {
		t.Fatalf("found %d bars in:\n%s", len(out), ansi.Strip(grid))
	}
	return out
}
