package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ctxlab/tui/rows"

	"github.com/charmbracelet/x/ansi"
)

// TestStripCountsAddUpWithTheBudgetList: the sample's assembler cuts two
// cited documents, so the Budget list shows fewer ✓ than the budget
// included; the strip's last segment must count what the list shows,
// and the Budget segment what the budget decided, over the same documents.
func TestStripCountsAddUpWithTheBudgetList(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	budgetRows := rows.ForStage(m.eval, rows.StageBudget, true)
	shown := map[string]int{}
	for _, r := range budgetRows {
		shown[rows.LookOf(m.eval, rows.StageBudget, r).Glyph()]++
	}
	for _, width := range []int{160, 100, 80} {
		strip := ansi.Strip(rows.Strip(m.styles, m.eval, m.sent, rows.StageBudget, width))
		segments := regexp.MustCompile(`(Budget|after the assembler|Final)((?: \d[\d,]*[✓✂Σ✗])+)`).FindAllStringSubmatch(strip, -1)
		if len(segments) != 2 {
			t.Fatalf("width %d: want a Budget and an after-the-assembler segment in %q", width, strip)
		}
		budget, after := glyphCounts(t, segments[0][2]), glyphCounts(t, segments[1][2])
		for _, glyph := range []string{"✓", "✂", "Σ", "✗"} {
			if after[glyph] != shown[glyph] {
				t.Errorf("width %d: the strip says %d%s after the assembler, the list shows %d: %q", width, after[glyph], glyph, shown[glyph], strip)
			}
		}
		if sum(budget) != len(budgetRows) || sum(after) != len(budgetRows) {
			t.Errorf("width %d: budget counts %d documents, after the assembler %d, the list %d: %q", width, sum(budget), sum(after), len(budgetRows), strip)
		}
		if budget["✓"] == after["✓"] {
			t.Errorf("width %d: the sample's assembler cuts a whole document, yet both segments say %d✓", width, budget["✓"])
		}
	}
}

func glyphCounts(t *testing.T, counts string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, field := range strings.Fields(counts) {
		runes := []rune(field)
		n, err := strconv.Atoi(strings.ReplaceAll(string(runes[:len(runes)-1]), ",", ""))
		if err != nil {
			t.Fatalf("count %q: %v", field, err)
		}
		out[string(runes[len(runes)-1])] = n
	}
	return out
}

func sum(counts map[string]int) int {
	total := 0
	for _, n := range counts {
		total += n
	}
	return total
}
