package core

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchSentences is varied English so BPE counts behave as on real text.
var benchSentences = []string{
	"The customer reports that the order has not arrived after ten business days.",
	"Refunds are issued to the original payment method within five to seven days.",
	"Our warehouse in Rotterdam ships European orders on weekdays before 3 pm.",
	"If the tracking number shows no movement for 72 hours, open a carrier claim.",
	"Premium members get free express shipping and a dedicated support line.",
	"Order ORD-48213 was split into two parcels because one item was backordered.",
}

func benchText(words int, seed int) string {
	var b strings.Builder
	for n := 0; n < words; {
		s := benchSentences[(seed+n)%len(benchSentences)]
		b.WriteString(s)
		b.WriteByte(' ')
		n += len(strings.Fields(s))
	}
	return b.String()
}

// benchAssembleInput is a support conversation of realistic size: an
// 600-word system prompt, four tools, twenty turns of history, a context
// block from ten retrieved documents and two tool results, about 16,000
// tokens in all against the support_chat preset, so most components are
// cut.
func benchAssembleInput(tok Tokenizer) AssembleInput {
	tools := make([]json.RawMessage, 4)
	for i := range tools {
		tools[i] = json.RawMessage(fmt.Sprintf(`{"type":"function","function":{"name":"tool_%d","description":%q,`+
			`"parameters":{"type":"object","properties":{"order_id":{"type":"string","description":"The order id, e.g. ORD-123."}},"required":["order_id"]}}}`,
			i, benchText(40, i)))
	}
	history := make([]Message, 20)
	for i := range history {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		history[i] = Message{Role: role, Content: benchText(120, i)}
	}
	docs := make([]Document, 10)
	for i := range docs {
		docs[i] = Document{Source: fmt.Sprintf("kb/article-%d.md", i), Score: 0.95 - float64(i)*0.05, Content: benchText(400, i)}
	}
	budget, _ := Preset(PresetSupportChat)
	return AssembleInput{
		Budget: budget, Tokenizer: tok, Model: "gpt-4o", UseCase: PresetSupportChat,
		SystemPrompt:     benchText(600, 1),
		Tools:            tools,
		History:          history,
		ToolResults:      []ToolResult{{Name: "lookup_order", Content: benchText(300, 2)}, {Name: "track", Content: benchText(300, 3)}},
		UserQuery:        benchText(40, 4),
		RetrievedContext: BuildSimpleRAG(docs, 6000, tok).ContextBlock,
	}
}

func BenchmarkAssemble(b *testing.B) {
	o200k, _ := TokenizerByName(TokenizerO200K)
	for _, tok := range []Tokenizer{Heuristic{}, o200k} {
		for _, mode := range AssembleModes {
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

func BenchmarkBuildSimpleRAG(b *testing.B) {
	o200k, _ := TokenizerByName(TokenizerO200K)
	docs := make([]Document, 20)
	for i := range docs {
		docs[i] = Document{Source: fmt.Sprintf("doc-%d", i), Score: float64(i%7) / 7, Content: benchText(300, i)}
	}
	for _, tok := range []Tokenizer{Heuristic{}, o200k} {
		b.Run(tok.Name(), func(b *testing.B) {
			BuildSimpleRAG(docs, 4000, tok)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				BuildSimpleRAG(docs, 4000, tok)
			}
		})
	}
}

func BenchmarkReportMetrics(b *testing.B) {
	records := make([]ContextMetrics, 10_000)
	for i := range records {
		records[i] = monitorRecord(PresetNames[i%len(PresetNames)], 1000+i, float64(i%120)/100, "history")
	}
	b.ReportAllocs()
	for b.Loop() {
		ReportMetrics(records)
	}
}
