package fixes

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/core/pipeline"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
	"ctxlab/themes"
)

var (
	keyF     = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("f")}
	keyU     = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("u")}
	keyX     = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}
	keyEnter = tea.KeyMsg{Type: tea.KeyEnter}
)

// TestPaneSearchesPreviewsAppliesAndUndoes drives the pane alone, as the
// workbench does, on the overflowing sample: f asks for a search, whose
// result opens the preview; another key closes it and f opens it again
// without a search; enter asks for the fix's settings and u for those
// in force before it, and the undo's evaluation is named when it lands.
func TestPaneSearchesPreviewsAppliesAndUndoes(t *testing.T) {
	sc, err := scenarioload.LoadFS(sample.FS, "overflow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	in := core.EvalInput{Scenario: sc, Analysis: pipeline.Analyze(sc.Documents), Texts: diagnose.NewTexts(sc.Documents),
		Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	ev, err := core.Evaluate(context.Background(), in, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	s := Screen{Eval: ev, Shown: 3, Settings: sc.Settings, Styles: themes.New(themes.Mono), Width: 80, Height: 6}

	p := New()
	if !p.Takes(keyF) || !p.Takes(keyU) || p.Takes(keyX) {
		t.Fatal("closed, the pane takes f and u only")
	}
	if _, out := p.Update(keyF, Screen{Eval: ev, Shown: 3, Pending: "o200k_base"}); out.Search || !strings.Contains(out.Status, "o200k_base counts") {
		t.Errorf("f while counts are pending: %+v", out)
	}
	p, out := p.Update(keyF, s)
	if !out.Search || p.Computing() != 3 || p.Open() {
		t.Fatalf("f: %+v, computing %d", out, p.Computing())
	}
	msg := p.Search(in, ev, 3, time.Minute)().(SuggestionsMsg)
	if msg.Err != nil || len(msg.Fixes) < 2 {
		t.Fatalf("the search found %d fixes: %v", len(msg.Fixes), msg.Err)
	}
	if stale, _ := p.Receive(SuggestionsMsg{Gen: 2, Fixes: msg.Fixes}, s); stale.Open() {
		t.Error("fixes for another generation opened the preview")
	}
	p, out = p.Receive(msg, s)
	if !p.Open() || p.Computing() != 0 || !out.Describes || !strings.Contains(out.Status, "best first") {
		t.Fatalf("the fixes found: open %v, %+v", p.Open(), out)
	}
	body := strings.Split(ansi.Strip(p.View(s.Styles, s.Width, s.Height)), "\n")
	if len(body) != s.Height-2 || !strings.Contains(body[len(body)-1], "below (↓/pgdn scrolls)") {
		t.Errorf("the preview in a box of %d lines:\n%s", s.Height, strings.Join(body, "\n"))
	}
	if title := p.Title(s.Width); !strings.HasPrefix(title, "Fix 1 of ") || ansi.StringWidth(title) > s.Width-6 {
		t.Errorf("title %q", title)
	}
	if p, _ = p.Update(keyF, s); p.Index() != 1 {
		t.Errorf("f again shows fix %d", p.Index())
	}
	p, out = p.Update(keyX, s)
	if p.Open() || !out.Handled || !out.Closed {
		t.Errorf("another key: open %v, %+v", p.Open(), out)
	}
	if p, out = p.Update(keyF, s); out.Search || !p.Open() || p.Index() != 0 {
		t.Errorf("f again on the same evaluation: open %v, index %d, %+v", p.Open(), p.Index(), out)
	}

	chosen := p.Fixes()[0]
	want, err := fix.ApplyChanges(ev.Settings, chosen.Changes)
	if err != nil {
		t.Fatal(err)
	}
	p, out = p.Update(keyEnter, s)
	if p.Open() || out.Settings == nil || !reflect.DeepEqual(*out.Settings, want) || out.Undo {
		t.Fatalf("enter: open %v, %+v", p.Open(), out)
	}
	applied := s
	applied.Settings = want
	p, out = p.Update(keyU, applied)
	flags := strings.Join(chosen.Flags, " ")
	if out.Settings == nil || !reflect.DeepEqual(*out.Settings, sc.Settings) || !out.Undo || !strings.Contains(out.Status, "fix undone ("+flags+")") {
		t.Fatalf("u: %+v", out)
	}
	p.Undoing(4)
	if _, ok := p.Landed(3, 2); ok {
		t.Error("an older evaluation was taken for the undo's")
	}
	if status, ok := p.Landed(4, 2); !ok || !strings.HasSuffix(status, "2 documents back to their fate before the fix (◆, n goes to the next)") {
		t.Errorf("the undo's evaluation: %v %q", ok, status)
	}
	if _, out = p.Update(keyU, s); out.Settings != nil || out.Status != "no fix to undo" {
		t.Errorf("a second u: %+v", out)
	}
}
