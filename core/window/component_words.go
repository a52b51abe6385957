package window

// ComponentWords names a component in words, for what people read:
// reports, findings, the workbench.
func ComponentWords(name string) string {
	switch name {
	case ComponentSystem:
		return "system prompt"
	case ComponentTools:
		return "tool definitions"
	case ComponentHistory:
		return "conversation history"
	case ComponentRAG:
		return "retrieved context"
	case ComponentToolResults:
		return "tool calls and results"
	case ComponentQuery:
		return "user query"
	case ComponentLabels:
		return "assembler's headings"
	case ComponentFraming:
		return "message framing"
	case ComponentReserve:
		return "reply reserve"
	}
	return name
}
