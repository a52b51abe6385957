package testtext

import (
	"fmt"

	"ctxlab/core/value"
)

// BenchHistory is a 200-message support conversation: the example's
// turns repeated with fresh order ids, so every fold has facts to keep.
func BenchHistory() []value.Message {
	history := make([]value.Message, 0, 200)
	for i := 0; len(history) < 200; i++ {
		for _, m := range SupportConversation {
			if len(history) == 200 {
				break
			}
			history = append(history, value.Message{Role: m.Role, Content: m.Content + fmt.Sprintf(" (case %d)", i)})
		}
	}
	return history
}

// SupportConversation is a support chat with the usual mix: greetings,
// filler, identifiers, amounts, a preference, a decision and an open
// question.
var SupportConversation = []value.Message{
	{Role: "user", Content: "Hi!"},
	{Role: "assistant", Content: "Hello! Thanks for contacting Acme support. How can I help you today?"},
	{Role: "user", Content: "Hi, my name is Dana Whitfield. My order ORD-48213 arrived damaged, the screen is cracked."},
	{Role: "assistant", Content: "I'm sorry to hear that. Could you confirm the email on the account?"},
	{Role: "user", Content: "Sure, it's dana.w@example.com. user_id: dw-7781"},
	{Role: "assistant", Content: "Thanks! One moment."},
	{Role: "assistant", Content: "I can see the order: a 27-inch monitor, $349.99, delivered on March 3."},
	{Role: "user", Content: "preference: I only want a replacement, not store credit. I'd prefer delivery on a weekday."},
	{Role: "assistant", Content: "Understood. We'll ship a replacement on Friday via UPS, tracking 1Z999AA10123456784."},
	{Role: "user", Content: "thanks!"},
	{Role: "assistant", Content: "You're welcome!"},
	{Role: "user", Content: "Also, will you refund the $25 express shipping fee? That is still unresolved."},
	{Role: "assistant", Content: "I have escalated the shipping refund to billing; they decide within 2 business days."},
	{Role: "user", Content: "Ok thanks, bye"},
}
