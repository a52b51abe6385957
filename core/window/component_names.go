package window

// componentName is how people are told about one component: words for
// prose and wherever there is room, and a short form for a column too
// narrow for them (the workbench's budget grid at 80 columns, the
// controls strip). Every report, finding, view and help text reads this
// table, so one component is never two things; where the short form
// stands alone, the legend and the control's help line give its words.
type componentName struct {
	words, short string
}

var componentNames = map[string]componentName{
	ComponentSystem:      {"system prompt", "system"},
	ComponentTools:       {"tool definitions", "tools"},
	ComponentHistory:     {"conversation history", "history"},
	ComponentRAG:         {"retrieved context", "RAG"},
	ComponentToolResults: {"tool results", "tool res"},
	ComponentQuery:       {"user query", "query"},
	ComponentLabels:      {"assembler's headings", "headings"},
	ComponentFraming:     {"message framing", "framing"},
	ComponentReserve:     {"response reserve", "reserve"},
}

// ComponentWords names a component in words, for what people read:
// reports, findings, the workbench where it has room. A name that is no
// component (a metrics log may carry any) comes back as it is.
func ComponentWords(name string) string {
	if n, ok := componentNames[name]; ok {
		return n.words
	}
	return name
}

// ComponentShort is a component's short form, at most 8 characters, for
// a column too narrow for its words; a name that is no component comes
// back as it is.
func ComponentShort(name string) string {
	if n, ok := componentNames[name]; ok {
		return n.short
	}
	return name
}
