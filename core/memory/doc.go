// Package memory holds the article's memory strategies for chat history:
// the sliding window, priority memory and the rolling summary, with the
// fate of every message and the rendering of the kept history.
//
// Where ctxlab departs from the article, the departure is an option or a
// note: priority memory keeps the kept messages in chronological order
// unless ReferenceOrder asks for the article's pinned-first order; a
// budget counts the "role: " prefixes the rendering adds; and when the
// rolling summary plus the recent messages exceed the allocation, the
// oldest recent ones are dropped, with a note. Format is the reference's
// format_memory, shown beside whichever strategy the assembly used.
package memory
