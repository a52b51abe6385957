package core

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
func layoutReference(b ContextBudget, c ReferenceComponents, tok Tokenizer, pythonSlices bool) referenceLayout {
	kept := make(map[string]string, 6)
	messages := make([]ChatMessage, 0, 5)

	system := referenceTruncate(tok, c.SystemPrompt, b.SystemPrompt, KeepStart, pythonSlices)
	kept[ComponentSystem] = system
	if c.ToolDefinitions != "" {
		tools := referenceTruncate(tok, c.ToolDefinitions, b.ToolDefinitions, KeepStart, pythonSlices)
		kept[ComponentTools] = tools
		system += referenceToolsHeading + tools
	}
	messages = append(messages, ChatMessage{Role: "system", Content: system})

	if c.RetrievedContext != "" {
		rag := referenceTruncate(tok, c.RetrievedContext, b.RetrievedContext, KeepStart, pythonSlices)
		kept[ComponentRAG] = rag
		messages = append(messages, ChatMessage{Role: "system", Content: referenceRAGHeading + rag})
	}

	if c.ConversationHistory != "" {
		history := referenceTruncate(tok, c.ConversationHistory, b.ConversationHistory, KeepEnd, pythonSlices)
		kept[ComponentHistory] = history
		messages = append(messages, ChatMessage{Role: "assistant", Content: history})
	}

	if c.ToolResults != "" {
		results := referenceTruncate(tok, c.ToolResults, b.ToolResults, KeepEnd, pythonSlices)
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
func referenceTotal(messages []ChatMessage, tok Tokenizer) int {
	total := 0
	for _, m := range messages {
		total += m.contentTokens(tok)
	}
	return total
}

// AssembleReference is the article's ContextAssembler.assemble, reproduced
// exactly: the system prompt and tool definitions keep their start, the
// tools follow "\n\nAvailable tools:\n" in the system message, retrieved
// context is a system message after "Relevant context:\n", history is one
// assistant message keeping its end, tool results keep their end after
// "Tool results:\n", and the user query is never cut. Like the article it
// does not validate the budget, and like Python's slices a zero allocation
// keeps history or tool results whole (see referenceTruncate).
//
// When the summed content tokens exceed b.MaxInput() the error is an
// *OverflowError and the messages are returned all the same, so a caller
// can show what overflowed.
func AssembleReference(b ContextBudget, c ReferenceComponents, tok Tokenizer) ([]ChatMessage, error) {
	layout := layoutReference(b, c, tok, true)
	if total := referenceTotal(layout.messages, tok); total > b.MaxInput() {
		return layout.messages, &OverflowError{Total: total, MaxInput: b.MaxInput()}
	}
	return layout.messages, nil
}
