package core_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
)

func TestParseItemEdit(t *testing.T) {
	tests := []struct {
		text     string
		truncate bool
		want     core.ItemEdit
		bad      bool
	}{
		{"tool_result:3", false, core.ItemEdit{Kind: core.ItemToolResult, Number: 3}, false},
		{" message:12 ", false, core.ItemEdit{Kind: core.ItemMessage, Number: 12}, false},
		{"message:5=500", true, core.ItemEdit{Kind: core.ItemMessage, Number: 5, Tokens: 500}, false},
		{"tool_result:0", false, core.ItemEdit{}, true},
		{"tool_result:3=500", false, core.ItemEdit{}, true}, // a drop takes no tokens
		{"message:5", true, core.ItemEdit{}, true},          // a truncation needs them
		{"message:5=0", true, core.ItemEdit{}, true},
		{"document:1", false, core.ItemEdit{}, true},
		{"tool_result", false, core.ItemEdit{}, true},
	}
	for _, tt := range tests {
		got, err := core.ParseItemEdit(tt.text, tt.truncate)
		if (err != nil) != tt.bad || got != tt.want {
			t.Errorf("ParseItemEdit(%q, %v) = %+v, %v", tt.text, tt.truncate, got, err)
		}
		if err == nil && strings.TrimSpace(tt.text) != got.String() {
			t.Errorf("%q spelt back as %q", tt.text, got.String())
		}
	}
}

// Dropping the overflow sample's log dump and cutting a message change
// what is sent, say so in the notes, and leave the scenario as it was.
func TestItemEditsApplyBeforeAssembly(t *testing.T) {
	sc := sampleScenario(t, "overflow.yaml")
	in := core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}
	before, err := core.Evaluate(context.Background(), in, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	original := sc.ToolResults[1].Content
	s := sc.Settings
	s.DropItems = []string{"tool_result:2"}
	s.TruncateItems = []string{"message:3=5"} // 1 is the system prompt, 2 the retrieved context
	after, err := core.Evaluate(context.Background(), in, s)
	if err != nil {
		t.Fatal(err)
	}
	if sc.ToolResults[1].Content != original {
		t.Fatal("the edit changed the scenario itself")
	}
	if after.Assembly.Used >= before.Assembly.Used-50_000 {
		t.Errorf("dropping the 56k-token log sends %d tokens, was %d", after.Assembly.Used, before.Assembly.Used)
	}
	if !strings.HasPrefix(after.History[0].Content, strings.Join(strings.Fields(sc.History[0].Content)[:1], "")) || !strings.HasSuffix(after.History[0].Content, " [...]") {
		t.Errorf("message 3, the first of the history, not cut: %q", after.History[0].Content)
	}
	notes := strings.Join(after.Notes, "\n")
	for _, want := range []string{"tool result 2 replaced by a note: 56,071 tokens removed (--drop-item tool_result:2)", "message 3 cut to its first 5 tokens"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	s.DropItems = []string{"tool_result:99"}
	if _, err := core.Evaluate(context.Background(), in, s); err == nil || !strings.Contains(err.Error(), "--drop-item tool_result:99: the request has") {
		t.Errorf("an item the input lacks: %v", err)
	}
}
