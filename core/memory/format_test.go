package memory

import (
	"testing"

	"ctxlab/core/value"
)

func TestFormatMemory(t *testing.T) {
	history := []value.Message{
		{Role: "user", Content: "hi"},
		{Role: "assistant", Content: "hello"},
		{Role: "system", Content: "be brief"},
		{Role: "user", Content: "order?"},
		{Role: "assistant", Content: "shipped"},
	}
	cases := []struct {
		turns int
		want  string
	}{
		{1, "User: order?\nAssistant: shipped"},
		{2, "Assistant: hello\nAssistant: be brief\nUser: order?\nAssistant: shipped"},
		{10, "User: hi\nAssistant: hello\nAssistant: be brief\nUser: order?\nAssistant: shipped"},
		{0, "User: hi\nAssistant: hello\nAssistant: be brief\nUser: order?\nAssistant: shipped"}, // memory[-0:] is everything
	}
	for _, c := range cases {
		got, _ := Format(history, c.turns)
		if got != c.want {
			t.Errorf("turns %d: %q, want %q", c.turns, got, c.want)
		}
	}
	_, lines := Format(history, 2)
	if lines[0].Mislabeled || !lines[1].Mislabeled || lines[1].Index != 2 {
		t.Errorf("system message not flagged: %+v", lines)
	}
	if got, _ := Format(nil, 5); got != "" {
		t.Errorf("empty history gave %q", got)
	}
}
