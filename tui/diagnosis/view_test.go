package diagnosis

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
	"ctxlab/themes"
)

// evaluated is a bundled sample scenario evaluated at its own settings,
// as the workbench first shows it.
func evaluated(t *testing.T, name string) *core.Evaluation {
	t.Helper()
	sc, err := scenarioload.LoadFS(sample.FS, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	in := core.EvalInput{Scenario: sc, Analysis: pipeline.Analyze(sc.Documents), Texts: diagnose.NewTexts(sc.Documents),
		Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	ev, err := core.Evaluate(context.Background(), in, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// TestFindingsAreSanitized: a finding quotes sources and words from the
// input; neither the line nor the view lets an escape sequence through.
func TestFindingsAreSanitized(t *testing.T) {
	st := themes.New(themes.Mono)
	ev := &core.Evaluation{Findings: []diagnose.Finding{{
		Code: diagnose.CodeStrongDocLost, Severity: diagnose.SeverityError,
		Message: "#1 evil\x1b]0;pwned\x07.md\x1b[2J was dropped", Refs: []diagnose.Ref{diagnose.DocumentRef(0)},
	}}}
	text, spans := Content(st, ev, New(), 60)
	for name, out := range map[string]string{"line": Line(st, ev, 80, false), "view": text} {
		if strings.ContainsAny(ansi.Strip(out), "\x1b\x07") || strings.Contains(ansi.Strip(out), "pwned\x07") {
			t.Errorf("the %s lets control characters through: %q", name, out)
		}
		if !strings.Contains(ansi.Strip(out), "was dropped") {
			t.Errorf("the %s lost the sentence: %q", name, ansi.Strip(out))
		}
	}
	lines := strings.Split(ansi.Strip(text), "\n")
	if len(spans) != 1 || !strings.HasPrefix(lines[spans[0].First], "▸ ▲ error: #1 evil") || spans[0].Last != len(lines)-1 {
		t.Errorf("spans %v of:\n%s", spans, strings.Join(lines, "\n"))
	}
}

// TestFindingLineShortensBeforeCutting: asides go first, then the
// sources after document numbers, and only then is the sentence cut.
func TestFindingLineShortensBeforeCutting(t *testing.T) {
	ev := evaluated(t, "support_chat")
	worst := ev.Findings[0]
	cases := []struct {
		room int
		want string
	}{
		{1000, worst.Message},
		{230, "#15 kb/returns/refund-policy.md was dropped while a similar but weaker text, #34 kb/archive/2025/refund-policy-v3.md, is sent as [2]; where they differ: 60 days → 30 days; #34 is probably the stale one."},
		{180, "#15 was dropped while a similar but weaker text, #34, is sent as [2]; where they differ: 60 days → 30 days; #34 is probably the stale one."},
		{110, "#15 was dropped while a weaker copy, #34, is sent as [2]: 60 days → 30 days; #34 is probably the stale one."},
		{100, "#15 was dropped while a weaker copy, #34, is sent as [2]: 60 days → 30 days."},
		{60, "#15 dropped; weaker copy #34 sent as [2]: 60 days → 30 days."},
	}
	for _, c := range cases {
		if got := shortenFinding(ev, worst, c.room); got != c.want {
			t.Errorf("in %d cells:\n got %q\nwant %q", c.room, got, c.want)
		}
	}
}

// TestFindingLineKeepsTheDifference: at 80 columns the line keeps what
// the two texts differ in, the fact a user acts on, and cuts its front
// when it must; wide, it names the fixes key too.
func TestFindingLineKeepsTheDifference(t *testing.T) {
	ev := evaluated(t, "support_chat")
	st := themes.New(themes.Mono)
	if got := ansi.Strip(Line(st, ev, 80, false)); !strings.Contains(got, "60 days → 30 days.") {
		t.Errorf("at 80 columns the finding line %q loses the difference", got)
	}
	if got := keepTheDifference("#15 was dropped while a weaker copy, #34, is sent as [2]: 60 days → 30 days.", 50); got != "#15 was dropped while a weake…: 60 days → 30 days." {
		t.Errorf("keepTheDifference cut the front to %q", got)
	}
	if got := ansi.Strip(Line(st, ev, 120, false)); !strings.Contains(got, "· f: fixes") {
		t.Errorf("at 120 columns the finding line %q does not name f", got)
	}
}

// TestNoFindings: the line says so rather than vanish, so nothing below
// it moves.
func TestNoFindings(t *testing.T) {
	st := themes.New(themes.Mono)
	ev := &core.Evaluation{}
	if got := ansi.Strip(Line(st, ev, 80, false)); !strings.HasPrefix(got, " ✓ no findings") || ansi.StringWidth(got) != 80 {
		t.Errorf("line %q", got)
	}
	if text, _ := Content(st, ev, New(), 60); !strings.Contains(text, "No findings") {
		t.Errorf("view %q", text)
	}
}
