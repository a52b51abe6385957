package views

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
)

// TestChatLayoutMarksNoToolCutOnTheSystemPrompt: in the chat layout the
// tools travel as an array, so a tools component that kept nothing puts
// no "cut the tool definitions here" marker on the system message (its
// empty text matched any message's end); the article's layout, which
// appends the tools to the system message, still marks the cut there.
func TestChatLayoutMarksNoToolCutOnTheSystemPrompt(t *testing.T) {
	for _, layout := range []window.Layout{window.LayoutChat, window.LayoutArticle} {
		ev := &core.Evaluation{Assembly: &window.Assembly{
			Layout:     layout,
			Messages:   []window.ChatMessage{{Role: "system", Content: "You are a support agent."}, {Role: "user", Content: "Where is my order?"}},
			Components: []window.ComponentReport{{Name: window.ComponentTools, Raw: 900, Used: 0, Truncated: true}},
		}}
		cuts := MessageCuts(ev)
		if got, want := len(cuts[0]), map[window.Layout]int{window.LayoutChat: 0, window.LayoutArticle: 1}[layout]; got != want {
			t.Errorf("%s layout: %d cuts marked on the system message %v, want %d", layout, got, cuts[0], want)
		}
	}
}
