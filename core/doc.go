// Package core is ctxlab's engine. This root package holds what ties the
// parts together: a Scenario (the inputs), its Settings and their
// validation, Evaluate (one run of the retrieval pipeline, the memory
// strategy and the window assembler on a scenario) and the agent workflow.
// The parts it assembles live in the sub-packages below it, each named for
// its concept, and none of them imports this one. What works on
// evaluations lives in the sub-packages above it, which import it and
// which it never imports: core/fix (fixes for the findings), core/sweep
// (a knob's every value through the pipeline), core/evalrun (a retrieval
// run's queries) and core/trajectory (an agent's turns).
//
// Two sources fix much of the behaviour, and ARCHITECTURE.md defines both:
// "the reference", the Python ContextManager whose pipeline and output
// ctxlab reproduces byte for byte with the heuristic tokenizer
// (--tokenizer heuristic; its cases are in core/pipeline/testdata/reference), and "the article", the context-window
// article whose budgets, assembler, memory strategies and long-document
// strategies ctxlab reproduces. Code that exists to match either says so;
// where ctxlab deliberately differs, the comment says it is ctxlab's choice
// (docs/fidelity.md lists them).
//
// Everything here is pure: it reads no files, draws nothing and opens no
// connection (the LLM summarizer is handed in as a summarize.Summarizer).
// The TUI and the command line render the values it returns and compute
// nothing of their own. core/layers_test.go holds the engine's packages to
// their layers and to that purity.
//
// # Settings
//
// A setting is declared once, in the knob table (knobs.go and
// knobs_retrieval.go; the Knob type in knob.go, its constructors in
// knob_build.go, how a knob is swept in knob_sweep.go): its workbench id
// and label, its flag, its scenario key, help, kind, range and step, how
// it is read from and written to Settings, when it applies, whether build
// takes it, and how it is swept.
// The command line, the scenario loader, validation, the workbench's
// controls, comparisons of settings, sweeps and fixes all read the table,
// so a refusal is worded once (KnobError) and named per surface. A knob
// is added with one entry and its effect in the engine. ResolveModel is
// the one route from a model name to its tokenizer and window.
//
// # Evaluation
//
// Evaluate runs a scenario under one Settings: the reference's pipeline
// (or the article's simple RAG builder, after an optional rerank), the
// memory strategy, the window assembler, metrics and findings, into an
// Evaluation. An evaluation of the same documents reuses the pipeline's
// Analysis (token counts, hashes, shingles, near-duplicate pairs, the
// score order) and the words and pairs the findings compared
// (EvalInput.Texts), so a knob change runs only the cheap stages again.
// An evaluation numbers its documents by input index (InputIndex),
// holding a table only for a selection (a reranked one, the rag builder's
// top_k). When the assembler cuts the retrieved-context block, each cited
// document's survival (whole, cut or lost) is recorded beside its fate.
//
// Around Evaluate:
//   - Evaluation.Space ranks every piece of the request by the tokens it
//     takes.
//   - ComparePreview is what changes from one evaluation to another: the
//     request's lines and totals, the documents whose fate changed, what
//     is lost (Loss) and the findings gone and new as Compare matches
//     them. A fix's preview is one: package core/fix suggests fixes as
//     knob changes, evaluates each and ranks them by their previews.
//   - ChangedDocuments is the one definition of a change of a document's
//     fate between two evaluations; the workbench's marks compare fates in
//     slices indexed by input document (document_states.go,
//     changed_one_set.go), not maps.
//   - Compare sets a request against a baseline: the settings changed,
//     documents in, out, cut or moved, findings, and a line diff of the
//     text.
//   - Item edits (item_edits.go) drop a tool result or message for a
//     one-line note, or keep only its start, on copies before assembly,
//     never on the input.
//   - CostOf prices a request from the model's list price.
//   - AgentSteps is the article's AgentContextManager: a chosen step's
//     context, built from the outputs of the steps it requires, becomes
//     the tool-results component.
package core
