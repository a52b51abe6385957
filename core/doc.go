// Package core is ctxlab's engine: tokenizers, the reference context
// pipeline, budgets, memory strategies and the trace of every decision.
//
// It is pure: it reads no files, draws nothing and opens no connection
// (the LLM summarizer receives its HTTP client from the caller). The TUI and
// the command line render the values it returns and compute nothing of
// their own.
package core
