package window

import (
	"encoding/json"
	"fmt"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// benchAssembleInput is a support conversation of realistic size: an
// 600-word system prompt, four tools, twenty turns of history, a context
// block from ten retrieved documents and two tool results, about 16,000
// tokens in all against the support_chat preset, so most components are
// cut.
func benchAssembleInput(tok tokens.Tokenizer) Input {
	tools := make([]json.RawMessage, 4)
	for i := range tools {
		tools[i] = json.RawMessage(fmt.Sprintf(`{"type":"function","function":{"name":"tool_%d","description":%q,`+
			`"parameters":{"type":"object","properties":{"order_id":{"type":"string","description":"The order id, e.g. ORD-123."}},"required":["order_id"]}}}`,
			i, testtext.BenchText(40, i)))
	}
	history := make([]value.Message, 20)
	for i := range history {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		history[i] = value.Message{Role: role, Content: testtext.BenchText(120, i)}
	}
	docs := make([]value.Document, 10)
	for i := range docs {
		docs[i] = value.Document{Source: fmt.Sprintf("kb/article-%d.md", i), Score: 0.95 - float64(i)*0.05, Content: testtext.BenchText(400, i)}
	}
	budget, _ := Preset(PresetSupportChat)
	return Input{
		Budget: budget, Tokenizer: tok, Model: "gpt-4o", UseCase: PresetSupportChat,
		SystemPrompt:     testtext.BenchText(600, 1),
		Tools:            tools,
		History:          history,
		ToolResults:      []ToolResult{{Name: "lookup_order", Content: testtext.BenchText(300, 2)}, {Name: "track", Content: testtext.BenchText(300, 3)}},
		UserQuery:        testtext.BenchText(40, 4),
		RetrievedContext: pipeline.BuildSimpleRAG(docs, 6000, tok).ContextBlock,
	}
}

func BenchmarkAssemble(b *testing.B) {
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	for _, tok := range []tokens.Tokenizer{tokens.Heuristic{}, o200k} {
		for _, mode := range Modes.Values {
			in := benchAssembleInput(tok)
			in.Mode = mode
			b.Run(tok.Name()+"/"+string(mode), func(b *testing.B) {
				if _, err := Assemble(in); err != nil { // loads the vocabulary
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					if _, err := Assemble(in); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
