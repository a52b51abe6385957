package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestNarrowHeaderKeepsTheCost: at 80 columns the header spares the
// program's name and an exact tokenizer before it cuts the request's
// cost; wide, it says both.
func TestNarrowHeaderKeepsTheCost(t *testing.T) {
	narrow := ansi.Strip(newTestModel(t, "support_chat", "mono", 80, 24).renderHeader())
	if !strings.Contains(narrow, "per 1,000 requests") || strings.Contains(narrow, "…") || ansi.StringWidth(narrow) != 80 {
		t.Errorf("80 columns: %q", narrow)
	}
	wide := ansi.Strip(newTestModel(t, "support_chat", "mono", 160, 48).renderHeader())
	if !strings.Contains(wide, "ctxlab · support_chat · gpt-4o (o200k_base)") || !strings.Contains(wide, "per 1,000 requests") {
		t.Errorf("160 columns: %q", wide)
	}
}
