package window

import (
	"strings"

	"ctxlab/core/tokens"
)

// Framing is the token overhead OpenAI's chat format adds around message
// contents, as OpenAI's cookbook counts it ("How to count tokens with
// tiktoken", section 6, num_tokens_from_messages:
// https://github.com/openai/openai-cookbook/blob/main/examples/How_to_count_tokens_with_tiktoken.ipynb).
// Each message costs PerMessage tokens for its <|start|>…<|end|> wrapper
// plus the tokens of its role; a message with a name costs the name's
// tokens plus PerName; and every reply is primed with ReplyPriming tokens
// (<|start|>assistant<|message|>).
type Framing struct {
	PerMessage   int `json:"per_message"`
	PerName      int `json:"per_name"`
	ReplyPriming int `json:"reply_priming"`
}

// Framing of the cookbook's model families. The cookbook lists 3/1/3 for
// gpt-3.5-turbo-0125, gpt-4-0314, gpt-4-0613, gpt-4o-2024-08-06 and
// gpt-4o-mini-2024-07-18, and 4/-1/3 for gpt-3.5-turbo-0301, whose name
// replaced the role.
var (
	FramingCurrent       = Framing{PerMessage: 3, PerName: 1, ReplyPriming: 3}
	FramingGPT35Turbo301 = Framing{PerMessage: 4, PerName: -1, ReplyPriming: 3}
)

// FramingForModel returns a model's framing. Only gpt-3.5-turbo-0301
// differs; every later model, including those the cookbook predates
// (gpt-4.1, gpt-5, the o-series), is assumed to frame like gpt-4o, which
// is the cookbook's own fallback. Provider prefixes such as "openai:" are
// ignored, as in EncodingForModel.
func FramingForModel(model string) Framing {
	name := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	if name == "gpt-3.5-turbo-0301" || name == "gpt-35-turbo-0301" {
		return FramingGPT35Turbo301
	}
	return FramingCurrent
}

// Tokens is the framing of messages counted with tok: everything the
// cookbook counts except the contents (and an assistant's tool_calls,
// which the cookbook does not cover and ctxlab counts with the content).
// The cookbook encodes every string value of a message, so a tool
// message's tool_call_id is counted here too. With no messages the reply
// priming is still counted, as in the cookbook.
func (f Framing) Tokens(messages []ChatMessage, tok tokens.Tokenizer) int {
	n := f.ReplyPriming
	for _, m := range messages {
		n += f.PerMessage + tok.Count(m.Role)
		if m.Name != "" {
			n += tok.Count(m.Name) + f.PerName
		}
		if m.ToolCallID != "" {
			n += tok.Count(m.ToolCallID)
		}
	}
	return n
}
