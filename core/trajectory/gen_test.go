package trajectory

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// agentConversation is an agent loop of n assistant turns: a system
// prompt, a user task, then each turn an assistant tool call and its
// result of resultWords words, with a user message every tenth turn.
func agentConversation(n, resultWords int) []window.ChatMessage {
	msgs := []window.ChatMessage{
		{Role: "system", Content: "You are a travel agent. " + strings.Repeat("Follow the airline policy exactly. ", 40)},
		{Role: "user", Content: "Please rebook all my flights to economy."},
	}
	for k := 1; k <= n; k++ {
		id := fmt.Sprintf("call_%d", k)
		calls := fmt.Sprintf(`[{"id":%q,"type":"function","function":{"name":"get_reservation_details","arguments":"{\"reservation_id\":\"R%05d\"}"}}]`, id, k)
		words := make([]string, resultWords)
		for w := range words {
			words[w] = fmt.Sprintf("seat%d-%d", k, w)
		}
		msgs = append(msgs,
			window.ChatMessage{Role: "assistant", ToolCalls: []byte(calls)},
			window.ChatMessage{Role: "tool", ToolCallID: id, Content: strings.Join(words, " ")},
		)
		if k%10 == 0 {
			msgs = append(msgs, window.ChatMessage{Role: "user", Content: fmt.Sprintf("Thanks. Now the next ten, batch %d.", k/10)})
		}
	}
	return append(msgs, window.ChatMessage{Role: "assistant", Content: "All done."})
}

// buildConversation makes one turn per assistant message, each the
// messages before it.
func buildConversation(tb testing.TB, msgs []window.ChatMessage, model string, windowTokens, reserve int) *Trajectory {
	tb.Helper()
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		tb.Fatal(err)
	}
	b := NewBuilder("generated", model, "", tok, windowTokens)
	for i, m := range msgs {
		if m.Role != "assistant" {
			continue
		}
		if err := b.AddMessages(fmt.Sprintf("message %d", i+1), msgs[:i], nil, reserve, nil); err != nil {
			tb.Fatal(err)
		}
	}
	return b.Trajectory()
}
