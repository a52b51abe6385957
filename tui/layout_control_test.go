package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/chatbody"
)

// TestLayoutControlExportsAChat: the layout control turns the assembly to
// the chat layout, the Budget view says so, and the exported
// messages.json is a body OpenAI's API replays, the history message by
// message.
func TestLayoutControlExportsAChat(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	if m.eval.Assembly.Layout != window.LayoutArticle {
		t.Fatalf("the workbench opens in the %q layout, want the article's", m.eval.Assembly.Layout)
	}
	articleMessages := len(m.eval.Assembly.Messages)
	m = keys(t, m, "c")
	m.controls.SelectID("layout")
	m = keys(t, m, "right")
	a := m.eval.Assembly
	if m.settings.Layout != window.LayoutChat || a.Layout != window.LayoutChat {
		t.Fatalf("layout control: settings %q, assembly %q", m.settings.Layout, a.Layout)
	}
	if len(a.Messages) <= articleMessages || len(a.Tools) == 0 {
		t.Errorf("chat layout: %d messages (article %d), tools %d bytes", len(a.Messages), articleMessages, len(a.Tools))
	}
	if !strings.Contains(m.View(), "layout ◂chat▸") {
		t.Error("the strip does not show the chat layout")
	}

	m = keys(t, m, "e")
	data, err := os.ReadFile(filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000", "messages.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chatbody.CheckOpenAI(data); err != nil {
		t.Errorf("messages.json is not an OpenAI body: %v", err)
	}
	for _, want := range []string{`"role": "assistant"`, `"tools": [`, `"model": "gpt-4o"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("messages.json lacks %s", want)
		}
	}
	scenario, _ := os.ReadFile(filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000", "scenario.yaml"))
	if !strings.Contains(string(scenario), "layout: chat") {
		t.Errorf("scenario.yaml does not keep the layout:\n%s", scenario)
	}

	// An Anthropic request would be sent back to Anthropic in its shape.
	anthropic := *m.cfg.Scenario
	anthropic.Provider = tokens.ProviderAnthropic
	m.cfg.Scenario = &anthropic
	m = keys(t, m, "e")
	data, err = os.ReadFile(filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000-2", "messages.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chatbody.CheckAnthropic(data); err != nil {
		t.Errorf("the Anthropic body of the chat layout: %v", err)
	}
}
