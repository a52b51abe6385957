package core

import (
	"encoding/json"

	"ctxlab/core/memory"
	"ctxlab/core/metrics"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/choice"
)

// Scenario is one whole case: everything a request is assembled from and
// the settings it starts with. Loaders build it from a scenario file, an
// imported API request or a document set; the workbench and `ctxlab
// assemble` evaluate it.
type Scenario struct {
	Name        string
	Description string
	// Origin is where the scenario came from, for display: a path, or
	// "bundled sample".
	Origin string
	// Provider is "openai" or "anthropic" for an imported request, "" for
	// a scenario file.
	Provider string

	Documents    []value.Document
	SystemPrompt string
	// SystemSent and QuerySent are the system message and the user's
	// query as an imported request sent them (see value.Sent); the
	// history's and the tool results' messages carry their own.
	SystemSent, QuerySent *value.Sent
	// Tools are tool definitions exactly as the provider receives them.
	Tools       []json.RawMessage
	History     []value.Message
	ToolResults []window.ToolResult
	// OpenAIBody is an imported OpenAI Chat Completions request body as
	// JSON: measured as sent, the request is counted as OpenAI renders
	// it (window.Input.OpenAIBody).
	OpenAIBody string
	// OpenAIResponses says OpenAIBody was read from a Responses API body,
	// which OpenAI renders with a few differences.
	OpenAIResponses bool
	// Responses is what a Responses API body sends around its input
	// items (instructions, tools as sent, text, tool_choice), for the body
	// written back in that API's shape; nil for any other input.
	Responses *window.ResponsesFrame
	// Anthropic is what an imported Anthropic request sets that Anthropic
	// renders into the prompt besides its messages and tools (its
	// tool_choice, its structured-output format).
	Anthropic window.AnthropicPrompt
	// ReplyLimit is the reply an imported request asks for (its
	// max_tokens, max_completion_tokens or max_output_tokens), 0 when it
	// sets none or the input is not a request.
	ReplyLimit int
	// Recorded is the provider's own count of an imported request, when
	// the input recorded its response.
	Recorded *metrics.RecordedUsage
	// Agent is a multi-step agent's workflow; with Settings.Step set, the
	// chosen step's context replaces ToolResults.
	Agent *AgentWorkflow
	// Notes are facts about the input a user must know, such as token
	// counts being estimates.
	Notes []string
	// Trim is what a trajectory's trim policy removed from the turn's
	// request as sent, when the scenario is the request the policy
	// sends; nil otherwise.
	Trim *Trim
	// EvalRun is the retrieval run the scenario names to evaluate its
	// settings over (Run is "" when none).
	EvalRun EvalRunPaths
	// Interaction is which of a VCR cassette's Interactions chat requests
	// the scenario is, from 1; 0 for any other input.
	Interaction, Interactions int

	Settings Settings
}

// RAGBuilder names the builder of the retrieved-context component.
type RAGBuilder string

const (
	// BuilderContextManager is the reference's pipeline.
	BuilderContextManager RAGBuilder = "context_manager"
	// BuilderSimpleRAG is the article's RAGContextManager.
	BuilderSimpleRAG RAGBuilder = "rag"
)

// RAGBuilders are the builders in display order, with their parser.
var RAGBuilders = choice.Of("RAG builder", BuilderContextManager, BuilderSimpleRAG)

// Settings are every knob of an evaluation: what the workbench's controls
// turn and what `ctxlab assemble` takes as flags.
type Settings struct {
	// Pipeline are the reference pipeline's knobs; its budget is the
	// retrieved-context allocation. Its Tokenizer counts every component.
	Pipeline pipeline.Settings
	Builder  RAGBuilder
	// RAGTopK is the article's RAGContextManager top_k: the rag builder
	// sees the k highest-scoring documents, as vector_store.search(limit=
	// top_k) returns them (0 means every document).
	RAGTopK int
	// Preset is the name the budget started from ("" for a custom one).
	Preset string
	// AllocationsAssumed says no one chose the allocations: an imported
	// request measured as sent is shown against a default preset's,
	// for comparison only, so a part over its allocation is no finding.
	// Choosing a preset or an allocation clears it.
	AllocationsAssumed bool
	Budget             window.ContextBudget
	Mode               window.Mode
	// Layout lays a budgeted request out: the article's or a chat's.
	Layout window.Layout
	// Model picks message framing and, unless a tokenizer was chosen,
	// the tokenizer.
	Model string
	// Memory is the history strategy; its budget is the history
	// allocation.
	Memory memory.Settings
	// Query is the user's query, sent last and given to the reranker.
	Query string
	// Rerank turns on the two-stage retrieval before the builder.
	Rerank   bool
	InitialK int
	FinalK   int
	// Step, when set, names the agent step whose context (the outputs of
	// the steps it requires) is the tool-results component.
	Step string
	// ContentOnlyTotal checks the request against its max input by the
	// messages' contents alone, as the article's assembler does, instead
	// of with each message's framing tokens.
	ContentOnlyTotal bool
	// CutOverflowingBudget cuts each component to its allocation even
	// when the allocations add up to more than the max input, as the
	// article's assembler does (it never calls ContextBudget.validate),
	// instead of measuring the request as sent.
	CutOverflowingBudget bool
	// RerankFormatAll formats every reranked document whole into the
	// retrieved context and leaves the cut to the assembler, as the
	// article's retrieve_with_reranking does, instead of running the
	// builder's budget walk over the selection.
	RerankFormatAll bool
	// ReplaceSplitChars writes U+FFFD where the assembler's cut splits a
	// character between tokens, as tiktoken's decode does in the
	// article's truncate_to_token_limit, instead of dropping its bytes.
	ReplaceSplitChars bool
	// PythonSlices keeps a history or tool results allocated 0 whole,
	// as the article's tokens[-0:] does, instead of dropping them.
	PythonSlices bool
	// MaxTurns is the reference's max_memory_messages, the
	// turns its format_memory keeps (0 keeps all, as its slice does).
	MaxTurns int
	// DropItems and TruncateItems are ItemEdits as their flags spell
	// them ("tool_result:3", "message:5=500"), applied to the input's
	// tool results and history before assembly.
	DropItems, TruncateItems []string
}

// DefaultSettings are the support_chat preset with the reference
// pipeline's defaults, o200k_base, the sliding-window memory and a
// budgeted assembly.
func DefaultSettings() Settings {
	pipelineSettings := pipeline.DefaultOptions().Settings
	pipelineSettings.Tokenizer, _ = tokens.ByName(tokens.TokenizerO200K)
	budget, _ := window.Preset(window.PresetSupportChat)
	return Settings{
		Pipeline: pipelineSettings,
		Builder:  BuilderContextManager,
		RAGTopK:  pipeline.DefaultSimpleRAGTopK,
		Preset:   window.PresetSupportChat,
		Budget:   budget,
		Mode:     window.Budgeted,
		Layout:   window.LayoutArticle,
		Memory:   memory.DefaultSettings(),
		InitialK: pipeline.DefaultRerankInitialK,
		FinalK:   pipeline.DefaultRerankFinalK,
		MaxTurns: memory.DefaultMaxMessages,
	}
}

// Validate reports the first setting that cannot be evaluated: a knob
// that applies under the others and is out of its range, named by its
// flag, two edits of one input item, or a tokenizer missing.
func (s Settings) Validate() error {
	if s.Pipeline.Tokenizer == nil {
		return &OptionError{Option: "tokenizer", Problem: "none set"}
	}
	for _, k := range Knobs() {
		if !k.AppliesTo(s) {
			continue
		}
		if err := k.Check(k.Get(s)); err != nil {
			return err.optionError()
		}
	}
	if err := itemEditConflict(s); err != nil {
		return err.optionError()
	}
	return nil
}
