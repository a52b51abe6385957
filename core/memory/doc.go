// Package memory holds the article's memory strategies for chat history:
// the sliding window, priority memory and the rolling summary, with the
// fate of every message and the rendering of the kept history.
package memory
