package window

import "ctxlab/internal/choice"

// Layout chooses how a budgeted request is laid out in messages.
type Layout string

const (
	// LayoutArticle is the article's assembler: the history folded into
	// one assistant message, the tool results into one system message,
	// the tools into the system prompt. It is the default.
	LayoutArticle Layout = "article"
	// LayoutChat keeps the request a chat service sends: the system
	// message, the history as its own messages with their roles, the tool
	// calls and their results as assistant and tool messages, the tools as
	// the request's tools array. Components over their allocations lose
	// whole messages, oldest first, instead of being cut mid-text.
	LayoutChat Layout = "chat"
)

// Layouts are the layouts in display order, with their parser.
var Layouts = choice.Of("assembly layout", LayoutArticle, LayoutChat)
