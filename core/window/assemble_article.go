package window

import "ctxlab/core/tokens"

// ArticleComponents is the article's ContextComponents: every component
// already rendered to text.
type ArticleComponents struct {
	SystemPrompt        string `yaml:"system_prompt" json:"system_prompt"`
	ToolDefinitions     string `yaml:"tool_definitions" json:"tool_definitions"`
	ConversationHistory string `yaml:"conversation_history" json:"conversation_history"`
	RetrievedContext    string `yaml:"retrieved_context" json:"retrieved_context"`
	ToolResults         string `yaml:"tool_results" json:"tool_results"`
	UserQuery           string `yaml:"user_query" json:"user_query"`
	// headedRAG is Input.HeadedContext: articleRAGHeading +
	// RetrievedContext in one string, or "".
	headedRAG string
}

// ArticleRAGHeading is the heading the article's assembler writes in
// front of the retrieved context (Input.HeadedContext).
const ArticleRAGHeading = articleRAGHeading

// The headings the article's assembler writes in front of components.
const (
	articleToolsHeading   = "\n\nAvailable tools:\n"
	articleRAGHeading     = "Relevant context:\n"
	articleResultsHeading = "Tool results:\n"
)

// articleLayout is the article's messages plus every component as it
// was kept, so Assemble can report each one without recounting the
// headings into it.
type articleLayout struct {
	messages []ChatMessage
	// kept holds each component's text after truncation, by component
	// name; a component the article skips (empty) is absent.
	kept map[string]string
}

// layoutArticle is the body of the article's ContextAssembler.assemble,
// step for step: it decides the messages and nothing else. pythonSlices
// selects the article's treatment of zero allocations (see
// articleTruncate).
func layoutArticle(b ContextBudget, c ArticleComponents, tok tokens.Tokenizer, pythonSlices bool) articleLayout {
	kept := make(map[string]string, 6)
	messages := make([]ChatMessage, 0, 5)

	system := articleTruncate(tok, c.SystemPrompt, b.SystemPrompt, tokens.KeepStart, pythonSlices)
	kept[ComponentSystem] = system
	if c.ToolDefinitions != "" {
		tools := articleTruncate(tok, c.ToolDefinitions, b.ToolDefinitions, tokens.KeepStart, pythonSlices)
		kept[ComponentTools] = tools
		system += articleToolsHeading + tools
	}
	messages = append(messages, ChatMessage{Role: "system", Content: system})

	if c.RetrievedContext != "" {
		rag := articleTruncate(tok, c.RetrievedContext, b.RetrievedContext, tokens.KeepStart, pythonSlices)
		kept[ComponentRAG] = rag
		messages = append(messages, ChatMessage{Role: "system", Content: headedRAG(c, rag)})
	}

	if c.ConversationHistory != "" {
		history := articleTruncate(tok, c.ConversationHistory, b.ConversationHistory, tokens.KeepEnd, pythonSlices)
		kept[ComponentHistory] = history
		messages = append(messages, ChatMessage{Role: "assistant", Content: history})
	}

	if c.ToolResults != "" {
		results := articleTruncate(tok, c.ToolResults, b.ToolResults, tokens.KeepEnd, pythonSlices)
		kept[ComponentToolResults] = results
		messages = append(messages, ChatMessage{Role: "system", Content: articleResultsHeading + results})
	}

	// The user query is never truncated: it is the one component the
	// reply cannot do without.
	kept[ComponentQuery] = c.UserQuery
	messages = append(messages, ChatMessage{Role: "user", Content: c.UserQuery})
	return articleLayout{messages: messages, kept: kept}
}

// articleTotal is the article's budget check's total: the tokenizer's
// count of each message's content, summed. It ignores message framing, as
// the article does.
func articleTotal(messages []ChatMessage, tok tokens.Tokenizer) int {
	total := 0
	for _, m := range messages {
		total += m.contentTokens(tok)
	}
	return total
}

// headedRAG is articleRAGHeading + rag, taken from c.headedRAG when that
// is the same text: a block of 48 MB kept whole was copied behind its
// heading and held twice by the assembly. The comparison is cheap when
// it holds, since rag is then c.headedRAG's own tail.
func headedRAG(c ArticleComponents, rag string) string {
	h := c.headedRAG
	if len(h) == len(articleRAGHeading)+len(rag) && h[len(articleRAGHeading):] == rag && h[:len(articleRAGHeading)] == articleRAGHeading {
		return h
	}
	return articleRAGHeading + rag
}
