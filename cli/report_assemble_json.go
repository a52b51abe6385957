package cli

import (
	"encoding/json"
	"io"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/memory"
	"ctxlab/core/metrics"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
)

// assembleJSON is `ctxlab assemble --format json`: an OpenAI Chat
// Completions body (model, messages, tools), or an Anthropic Messages
// body for an Anthropic request in the chat layout, or a Responses API
// body (model, instructions, input, tools, text) for a request read from
// one, that can be sent as
// it is once the budget report and the metrics record beside it are
// left out.
type assembleJSON struct {
	Model string `json:"model"`
	// MaxTokens and System are set for an Anthropic body (a request
	// imported from Anthropic, in the chat layout), whose Messages are
	// then Anthropic's turns of content blocks.
	MaxTokens int `json:"max_tokens,omitempty"`
	// System is a string, or the request's own list of system blocks.
	System any `json:"system,omitempty"`
	// Instructions and Input are set in place of Messages for an OpenAI
	// Responses API body (a request read from one, in the chat layout),
	// with the fields after Tools that body sent.
	Instructions string            `json:"instructions,omitempty"`
	Input        []json.RawMessage `json:"input,omitempty"`
	// Messages is absent only for a Responses API body.
	Messages any `json:"messages,omitempty"`
	// Tools is set in measure mode and in the chat layout; the article's
	// layout puts the tool definitions into the system message.
	Tools             any             `json:"tools,omitempty"`
	ToolChoice        json.RawMessage `json:"tool_choice,omitempty"`
	ParallelToolCalls json.RawMessage `json:"parallel_tool_calls,omitempty"`
	Text              json.RawMessage `json:"text,omitempty"`
	MaxOutputTokens   int             `json:"max_output_tokens,omitempty"`
	Assembly          assemblyJSON    `json:"assembly"`
	assembleJSONRest
}

// assembleJSONRest is the report's keys after the assembly, apart so
// that streamAssembleJSON can encode them in one piece.
type assembleJSONRest struct {
	Measured *measuredJSON `json:"measured,omitempty"`
	// Billed is the provider's bill beside the count of the request as
	// sent; absent when the input recorded no usage.
	Billed  *billedJSON            `json:"billed,omitempty"`
	Metrics metrics.ContextMetrics `json:"metrics"`
	// Cost is the request at its model's list price.
	Cost  costJSON `json:"cost"`
	Alert string   `json:"alert,omitempty"`
	// Findings are what the evaluation found worth acting on, worst first.
	Findings []diagnose.Finding `json:"findings"`
	// Space is what takes the space in the request, largest first.
	Space []spaceJSON `json:"space"`
	// Suggestions are the fixes, best first, with --suggest only (then
	// always present, [] when there is none).
	Suggestions *[]suggestionJSON `json:"suggestions,omitempty"`
}

// assemblyJSON is the budget report: core's Assembly without the messages
// and tools, which are at the top level, plus memory and retrieval.
type assemblyJSON struct {
	assemblyJSONHead
	// FormatMemory is the reference's format_memory block
	// over the history, for comparison with the strategy's.
	FormatMemory *formatMemoryJSON `json:"format_memory,omitempty"`
	assemblyJSONTail
}

// assemblyJSONHead is the assembly's keys before format_memory, whose
// block streamAssembleJSON writes a piece at a time.
type assemblyJSONHead struct {
	Source    string               `json:"source"`
	Provider  string               `json:"provider,omitempty"`
	Mode      window.Mode          `json:"mode"`
	Layout    window.Layout        `json:"layout,omitempty"`
	Preset    string               `json:"preset,omitempty"`
	UseCase   string               `json:"use_case,omitempty"`
	Tokenizer string               `json:"tokenizer"`
	Exact     bool                 `json:"exact"`
	Budget    window.ContextBudget `json:"budget"`
	Framing   window.Framing       `json:"framing"`
	// Components has one line per window.ComponentNames entry.
	Components   []window.ComponentReport `json:"components"`
	Used         int                      `json:"used"`
	MaxInput     int                      `json:"max_input"`
	Window       int                      `json:"window"`
	Utilization  float64                  `json:"utilization"`
	ArticleTotal int                      `json:"reference_total"`
	Fits         bool                     `json:"fits"`
	// Overflow is set when the request does not fit.
	Overflow *window.OverflowError `json:"overflow,omitempty"`
	// BudgetProblem says why the budget was not applied (a reserve that
	// leaves no room, allocations larger than the max input), when the
	// request was measured as sent instead.
	BudgetProblem string        `json:"budget_problem,omitempty"`
	Memory        memoryJSON    `json:"memory"`
	Retrieval     retrievalJSON `json:"retrieval"`
}

// assemblyJSONTail is the assembly's keys after format_memory.
type assemblyJSONTail struct {
	// RecordedUsage is the provider's own count, when the input recorded it.
	RecordedUsage *metrics.RecordedUsage `json:"recorded_usage,omitempty"`
	// AgentStep is the chosen agent step's context, when one is.
	AgentStep *core.StepContext `json:"agent_step,omitempty"`
	Notes     []string          `json:"notes,omitempty"`
}

// formatMemoryJSON is format_memory's block and lines. Its MarshalJSON
// writes the block whole, as the report's keys always were;
// streamAssembleJSON writes the same bytes from the block's parts.
type formatMemoryJSON struct {
	memory.Formatted
}

func (f *formatMemoryJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		MaxTurns int           `json:"max_turns"`
		Block    string        `json:"block"`
		Lines    []memory.Line `json:"lines"`
	}{f.MaxTurns, f.Block(), f.Lines})
}

// measuredJSON is the input measured as given, beside a budgeted
// assembly: for an imported request, what was actually sent.
type measuredJSON struct {
	Components  []window.ComponentReport `json:"components"`
	Used        int                      `json:"used"`
	MaxInput    int                      `json:"max_input"`
	Window      int                      `json:"window"`
	Utilization float64                  `json:"utilization"`
	Fits        bool                     `json:"fits"`
	Overflow    *window.OverflowError    `json:"overflow,omitempty"`
}

type memoryJSON struct {
	Strategy   memory.Strategy `json:"strategy"`
	Messages   int             `json:"messages"`
	Kept       int             `json:"kept"`
	Pinned     int             `json:"pinned"`
	Summarized int             `json:"summarized"`
	Dropped    int             `json:"dropped"`
	Tokens     int             `json:"tokens"`
	MaxTokens  int             `json:"max_tokens"`
	Overflow   int             `json:"overflow"`
	Summary    string          `json:"summary,omitempty"`
	Fates      []fateJSON      `json:"fates"`
	Notes      []string        `json:"notes,omitempty"`
}

// fateJSON is what the memory strategy did with one history message,
// named by its number in the request as sent (window.Numbering), as
// every other surface names it.
type fateJSON struct {
	Message int         `json:"message"`
	Fate    memory.Fate `json:"fate"`
	Pattern string      `json:"pattern,omitempty"`
	Tokens  int         `json:"tokens"`
}

type retrievalJSON struct {
	Builder   core.RAGBuilder `json:"builder"`
	Budget    int             `json:"budget"`
	Documents int             `json:"documents"`
	// Counts are the reference pipeline's stage counts (context_manager).
	Counts *pipeline.StageCounts `json:"counts,omitempty"`
	// Chunks is the number of chunks the article's RAGContextManager
	// placed (rag).
	Chunks     *int `json:"chunks,omitempty"`
	TokensUsed int  `json:"tokens_used"`
	Reranked   bool `json:"reranked"`
	// Selected are the input indices of the reranked selection.
	Selected []int `json:"selected,omitempty"`
}

func writeAssembleJSON(out io.Writer, run *assembleRun) error {
	doc := assembleJSONOf(run)
	return writeJSON(out, &doc)
}

// assembleJSONOf is the report of one assembly.
func assembleJSONOf(run *assembleRun) assembleJSON {
	ev := run.eval
	a := ev.Assembly
	s := ev.Settings
	doc := assembleJSON{
		Model:    s.Model,
		Messages: a.Messages,
		Tools:    a.Tools,
		assembleJSONRest: assembleJSONRest{
			Billed:   billedJSONOf(runBill(run)),
			Metrics:  ev.Metrics,
			Cost:     costJSONOf(core.CostOf(ev, run.prices), run.prices),
			Alert:    ev.Alert,
			Findings: ev.Findings,
			Space:    spaceReport(ev),
		},
		Assembly: assemblyJSON{
			assemblyJSONHead: assemblyJSONHead{
				Source: run.source, Provider: run.scenario.Provider,
				Mode: a.Mode, Layout: a.Layout, Preset: s.Preset, UseCase: a.UseCase, Tokenizer: a.Tokenizer, Exact: a.Exact,
				Budget: a.Budget, Framing: a.Framing, Components: a.Components,
				Used: a.Used, MaxInput: a.MaxInput, Window: a.Window, Utilization: a.Utilization,
				ArticleTotal: a.ArticleTotal, Fits: a.Fits, Overflow: ev.Overflow, BudgetProblem: errorText(ev.BudgetProblem),
				Memory: memoryReport(ev.Memory, ev.Numbers), Retrieval: retrievalReport(ev),
			},
			FormatMemory:     formatMemoryReport(ev),
			assemblyJSONTail: assemblyJSONTail{AgentStep: ev.StepContext, RecordedUsage: ev.Recorded, Notes: run.eval.Notes},
		},
	}
	if run.suggestions != nil {
		list := suggestionsJSON(run.suggestions)
		doc.Suggestions = &list
	}
	if doc.Findings == nil {
		doc.Findings = []diagnose.Finding{}
	}
	if len(a.Tools) == 0 {
		doc.Tools = nil
	}
	switch {
	case a.SendsResponsesBody():
		body := a.ResponsesBody(s.Model)
		doc.Instructions, doc.Input, doc.Messages = body.Instructions, body.Input, nil
		doc.Tools, doc.ToolChoice, doc.ParallelToolCalls = nil, body.ToolChoice, body.ParallelToolCalls
		doc.Text, doc.MaxOutputTokens = body.Text, body.MaxOutputTokens
		if len(body.Tools) > 0 {
			doc.Tools = body.Tools
		}
	case a.SendsAnthropicBody(run.scenario.Provider):
		body := a.AnthropicBody(s.Model)
		doc.MaxTokens, doc.Messages = body.MaxTokens, body.Messages
		switch {
		case len(body.SystemBlocks) > 0:
			doc.System = body.SystemBlocks
		case body.System != "":
			doc.System = body.System
		}
	case a.Messages == nil:
		doc.Messages = []window.ChatMessage{}
	}
	if m := run.measured; m != nil {
		ma := m.Assembly
		doc.Measured = &measuredJSON{Components: ma.Components, Used: ma.Used, MaxInput: ma.MaxInput,
			Window: ma.Window, Utilization: ma.Utilization, Fits: ma.Fits, Overflow: m.Overflow}
	}
	return doc
}

func memoryReport(mem memory.Result, numbers window.Numbering) memoryJSON {
	r := memoryJSON{Strategy: mem.Strategy, Messages: len(mem.Fates), Tokens: mem.Tokens, MaxTokens: mem.MaxTokens,
		Overflow: mem.Overflow, Summary: mem.Summary, Fates: make([]fateJSON, 0, len(mem.Fates)), Notes: mem.Notes}
	for _, f := range mem.Fates {
		number := f.Index + 1
		if f.Index >= 0 && f.Index < len(numbers.History) {
			number = numbers.History[f.Index]
		}
		r.Fates = append(r.Fates, fateJSON{Message: number, Fate: f.Fate, Pattern: f.Pattern, Tokens: f.Tokens})
		switch f.Fate {
		case memory.Kept:
			r.Kept++
		case memory.Pinned:
			r.Pinned++
		case memory.Summarized:
			r.Summarized++
		case memory.Dropped:
			r.Dropped++
		}
	}
	return r
}

func retrievalReport(ev *core.Evaluation) retrievalJSON {
	r := retrievalJSON{Builder: ev.Settings.Builder, Budget: ev.Settings.Budget.RetrievedContext,
		Documents: len(ev.Documents), Reranked: ev.Rerank != nil}
	if ev.Rerank != nil {
		r.Selected = ev.Rerank.SelectedIndices
	}
	switch {
	case ev.Build != nil:
		counts := ev.Build.Trace.Counts
		r.Counts = &counts
		r.TokensUsed = ev.Build.TokensUsed
	case ev.SimpleRAG != nil:
		chunks := len(ev.SimpleRAG.Chunks)
		r.Chunks = &chunks
		r.TokensUsed = ev.SimpleRAG.TokensUsed
	}
	return r
}

// formatMemoryReport is format_memory's block, when there is a history.
func formatMemoryReport(ev *core.Evaluation) *formatMemoryJSON {
	if len(ev.History) == 0 {
		return nil
	}
	return &formatMemoryJSON{ev.FormatMemory}
}

// errorText is err's message, or "" for none.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
