// Command ctxlab is a terminal workbench for the context window of LLM
// requests. It runs the assembly a RAG service runs (filter, dedup,
// order, per-component token budgets, cuts) on documents, chat histories
// and requests, and shows every decision, in a Bubble Tea workbench or
// headless (ctxlab build, assemble, sweep, eval, diff, ...). See README.md
// for its use and ARCHITECTURE.md for its packages.
//
// main only builds cli.Env from the process (its streams, whether they
// are terminals, the environment) and exits with cli.Main's status. It
// links internal/termprobe, which must stay linked: it keeps headless
// commands from querying the terminal when the program starts.
package main
