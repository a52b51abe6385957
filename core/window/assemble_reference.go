package window

import "ctxlab/core/tokens"

// ReferenceComponents is the article's ContextComponents: every component
// already rendered to text.
type ReferenceComponents struct {
	SystemPrompt        string `yaml:"system_prompt" json:"system_prompt"`
	ToolDefinitions     string `yaml:"tool_definitions" json:"tool_definitions"`
	ConversationHistory string `yaml:"conversation_history" json:"conversation_history"`
	RetrievedContext    string `yaml:"retrieved_context" json:"retrieved_context"`
	ToolResults         string `yaml:"tool_results" json:"tool_results"`
	UserQuery           string `yaml:"user_query" json:"user_query"`
}

// The headings the article's assembler writes in front of components.
const (
	referenceToolsHeading   = "\n\nAvailable tools:\n"
	referenceRAGHeading     = "Relevant context:\n"
	referenceResultsHeading = "Tool results:\n"
)

// referenceLayout is the article's messages plus every component as it
// was kept, so Assemble can report each one without recounting the
// headings into it.
type referenceLayout struct {
	messages []ChatMessage
	// kept holds each component's text after truncation, by component
	// name; a component the article skips (empty) is absent.
	kept map[string]string
}

// layoutReference is the body of the article's ContextAssembler.assemble,
// step for step: it decides the messages and nothing else. pythonSlices
// selects the article's treatment of zero allocations (see
// referenceTruncate).
func layoutReference(b ContextBudget, c ReferenceComponents, tok tokens.Tokenizer, pythonSlices bool) referenceLayout {
	kept := make(map[string]string, 6)
	messages := make([]ChatMessage, 0, 5)

	system := referenceTruncate(tok, c.SystemPrompt, b.SystemPrompt, tokens.KeepStart, pythonSlices)
	kept[ComponentSystem] = system
	if c.ToolDefinitions != "" {
		tools := referenceTruncate(tok, c.ToolDefinitions, b.ToolDefinitions, tokens.KeepStart, pythonSlices)
		kept[ComponentTools] = tools
		system += referenceToolsHeading + tools
	}
	messages = append(messages, ChatMessage{Role: "system", Content: system})

	if c.RetrievedContext != "" {
		rag := referenceTruncate(tok, c.RetrievedContext, b.RetrievedContext, tokens.KeepStart, pythonSlices)
		kept[ComponentRAG] = rag
		messages = append(messages, ChatMessage{Role: "system", Content: referenceRAGHeading + rag})
	}

	if c.ConversationHistory != "" {
		history := referenceTruncate(tok, c.ConversationHistory, b.ConversationHistory, tokens.KeepEnd, pythonSlices)
		kept[ComponentHistory] = history
		messages = append(messages, ChatMessage{Role: "assistant", Content: history})
	}

	if c.ToolResults != "" {
		results := referenceTruncate(tok, c.ToolResults, b.ToolResults, tokens.KeepEnd, pythonSlices)
		kept[ComponentToolResults] = results
		messages = append(messages, ChatMessage{Role: "system", Content: referenceResultsHeading + results})
	}

	// The user query is never truncated: it is the one component the
	// reply cannot do without.
	kept[ComponentQuery] = c.UserQuery
	messages = append(messages, ChatMessage{Role: "user", Content: c.UserQuery})
	return referenceLayout{messages: messages, kept: kept}
}

// referenceTotal is the article's budget check's total: the tokenizer's
// count of each message's content, summed. It ignores message framing, as
// the article does.
func referenceTotal(messages []ChatMessage, tok tokens.Tokenizer) int {
	total := 0
	for _, m := range messages {
		total += m.contentTokens(tok)
	}
	return total
}
