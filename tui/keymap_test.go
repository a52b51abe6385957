package tui

import (
	"testing"

	"ctxlab/tui/rows"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/charmbracelet/bubbles/key"
)

// Every key of every binding is sent, and its effect checked: the
// KeyMaps are what the footer and the help promise.

func TestEveryListKey(t *testing.T) {
	base := newTestModel(t, "support_chat", "dark", 120, 40)
	base = keys(t, base, "g", "j", "j", "j", "j", "j") // away from both ends
	k := base.list.Keys()
	cases := []struct {
		binding key.Binding
		check   func(before, after Model) bool
	}{
		{k.Up, func(b, a Model) bool { return a.list.Cursor == b.list.Cursor-1 }},
		{k.Down, func(b, a Model) bool { return a.list.Cursor == b.list.Cursor+1 }},
		{k.PageUp, func(b, a Model) bool { return a.list.Cursor == 0 }},
		{k.PageDown, func(b, a Model) bool { return a.list.Cursor > b.list.Cursor+1 }},
		{k.Top, func(b, a Model) bool { return a.list.Cursor == 0 }},
		{k.Bottom, func(b, a Model) bool { return a.list.Cursor == len(a.list.Listed())-1 }},
		{k.PrevStage, func(b, a Model) bool { return a.list.Stage() == rows.StageReorder }},
		{k.NextStage, func(b, a Model) bool { return a.list.Stage() == rows.StageBudget }},
		{k.HideGone, func(b, a Model) bool { return a.list.HideGone() && len(a.list.Listed()) < len(b.list.Listed()) }},
		{k.Inspect, func(b, a Model) bool { return a.focus == paneInspector }},
	}
	for _, c := range cases {
		for _, name := range c.binding.Keys() {
			after := keys(t, base, name)
			if !c.check(base, after) {
				t.Errorf("list key %q (%s) had no effect", name, c.binding.Help().Desc)
			}
		}
	}
}

func TestEveryScrollKey(t *testing.T) {
	base := newTestModel(t, "support_chat", "dark", 120, 40)
	base = keys(t, base, "3") // the context view: long enough to scroll
	base = keys(t, base, "j", "j", "j", "j", "j", "j")
	k := base.views.keys
	cases := []struct {
		binding key.Binding
		check   func(before, after Model) bool
	}{
		{k.Up, func(b, a Model) bool { return a.views.vp.YOffset == b.views.vp.YOffset-1 }},
		{k.Down, func(b, a Model) bool { return a.views.vp.YOffset == b.views.vp.YOffset+1 }},
		{k.PageUp, func(b, a Model) bool { return a.views.vp.YOffset < b.views.vp.YOffset }},
		{k.PageDown, func(b, a Model) bool { return a.views.vp.YOffset > b.views.vp.YOffset+1 }},
		{k.Top, func(b, a Model) bool { return a.views.vp.YOffset == 0 }},
		{k.Bottom, func(b, a Model) bool { return a.views.vp.AtBottom() }},
		{k.Back, func(b, a Model) bool { return a.view == viewDocuments && a.focus == paneList }},
	}
	for _, c := range cases {
		for _, name := range c.binding.Keys() {
			after := keys(t, base, name)
			if !c.check(base, after) {
				t.Errorf("scroll key %q (%s): offset %d -> %d", name, c.binding.Help().Desc, base.views.vp.YOffset, after.views.vp.YOffset)
			}
		}
	}
}

// TestEveryDiagnosisKey: the Diagnosis view's cursor moves over the
// sample's findings and their rows, its text pages at 80×24, enter goes
// to a row and esc back to the list.
func TestEveryDiagnosisKey(t *testing.T) {
	base := newTestModel(t, "support_chat", "dark", 80, 24)
	base = keys(t, base, "d", "j", "l") // the second finding, its second row
	if n := len(base.eval.Findings); n < 3 {
		t.Fatalf("the sample has %d findings; the cursor needs room to move", n)
	}
	k := base.diagnosis.Keys()
	cursor := func(m Model) int { return m.diagnosis.Cursor() }
	ref := func(m Model) int { return m.diagnosis.Ref() }
	cases := []struct {
		binding key.Binding
		check   func(before, after Model) bool
	}{
		{k.Up, func(b, a Model) bool { return cursor(a) == cursor(b)-1 && ref(a) == 0 }},
		{k.Down, func(b, a Model) bool { return cursor(a) == cursor(b)+1 && ref(a) == 0 }},
		{k.PrevRef, func(b, a Model) bool { return ref(a) == ref(b)-1 && cursor(a) == cursor(b) }},
		{k.NextRef, func(b, a Model) bool { return ref(a) == ref(b)+1 && cursor(a) == cursor(b) }},
		{k.PageUp, func(b, a Model) bool { return a.views.vp.YOffset < b.views.vp.YOffset && cursor(a) == cursor(b) }},
		{k.PageDown, func(b, a Model) bool { return a.views.vp.YOffset > b.views.vp.YOffset && cursor(a) == cursor(b) }},
		{k.Top, func(b, a Model) bool { return cursor(a) == 0 && a.views.vp.YOffset == 0 }},
		{k.Bottom, func(b, a Model) bool { return cursor(a) == len(a.eval.Findings)-1 }},
		{k.Jump, func(b, a Model) bool { return a.view == viewDocuments && a.focus == paneList }},
		{k.Back, func(b, a Model) bool { return a.view == viewDocuments && a.focus == paneList }},
	}
	for _, c := range cases {
		for _, name := range c.binding.Keys() {
			after := keys(t, base, name)
			if !c.check(base, after) {
				t.Errorf("diagnosis key %q (%s): cursor %d.%d -> %d.%d, offset %d -> %d", name, c.binding.Help().Desc,
					cursor(base), ref(base), cursor(after), ref(after), base.views.vp.YOffset, after.views.vp.YOffset)
			}
		}
	}
}

// TestEveryInspectorKey: the inspector scrolls by its own keys; at 80
// columns it fills the main area and the document overflows it.
func TestEveryInspectorKey(t *testing.T) {
	base := newTestModel(t, "support_chat", "dark", 80, 24)
	base = keys(t, base, "enter", "j", "j", "j")
	k := base.inspector.keys
	offset := func(m Model) int { return m.inspector.vp.YOffset }
	cases := []struct {
		binding key.Binding
		check   func(before, after Model) bool
	}{
		{k.Up, func(b, a Model) bool { return offset(a) == offset(b)-1 }},
		{k.Down, func(b, a Model) bool { return offset(a) == offset(b)+1 }},
		{k.PageUp, func(b, a Model) bool { return offset(a) < offset(b) }},
		{k.PageDown, func(b, a Model) bool { return offset(a) > offset(b)+1 }},
		{k.Top, func(b, a Model) bool { return offset(a) == 0 }},
		{k.Bottom, func(b, a Model) bool { return a.inspector.vp.AtBottom() && offset(a) > offset(b) }},
		{k.Back, func(b, a Model) bool { return a.focus == paneList }},
	}
	for _, c := range cases {
		for _, name := range c.binding.Keys() {
			after := keys(t, base, name)
			if !c.check(base, after) {
				t.Errorf("inspector key %q (%s): offset %d -> %d", name, c.binding.Help().Desc, offset(base), offset(after))
			}
		}
	}
}

func TestEveryControlKey(t *testing.T) {
	base := newTestModel(t, "support_chat", "dark", 120, 40)
	base = keys(t, base, "c")
	base.controls.SelectID("min-tokens")
	k := base.controls.Keys()
	minTok := func(m Model) int { return m.settings.Pipeline.MinDocTokens }
	cases := []struct {
		binding key.Binding
		check   func(before, after Model) bool
	}{
		{k.Prev, func(b, a Model) bool { return a.controls.Current().ID == "dedup" }},
		{k.Next, func(b, a Model) bool { return a.controls.Current().ID == "shingle" }},
		{k.Dec, func(b, a Model) bool { return minTok(a) == minTok(b)-1 }},
		{k.Inc, func(b, a Model) bool { return minTok(a) == minTok(b)+1 }},
		{k.Edit, func(b, a Model) bool { return a.controls.Editing() }},
		{k.Find, func(b, a Model) bool { return a.controls.Finding() }},
		{k.Back, func(b, a Model) bool { return a.focus == paneList }},
	}
	for _, c := range cases {
		for _, name := range c.binding.Keys() {
			after := keys(t, base, name)
			if !c.check(base, after) {
				t.Errorf("control key %q (%s) had no effect", name, c.binding.Help().Desc)
			}
		}
	}
	// Toggle flips a toggle; Reset undoes every change.
	lim := base
	lim.controls.SelectID("lost-in-middle")
	for _, name := range k.Toggle.Keys() {
		if after := keys(t, lim, name); after.settings.Pipeline.LostInMiddle == lim.settings.Pipeline.LostInMiddle {
			t.Errorf("toggle key %q did not flip lost-in-middle", name)
		}
	}
	changed := keys(t, base, "right", "right")
	for _, name := range k.Reset.Keys() {
		if after := keys(t, changed, name); minTok(after) != minTok(base) {
			t.Errorf("reset key %q left min tokens at %d", name, minTok(after))
		}
	}
}

func TestEveryGlobalKey(t *testing.T) {
	base := newTestModel(t, "support_chat", "dark", 120, 40)
	g := base.global
	for _, name := range g.NextPane.Keys() {
		if keys(t, base, name).focus != paneInspector {
			t.Errorf("%q did not move focus forward", name)
		}
	}
	for _, name := range g.PrevPane.Keys() {
		if keys(t, base, name).focus != paneControls {
			t.Errorf("%q did not move focus back", name)
		}
	}
	for _, name := range g.Controls.Keys() {
		if keys(t, base, name).focus != paneControls {
			t.Errorf("%q did not focus the controls", name)
		}
	}
	for _, name := range g.FindControl.Keys() {
		if after := keys(t, base, name); after.focus != paneControls || !after.controls.Finding() {
			t.Errorf("%q did not open the find in the controls", name)
		}
	}
	for _, name := range g.Help.Keys() {
		if !keys(t, base, name).views.helpOpen {
			t.Errorf("%q did not open help", name)
		}
	}
	for _, name := range g.Filter.Keys() {
		if !keys(t, base, name).filter.Editing() {
			t.Errorf("%q did not open the filter", name)
		}
	}
	for _, name := range g.Theme.Keys() {
		if keys(t, base, name).palette.Name == base.palette.Name {
			t.Errorf("%q did not change the theme", name)
		}
	}
	for i, name := range g.Views.Keys() {
		if keys(t, base, name).view != view(i) {
			t.Errorf("%q did not open view %d", name, i+1)
		}
	}
	for _, name := range g.Diagnosis.Keys() {
		if after := keys(t, base, name); after.view != viewDiagnosis || after.focus != paneInspector {
			t.Errorf("%q did not open the Diagnosis view with the keyboard", name)
		}
	}
	for _, name := range g.Quit.Keys() {
		if _, cmd := base.Update(keyMsg(name)); cmd == nil {
			t.Errorf("%q does not quit", name)
		}
	}
}

// TestEveryInputKey: in a control's input and in the filter, enter
// applies, esc cancels, ctrl+u clears.
func TestEveryInputKey(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "c")
	m.controls.SelectID("model")
	m = keys(t, m, "enter")
	if m.controls.Input() != "gpt-4o" {
		t.Fatalf("the input opened on %q", m.controls.Input())
	}
	m = keys(t, m, "ctrl+u")
	m = typeText(t, m, "gpt-4.1")
	m = keys(t, m, "enter")
	if m.settings.Model != "gpt-4.1" {
		t.Errorf("ctrl+u then gpt-4.1 gave model %q", m.settings.Model)
	}
	m = keys(t, m, "enter")
	m = typeText(t, m, "xyz")
	m = keys(t, m, "esc")
	if m.controls.Editing() || m.settings.Model != "gpt-4.1" {
		t.Errorf("esc did not cancel: editing %v, model %q", m.controls.Editing(), m.settings.Model)
	}
	m = keys(t, m, "esc", "/")
	m = typeText(t, m, "gift")
	m = keys(t, m, "ctrl+u")
	if m.filter.Input() != "" || m.filter.Active() {
		t.Errorf("ctrl+u left the filter %q (active %v)", m.filter.Input(), m.filter.Active())
	}
}

// TestKeysArrivingTogether: runes that arrive in one read ("jjj") act as
// that many keys outside a text input, and as text inside one.
func TestKeysArrivingTogether(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	start := m.list.Cursor
	m = send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjj")})
	if m.list.Cursor != start+3 {
		t.Errorf("jjj moved the cursor %d -> %d", start, m.list.Cursor)
	}
	m = send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]]")})
	m = keys(t, m, "/")
	m = send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("gift")})
	if m.filter.Input() != "gift" {
		t.Errorf("typed text %q", m.filter.Input())
	}
}
