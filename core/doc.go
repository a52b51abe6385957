// Package core is ctxlab's engine. This root package holds what ties the
// parts together: a Scenario (the inputs), its Settings and their
// validation, Evaluate (one run of the retrieval pipeline, the memory
// strategy and the window assembler on a scenario) and the agent workflow.
// The parts live in the sub-packages, each named for its concept, and none
// of them imports this one.
//
// Two sources fix much of the behaviour, and ARCHITECTURE.md defines both:
// "the reference", the Python ContextManager whose pipeline and output
// ctxlab reproduces byte for byte (its cases are in
// core/pipeline/testdata/reference), and "the article", the context-window
// article whose budgets, assembler, memory strategies and long-document
// strategies ctxlab reproduces. Code that exists to match either says so;
// where ctxlab deliberately differs, the comment says it is ctxlab's choice.
//
// Everything here is pure: it reads no files, draws nothing and opens no
// connection (the LLM summarizer receives its HTTP client from the caller).
// The TUI and the command line render the values it returns and compute
// nothing of their own.
package core
