// Package summarize writes summaries: the Summarizer interface with the
// requests and prompts of the article's memory and long-document
// strategies, the deterministic extractive summarizer that needs no model,
// a cache of summaries, the one-sentence synopsis of a text and the
// covering synopsis of a document that did not fit its budget.
package summarize
