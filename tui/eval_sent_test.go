package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/evalrun"
	"ctxlab/loaders/evalinput"
	"ctxlab/loaders/scenario"
)

// TestEvalViewCountsWhatIsSent: opened on the sample's help-center
// scenario (a 1,000-token allocation the reference's unbudgeted citation
// headers run over), the Eval view counts recall on what the assembler
// sends, as `ctxlab eval` does: q14's only relevant document is in the
// block but cut by the assembler, so its recall is 0.00, and the
// aggregate is 0.74, with the blocks' 0.83 beside it.
func TestEvalViewCountsWhatIsSent(t *testing.T) {
	set, err := evalinput.LoadWith(evalinput.Files{
		Run: "../sample/eval/run.trec", Corpus: "../sample/eval/corpus.jsonl",
		Queries: "../sample/eval/queries.jsonl", Qrels: "../sample/eval/qrels.tsv",
	}, evalinput.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.LoadFile("../sample/eval/help_center.yaml", scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{
		Scenario: sc, Theme: "mono",
		Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write,
		Eval: evalrun.Prepare(set), EvalName: "run.trec",
	})
	m = send(t, m, tea.WindowSizeMsg{Width: 160, Height: 48})
	m = settle(t, m, m.Init())
	view := m.View()
	for _, want := range []string{"context recall 0.74 (0.83 in the blocks)", "relevant sent 22 of 31", "3 cut by the assembler", "474 in the blocks, 449 sent"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Eval view lacks %q:\n%s", want, view)
		}
	}
	if !regexp.MustCompile(`q14 +0\.00 +0 of 1 +1 .*kb-price-match cut by the assembler`).MatchString(view) {
		t.Errorf("q14's row does not show its relevant document cut by the assembler:\n%s", view)
	}
}
