package tui

import (
	"strings"
	"testing"
)

func TestQuestionMarkTurnsTheHelpToTheLegendAndBack(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 80, 24)
	m = keys(t, m, "?")
	if !strings.Contains(m.View(), "Keys ·") || !strings.Contains(m.View(), "legend") {
		t.Fatalf("? did not open the keys page, or it does not name the legend:\n%s", m.View())
	}
	m = keys(t, m, "?")
	if !m.views.helpOpen || !m.views.legend || !strings.Contains(m.View(), "Pipeline strip, and the line under it") {
		t.Fatalf("? again did not turn to the legend:\n%s", m.View())
	}
	m = keys(t, m, "j")
	if !m.views.legend {
		t.Error("j should scroll the legend, not close it")
	}
	m = keys(t, m, "tab")
	if m.views.legend || !strings.Contains(m.View(), "Keys ·") {
		t.Error("tab did not turn back to the keys")
	}
	m = keys(t, m, "tab", "esc")
	if m.views.helpOpen || m.views.legend {
		t.Error("esc did not close the legend")
	}
	m = keys(t, m, "?")
	if m.views.legend {
		t.Error("help reopened on the legend rather than the keys")
	}
}
