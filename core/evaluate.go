package core

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"ctxlab/core/diagnose"
	"ctxlab/core/memory"
	"ctxlab/core/metrics"
	"ctxlab/core/pipeline"
	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// Evaluation is everything the workbench and `ctxlab assemble` show for
// one setting of the knobs: retrieval, the RAG builder's trace, the memory
// strategy's fates, the assembled request and its metrics.
type Evaluation struct {
	Settings Settings

	// Rerank is the two-stage retrieval, when on.
	Rerank *pipeline.RerankResult
	// Documents are the documents the builder saw (the reranked selection
	// when reranking, else the scenario's documents); InputIndex maps
	// their positions to the scenario's, through docIndex: nil when they
	// are the scenario's own in its order.
	Documents []value.Document
	docIndex  []int
	// Analysis is the analysis the builder used, for the inspector's
	// shared shingles and similarities.
	Analysis *pipeline.Analysis
	// selected is true when Documents are a selection of the input's
	// (reranked, or the rag builder's top_k), so Analysis is of them.
	selected bool

	// Build is set for the context_manager builder (the reference's
	// pipeline), SimpleRAG for the article's RAGContextManager.
	Build     *pipeline.Result
	SimpleRAG *pipeline.SimpleRAGResult

	// Notes are the scenario's notes (token counts that are estimates,
	// defaults assumed for an imported request), for display, and
	// CountEstimate if it is not among them.
	Notes []string
	// CountEstimate says why the token counts are estimates for the
	// settings' model (a model ctxlab does not know, a tokenizer not the
	// model's own, a provider whose tokenizer is not public), or "".
	CountEstimate string
	// History is the scenario's history, which Memory's fates index.
	History  []value.Message
	Memory   memory.Result
	Assembly *window.Assembly
	// Overflow is set when the assembled request does not fit.
	Overflow *window.OverflowError
	Metrics  metrics.ContextMetrics
	// Alert is the monitor's >90% alert, "" when below.
	Alert string
	// BudgetProblem is set when the budget cannot be applied: the
	// allocations do not fit the window (the article's "Budget overflow",
	// a *window.BudgetOverflowError) or the reply reserve leaves no room
	// at all (a *window.ReserveOverflowError). The request is measured as
	// sent instead, against the same window, and this says why; it is an
	// overflow, as Overflow is, not a refusal.
	BudgetProblem error
	// Recorded is the provider's own count of the request, when the input
	// recorded it (Scenario.Recorded).
	Recorded *metrics.RecordedUsage
	// Bill is Recorded set beside the count of the request as sent
	// (BillOf): nil without a recorded usage, or when the assembly is not
	// the request as sent.
	Bill *Bill
	// FormatMemory is the reference's format_memory over
	// the history, beside the strategy the assembly used.
	FormatMemory memory.Formatted
	// StepContext is the agent step's context when Settings.Step is set;
	// it is then the tool-results component.
	StepContext *StepContext
	// RAGSurvival is set when the assembler cut the retrieved-context
	// block: for each cited document (by index into Documents), whether
	// it reached the request whole, cut, or not at all.
	RAGSurvival map[int]CitedSurvival
	// Findings are what the evaluation found worth acting on, worst
	// first: overflows, cuts, strong documents lost, conflicting copies.
	Findings []diagnose.Finding
	// Numbers numbers the scenario's messages and tool results as the
	// request sends them (Scenario.Numbering): every surface that names
	// a message or a tool result reads its number here.
	Numbers window.Numbering
}

// InputAnalysis is Analysis when it is of the input's whole document
// set, for another evaluation of the same input to reuse; nil when the
// builder saw a selection.
func (e *Evaluation) InputAnalysis() *pipeline.Analysis {
	if e.selected {
		return nil
	}
	return e.Analysis
}

// RAGBlock is the retrieved-context block the builder produced.
func (e *Evaluation) RAGBlock() string {
	switch {
	case e.Build != nil:
		return e.Build.ContextBlock
	case e.SimpleRAG != nil:
		return e.SimpleRAG.ContextBlock
	}
	return ""
}

// headedRAGBlock is the build's block behind the article's heading, in
// the string the block is the tail of; "" for a simple RAG block.
func (e *Evaluation) headedRAGBlock() string {
	if e.Build != nil {
		return e.Build.PrefixedBlock()
	}
	return ""
}

// EvalInput is what Evaluate needs besides the settings.
type EvalInput struct {
	Scenario *Scenario
	// Analysis is Analyze(Scenario.Documents), made once and reused by
	// every evaluation of the scenario.
	Analysis *pipeline.Analysis
	// Texts is diagnose.NewTexts(Scenario.Documents), made once beside
	// the Analysis: the findings' words and compared pairs, kept for the
	// next evaluation. nil works them out each time.
	Texts *diagnose.Texts
	// Summarizer folds history for the rolling-summary strategy; nil
	// means the extractive summarizer.
	Summarizer summarize.Summarizer
	// Now stamps the metrics; the caller supplies it so evaluation stays
	// deterministic.
	Now time.Time
	// RequestID labels the metrics record.
	RequestID string
	// Built, when set, is the builder result of an evaluation of this
	// scenario under these settings in another mode, taken instead of
	// building again (see Built); other settings are an error.
	Built *Built
	// SkipFindings leaves Findings empty, for a caller that reads the
	// assembly alone (assemble's request measured as sent, beside its
	// budgeted one): a finding may quote a long source whole, and
	// counting its citation header may copy it once more.
	SkipFindings bool
}

// Evaluate runs every stage for one setting: optional reranking, the RAG
// builder, the memory strategy, the assembly and its metrics. An
// assembly that does not fit is not an error: Evaluation.Overflow says so
// and everything else is still filled in. The error is for settings or
// input that cannot be evaluated at all.
func Evaluate(ctx context.Context, in EvalInput, s Settings) (*Evaluation, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	ev := &Evaluation{Settings: s, Documents: in.Scenario.Documents, Analysis: in.Analysis, Notes: in.Scenario.Notes, Recorded: in.Scenario.Recorded}
	if ev.Analysis == nil && in.Built == nil {
		ev.Analysis = pipeline.Analyze(in.Scenario.Documents)
	}
	ev.CountEstimate = CountEstimateNote(s)
	ev.Notes = withNote(ev.Notes, ev.CountEstimate)
	ev.Notes = withNote(ev.Notes, allocationNote(in.Scenario, s))
	settingNotes := len(ev.Notes)

	// The builder reads the documents alone, which no item edit changes;
	// it runs first, so that the edits' numbering knows whether the
	// request sends the retrieved context as a message.
	if in.Built != nil {
		if err := ev.take(in.Built); err != nil {
			return nil, err
		}
	} else if err := ev.build(in.Scenario, s); err != nil {
		return nil, err
	}
	mode, modeNote, budgetProblem := assemblyMode(s)
	sc, editNotes, err := editedScenario(in.Scenario, s, ev.sendsContext(s, mode))
	if err != nil {
		return nil, err
	}
	ev.History = sc.History
	// The edits' notes follow the settings' own, as the edits are
	// settings: the builder's notes come after them.
	ev.Notes = withNotesAt(ev.Notes, settingNotes, editNotes)
	ev.Notes = withNote(ev.Notes, modeNote)
	ev.BudgetProblem = budgetProblem
	if err := ev.assemble(ctx, in, sc, s, mode); err != nil {
		return nil, err
	}
	return ev, nil
}

// withNotesAt is notes with add inserted at position at, each note once.
func withNotesAt(notes []string, at int, add []string) []string {
	var fresh []string
	for _, n := range add {
		if n != "" && !slices.Contains(notes, n) && !slices.Contains(fresh, n) {
			fresh = append(fresh, n)
		}
	}
	return slices.Insert(slices.Clip(notes), min(at, len(notes)), fresh...)
}

// assemblyMode is the mode the request is assembled in: the settings'
// own, except that a budget the window cannot hold is measured as sent,
// history included, exactly as the measure mode is (problem says why).
// note is set when an over-allocated budget is cut all the same.
func assemblyMode(s Settings) (mode window.Mode, note string, problem error) {
	mode = s.Mode
	if mode == window.MeasureOnly {
		return mode, "", nil
	}
	var allocations *window.BudgetOverflowError
	err := s.Budget.Validate()
	switch {
	case err == nil || s.Budget.ValidateWindow() != nil:
	case errors.As(err, &allocations) && s.CutOverflowingBudget:
		// The article's assembler never validates its budget: it cuts
		// each component to its allocation and only the total decides.
		note = err.Error() + ": each component was cut to its allocation all the same, as the article's assembler does (--cut-overflowing-budget)"
	default:
		// Turning the window down under the allocations, or under the
		// reserve, is a normal step while exploring a smaller model:
		// show the request against the new window rather than nothing.
		return window.MeasureOnly, "", err
	}
	return mode, note, nil
}

// sendsContext says whether the request, assembled in mode, sends the
// builder's block as its own message (window.SendsContext).
func (ev *Evaluation) sendsContext(s Settings, mode window.Mode) bool {
	return window.SendsContext(mode, s.Layout, s.Budget.RetrievedContext, ev.RAGBlock())
}

// build runs the retrieval (reranking, when on) and the RAG builder.
func (ev *Evaluation) build(sc *Scenario, s Settings) error {
	if s.Rerank && len(sc.Documents) > 0 {
		// Stage 1 ranks the way the pipeline's scores point; the rag
		// builder knows only similarities.
		kind := pipeline.ScoresSimilarity
		if s.Builder == BuilderContextManager {
			kind = s.Pipeline.Scores
		}
		rr := pipeline.RetrieveWithRerankScores(s.Query, sc.Documents, pipeline.BM25Reranker{}, s.InitialK, s.FinalK, kind)
		for i, n := range rr.Notes {
			if n != pipeline.RerankUnbudgetedNote {
				continue
			}
			if s.RerankFormatAll {
				rr.Notes[i] = n + "; all of them are formatted and the assembler cuts the block to its allocation, as there (--rerank-format-all)"
			} else {
				rr.Notes[i] = n + "; the builder budgets them like any retrieved context (--rerank-format-all formats them all, as the article does)"
			}
		}
		ev.Rerank = &rr
		ev.Documents, ev.docIndex = rr.Selected, rr.SelectedIndices
		ev.Analysis = pipeline.Analyze(rr.Selected)
		ev.selected = true
	}

	switch {
	case ev.Rerank != nil && s.RerankFormatAll:
		// The article's retrieve_with_reranking: every selected chunk
		// formatted, the cut left to the assembler.
		rag := pipeline.FormatSimpleRAGAll(ev.Documents, s.Budget.RetrievedContext, s.Pipeline.Tokenizer)
		ev.SimpleRAG = &rag
	case s.Builder == BuilderSimpleRAG:
		ev.SimpleRAG = buildSimpleRAG(ev, s)
	default:
		res, err := pipeline.Build(ev.Analysis, pipeline.Options{Settings: s.Pipeline, Budget: s.Budget.RetrievedContext, Query: s.Query,
			BlockPrefix: window.ArticleRAGHeading}) // the article's assembler sends the block behind it: one string for both
		if err != nil {
			return err
		}
		ev.Build = res
	}
	return nil
}

// assemble applies the memory strategy, assembles the request around the
// builder's block, and measures and diagnoses it.
func (ev *Evaluation) assemble(ctx context.Context, in EvalInput, sc *Scenario, s Settings, mode window.Mode) error {
	tok := s.Pipeline.Tokenizer

	history, historyText, summaryFirst := sc.History, "", false
	if mode != window.MeasureOnly {
		memOpts := s.Memory.Options(s.Budget.ConversationHistory)
		summarizer := in.Summarizer
		if summarizer == nil {
			summarizer = summarize.ExtractiveSummarizer{}
		}
		mem, err := fitMemory(ctx, sc.History, memOpts, tok, summarizer)
		if err != nil {
			return err
		}
		ev.Memory = mem.WithoutText()
		history = mem.Messages
		// The strategy's text is the assembler's rendering of the kept
		// messages, the summary line bare as the article's build_context
		// writes it: handed on, not written again.
		historyText = mem.Text()
		summaryFirst = mem.Summary != "" && len(mem.Messages) > 0
	} else {
		ev.Memory = keepAllMemory(sc.History, tok)
	}

	ev.FormatMemory = memory.FormatView(sc.History, s.MaxTurns)

	toolResults := sc.ToolResults
	if s.Step != "" {
		step, err := sc.Agent.ContextFor(s.Step, s.Budget.ToolResults, tok)
		if err != nil {
			return err
		}
		ev.StepContext = step
		toolResults = nil
		if step.Text != "" {
			toolResults = []window.ToolResult{{Content: step.Text}}
		}
	}

	ev.Numbers = sc.numberingWith(s.Query, ev.sendsContext(s, mode), toolResults)
	asm, err := window.Assemble(window.Input{
		Numbers: &ev.Numbers,
		Budget:  s.Budget, Tokenizer: tok, Model: s.Model, UseCase: useCaseOf(s), Mode: mode, Layout: s.Layout,
		SystemPrompt: sc.SystemPrompt, SystemSent: sc.SystemSent, QuerySent: querySent(sc, s), Tools: sc.Tools, History: history, SummaryFirst: summaryFirst, HistoryText: historyText, ToolResults: toolResults,
		UserQuery: s.Query, RetrievedContext: ev.RAGBlock(), HeadedContext: ev.headedRAGBlock(), NoFraming: s.ContentOnlyTotal && mode != window.MeasureOnly,
		ReplaceSplitChars: s.ReplaceSplitChars, CutOverAllocated: s.CutOverflowingBudget, PythonSlices: s.PythonSlices,
		OpenAIBody: sc.OpenAIBody, OpenAIResponses: sc.OpenAIResponses, Anthropic: sc.Anthropic,
	})
	var overflow *window.OverflowError
	switch {
	case errors.As(err, &overflow):
		ev.Overflow = overflow
	case err != nil:
		return err
	}
	asm.Responses = sc.Responses
	ev.Assembly = asm
	if mode == window.MeasureOnly {
		ev.Memory = memorySizedAsSent(ev.Memory, asm)
	}
	if rag, ok := asm.Component(window.ComponentRAG); ok && rag.Truncated {
		ev.RAGSurvival = ragSurvival(ev, rag.Text)
	}
	ev.Metrics = metrics.For(asm, in.RequestID, useCaseOf(s), in.Now)
	ev.Alert, _ = metrics.AlertFor(ev.Metrics)
	ev.Bill = billOf(ev, sc)
	if !in.SkipFindings {
		din := diagnoseInput(ev, sc.ToolResults, in.Texts)
		din.Trim = sc.Trim
		ev.Findings = diagnose.Diagnose(din)
	}
	return nil
}

// fitMemory applies the memory strategy so that the history as the
// assembler renders it ("role: content" lines) fits the history budget.
// A strategy counts message contents, as the article's does; the role
// prefixes and line breaks then push the rendered history over its
// allocation, and the assembler would cut its start, the oldest and often
// pinned messages. So, by ctxlab's choice, the strategy is rerun with a
// budget lowered by the overhead it did not count, a few times at most.
func fitMemory(ctx context.Context, history []value.Message, opts memory.Options, tok tokens.Tokenizer, sum summarize.Summarizer) (memory.Result, error) {
	budget := opts.MaxTokens
	mem, err := memory.ApplyContext(ctx, history, opts, tok, sum)
	rendered := renderedTokens(mem)
	for attempt := 0; err == nil && attempt < 4 && rendered > budget && mem.Overflow == 0; attempt++ {
		// Only the rendering's overhead is taken off the strategy's
		// budget; a strategy that cannot fit at all reports its own
		// overflow and is left alone.
		overhead := rendered - mem.Tokens
		if overhead <= 0 || budget-overhead <= 0 {
			break
		}
		opts.MaxTokens = budget - overhead - attempt
		mem, err = memory.ApplyContext(ctx, history, opts, tok, sum)
		if err != nil {
			break
		}
		rendered = renderedTokens(mem)
		mem.Notes = append(mem.Notes, fmt.Sprintf("the strategy kept %s tokens of contents within %s: the role prefixes the assembler adds take the rest of the %s allocated", numfmt.Thousands(mem.Tokens), numfmt.Thousands(opts.MaxTokens), numfmt.Thousands(budget)))
	}
	if err == nil {
		// Report against the allocation, as sent.
		mem.MaxTokens = budget
		contentOver := mem.Overflow
		mem.Overflow = max(0, rendered-budget)
		if mem.Overflow > 0 && mem.Overflow != contentOver {
			// The strategy's notes count contents; say how the two
			// figures relate, so "36 over" and "48 over" do not read
			// as a contradiction.
			mem.Notes = append(mem.Notes, fmt.Sprintf("as sent, with the role prefixes the assembler adds, the history takes %s tokens: %s over its %s-token allocation (%s over on contents alone)",
				numfmt.Thousands(rendered), numfmt.Thousands(mem.Overflow), numfmt.Thousands(budget), numfmt.Thousands(contentOver)))
		}
	}
	return mem, err
}

// renderedTokens counts the kept history as the assembler renders it:
// the strategy's own Text (the summary line bare, as the article writes
// it), already counted, so a 50 MB message is neither written out nor
// encoded again.
func renderedTokens(mem memory.Result) int {
	return mem.TextTokens
}

// memorySizedAsSent gives a measured history's fates the sizes the
// request's total holds (its history items: an assistant's tool calls
// counted with it, as OpenAI renders them when counted as billed), so
// the Memory view, its findings and the Messages list show one size.
func memorySizedAsSent(mem memory.Result, asm *window.Assembly) memory.Result {
	sized := make(map[int]int, len(mem.Fates))
	for _, it := range asm.Items {
		if it.Component == window.ComponentHistory {
			sized[it.Index] = it.Tokens
		}
	}
	if len(sized) != len(mem.Fates) {
		return mem
	}
	mem.Fates = slices.Clone(mem.Fates)
	mem.Tokens = 0
	for i, f := range mem.Fates {
		mem.Fates[i].Tokens = sized[f.Index]
		mem.Tokens += sized[f.Index]
	}
	return mem
}

// keepAllMemory reports a history measured as it is: every message kept.
func keepAllMemory(history []value.Message, tok tokens.Tokenizer) memory.Result {
	res := memory.Result{Strategy: "none", Messages: history, Fates: make([]memory.MessageFate, len(history))}
	for i, m := range history {
		t := tok.Count(m.Content)
		res.Fates[i] = memory.MessageFate{Index: i, Fate: memory.Kept, Tokens: t}
		res.Tokens += t
	}
	res.Notes = []string{"measured as sent: no memory strategy applied"}
	return res
}

func useCaseOf(s Settings) string {
	if s.Preset != "" {
		return s.Preset
	}
	return "custom"
}

// querySent is the imported query message, while the query is the one
// it sent (--query replaces it with a message of ctxlab's).
func querySent(sc *Scenario, s Settings) *value.Sent {
	if s.Query != sc.Settings.Query {
		return nil
	}
	return sc.QuerySent
}
