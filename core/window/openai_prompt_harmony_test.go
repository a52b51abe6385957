package window

import "testing"

// TestHarmonyReplyOnFinalChannel: with gpt-5 models (the harmony
// format) an assistant message with content is a reply on the final
// channel and costs 2 tokens beyond its header; an empty one, another
// role, or another model's assistant message costs nothing more.
func TestHarmonyReplyOnFinalChannel(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"},{"role":"assistant","content":"a"},{"role":"assistant","content":""},{"role":"user","content":"r"}]}`
	n, err := parseOrderedJSON(body)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		model string
		want  []int
	}{
		{"gpt-5", []int{0, harmonyFinalChannel, 0, 0}},
		{"gpt-4o", []int{0, 0, 0, 0}},
	} {
		for _, responses := range []bool{false, true} {
			p, ok := renderOpenAIPrompt(n, tt.model, responses)
			if !ok || len(p.messages) != len(tt.want) {
				t.Fatalf("%s: rendered %v messages", tt.model, p)
			}
			for i, m := range p.messages {
				if m.extra != tt.want[i] {
					t.Errorf("%s (responses %v): message %d costs %d beyond its header, want %d", tt.model, responses, i, m.extra, tt.want[i])
				}
			}
		}
	}
}
