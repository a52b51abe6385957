// Package summarize writes summaries: the Summarizer interface with the
// requests and prompts of the article's memory and long-document
// strategies, the deterministic extractive summarizer that needs no model,
// a cache of summaries, the one-sentence synopsis of a text and the
// covering synopsis of a document that did not fit its budget.
//
// The engine sees only the interface: the summarizer that calls a model
// lives in package llm, outside the engine, and the extractive one
// stands in for it when no model is configured or a call fails. The
// covering synopsis (CoveringSynopsis) is what the pipeline sends for a
// document that does not fit when summarize_overflow is on: the
// sentences that best cover the query and the document within the tokens
// left.
package summarize
