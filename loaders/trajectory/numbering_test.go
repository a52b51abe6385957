package trajectory

import (
	"slices"
	"testing"
)

// A whole conversation's turns are labelled with their assistant
// message's number as sent: an Anthropic body's top-level system prompt
// is message 1, so its first message is 2; an OpenAI body's system
// message is in its list.
func TestConversationTurnsAreNumberedAsSent(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       []string
	}{
		{"anthropic", `{"model": "claude-sonnet-4-5", "system": "Be brief.", "messages": [
			{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"},
			{"role": "user", "content": "c"}, {"role": "assistant", "content": "d"}]}`,
			[]string{"message 3", "message 5"}},
		{"anthropic without a system prompt", `{"model": "claude-sonnet-4-5", "messages": [
			{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]}`,
			[]string{"message 2"}},
		{"openai", `{"model": "gpt-4o", "messages": [{"role": "system", "content": "Be brief."},
			{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]}`,
			[]string{"message 3"}},
	} {
		bodies, err := ParseBodies(c.name+".json", []byte(c.body))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, b := range bodies {
			got = append(got, b.Label)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: turns %v, want %v", c.name, got, c.want)
		}
	}
}
