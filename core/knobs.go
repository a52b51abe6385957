package core

import (
	"fmt"
	"regexp"
	"strings"

	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// Knob ids of the entries other code treats specially: the ones whose
// value comes from outside the settings (presets, agent steps) or decides
// another's (model and tokenizer).
const (
	KnobIDPreset    = "preset"
	KnobIDModel     = "model"
	KnobIDTokenizer = "tokenizer"
	KnobIDRerank    = "rerank"
	// KnobSectionRerank is the scenario section whose presence turns
	// reranking on.
	KnobSectionRerank = "rerank"
	KnobIDAgentStep   = "agent-step"
)

// When the pipeline's knobs apply: they do nothing under the article's
// RAGContextManager.
const appliesWithPipeline = "the context_manager builder"

// pipelineBuilder: the pipeline builds the retrieved context, unless
// reranking hands its selection to the article's formatting whole.
func pipelineBuilder(s Settings) bool {
	return s.Builder == BuilderContextManager && !(s.Rerank && s.RerankFormatAll)
}

func budgetedMemory(strategy memory.Strategy) func(Settings) bool {
	return func(s Settings) bool { return s.Mode != window.MeasureOnly && s.Memory.Strategy == strategy }
}

func reranking(s Settings) bool { return s.Rerank }

// maxShingleSize is the longest shingle, in words: far past any
// near-duplicate detection's (the reference's is 5).
const maxShingleSize = 10_000

// knobTable is every setting, in the order of the workbench's strip. A
// new setting is one entry here plus its effect in the pipeline.
var knobTable = []*Knob{
	{
		ID: "dedup", Label: "dedup", Flag: "dedup-threshold", Key: "pipeline.dedup_threshold",
		Help: "Jaccard similarity at or above which a document is a near duplicate, in [0, 1]",
		Kind: KnobFloat, Min: 0, Max: 1, Bounded: true, Decimals: 2, Step: fixedStep(0.05),
		Get:     func(s Settings) KnobValue { return KnobValue{Float: s.Pipeline.DedupThreshold} },
		Set:     func(s *Settings, v KnobValue, _ KnobContext) error { s.Pipeline.DedupThreshold = v.Float; return nil },
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
		// From the floor of the cached near pairs: every value reads them.
		Sweep: &KnobSweep{Param: pipeline.SweepDedupThreshold, Values: fixedSweep(pipeline.NearPairFloor, 1, 0.01),
			Describe: "0.50 to 1.00 in 0.01 steps (near-duplicate pairs are found once and read for every value)"},
	},
	intKnob(Knob{
		ID: "min-tokens", Label: "min tok", Flag: "min-doc-tokens", Key: "pipeline.min_doc_tokens",
		Help:    "drop documents with fewer tokens",
		Expect:  "0 or more tokens (0 keeps every document)",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
		FilterRule: func(s Settings) string {
			return "minimum " + numfmt.Thousands(s.Pipeline.MinDocTokens) + " tokens"
		},
		Sweep: &KnobSweep{Param: pipeline.SweepMinTokens, Values: fixedSweep(0, 100, 2), Describe: "0 to 100 in steps of 2",
			Measures: []SweepMeasure{MeasureKept, MeasureRemoved, MeasureSent, MeasureUsed, MeasureScore}},
	}, 0, fixedStep(1), func(s *Settings) *int { return &s.Pipeline.MinDocTokens }),
	intKnob(Knob{
		ID: "shingle", Label: "shingle", Flag: "shingle-size", Key: "pipeline.shingle_size",
		Help: "words per shingle for near-duplicate detection",
		// A shingle holds its words twice in a ring while it is hashed:
		// the bound keeps a hostile size from asking for exabytes.
		Max: maxShingleSize, Bounded: true, Expect: "a shingle of 1 to 10,000 words",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
	}, 1, fixedStep(1), func(s *Settings) *int { return &s.Pipeline.ShingleSize }),
	// The retrieval knobs beyond the reference's (knobs_retrieval.go).
	dedupKeyKnob(),
	minScoreKnob(),
	intKnob(Knob{
		ID: "top-k", Label: "top k", Flag: "top-k", Key: "pipeline.top_k",
		Help:    "keep the k best-ranked documents after deduplication, before reordering and the budget (0 keeps all, as the reference)",
		Expect:  "0 (every document) or more documents",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
		FilterRule: func(s Settings) string {
			if s.Pipeline.TopK <= 0 {
				return ""
			}
			return "top-k " + numfmt.Thousands(s.Pipeline.TopK) + " after dedup"
		},
		Sweep: &KnobSweep{Param: pipeline.SweepTopK, Bound: SweepToDocuments, Values: topKSweep,
			Describe: "0 (every document), then 1 to 30 (or twice the current top-k, in at most 100 steps), no further than the documents there are",
			Measures: []SweepMeasure{MeasureSent, MeasureUsed, MeasureScore, MeasureKept, MeasureRemoved}},
	}, 0, fixedStep(1), func(s *Settings) *int { return &s.Pipeline.TopK }),
	scoresKnob(),
	boolKnob(Knob{
		ID: "lost-in-middle", Label: "lost-in-middle", Flag: "lost-in-middle", Key: "pipeline.lost_in_middle",
		Help:    "place the strongest documents at both ends (--lost-in-middle=false to turn off)",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
	}, func(s *Settings) *bool { return &s.Pipeline.LostInMiddle }),
	boolKnob(Knob{
		ID: "budget-first", Label: "budget before reorder", Flag: "budget-before-reorder", Key: "pipeline.budget_before_reorder",
		Help:        "run the budget on the relevance order, then place what it kept strongest at both ends (the reference reorders first, so its greedy budget can drop strong documents placed last)",
		Applies:     func(s Settings) bool { return pipelineBuilder(s) && s.Pipeline.LostInMiddle },
		AppliesWhen: "the context_manager builder with lost-in-middle on", InBuild: true,
	}, func(s *Settings) *bool { return &s.Pipeline.BudgetBeforeReorder }),
	choiceKnob(Knob{
		ID: "budget-mode", Label: "budget mode", Flag: "budget-mode", Key: "pipeline.budget_mode",
		Help:    "reference (headers not budgeted, as the reference) or strict (the block never exceeds the budget)",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
	}, pipeline.BudgetModes, func(s *Settings) *pipeline.BudgetMode { return &s.Pipeline.BudgetMode }),
	boolKnob(Knob{
		ID: "summarize", Label: "summarize overflow", Flag: "summarize-overflow", Key: "pipeline.summarize_overflow",
		Help:    "represent documents that do not fit by a synopsis: the sentences that best cover the query and the document within the remaining tokens",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
	}, func(s *Settings) *bool { return &s.Pipeline.SummarizeOverflow }),
	intKnob(Knob{
		ID: "partial-min", Label: "partial min", Flag: "partial-min", Key: "pipeline.partial_min",
		Help:   "tokens that must remain (strictly more) to include an overflowing document in part",
		Expect: "0 or more tokens",
		Applies: func(s Settings) bool {
			return pipelineBuilder(s) && !s.Pipeline.SummarizeOverflow && s.Pipeline.BudgetMode == pipeline.BudgetReference
		},
		AppliesWhen: "the context_manager builder in reference mode, summarize overflow off", InBuild: true,
	}, 0, fixedStep(10), func(s *Settings) *int { return &s.Pipeline.PartialMinRemaining }),
	choiceKnob(Knob{
		ID: "builder", Label: "builder", Flag: "builder", Key: "pipeline.builder",
		Help: "retrieved-context builder: context_manager (the pipeline) or rag (the article's RAGContextManager)",
	}, RAGBuilders, func(s *Settings) *RAGBuilder { return &s.Builder }),
	// Fidelity to the article: its RAGContextManager's top_k (and, after
	// the reserve, its content-only overflow check).
	intKnob(Knob{
		ID: "rag-top-k", Label: "RAG top k", Flag: "rag-top-k", Key: "pipeline.rag_top_k",
		Help:    "the rag builder's top_k: it sees only the k highest-scoring documents, as the article's vector_store.search(limit=top_k) (the article's default is 10)",
		Expect:  "at least 1 document",
		Applies: func(s Settings) bool { return s.Builder == BuilderSimpleRAG && !s.Rerank }, AppliesWhen: "the rag builder without rerank (final-k limits a reranked selection)",
	}, 1, fixedStep(1), func(s *Settings) *int { return &s.RAGTopK }),
	{
		ID: KnobIDTokenizer, Label: "tokenizer", Flag: "tokenizer", Key: "tokenizer",
		Help: "tokenizer: heuristic, cl100k_base or o200k_base",
		Kind: KnobChoice, InBuild: true,
		Choices: func(KnobContext) []string { return tokens.Names },
		Refuse: func(v KnobValue) (string, int) {
			if _, err := tokens.ByName(v.Text); err != nil {
				return err.Error(), 0
			}
			return "", 0
		},
		Get: func(s Settings) KnobValue {
			if s.Pipeline.Tokenizer == nil {
				return KnobValue{}
			}
			return KnobValue{Text: s.Pipeline.Tokenizer.Name()}
		},
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			tok, err := tokens.ByName(v.Text)
			if err == nil {
				s.Pipeline.Tokenizer = tok
			}
			return err
		},
	},
	{
		// The model picks the tokenizer and brings its window; a
		// scenario file's model picks only the tokenizer (see the loader).
		ID: KnobIDModel, Label: "model", Flag: "model", Key: "model",
		Help: "model name; picks its tokenizer (gpt-4o, gpt-4.1, o3, gpt-4, ...); another name is counted as an estimate (o200k_base unless a tokenizer is given)",
		Kind: KnobText, InBuild: true,
		Get: func(s Settings) KnobValue { return KnobValue{Text: s.Model} },
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			name := strings.TrimSpace(v.Text)
			if name == "" {
				s.Model = ""
				return nil
			}
			model, err := ResolveModel(name, "", false)
			if err != nil {
				return err
			}
			s.Model, s.Pipeline.Tokenizer = name, model.Tokenizer
			if model.Window > 0 {
				s.Budget.TotalWindow = model.Window
			}
			return nil
		},
	},
	{
		// A preset replaces the whole budget; the allocations after it in
		// this table then override single fields.
		ID: KnobIDPreset, Label: "preset", Flag: "preset", Key: "preset",
		Help:    "budget preset: " + strings.Join(window.PresetNames, ", ") + ", or one of --budget-file",
		Kind:    KnobChoice,
		Choices: func(ctx KnobContext) []string { return ctx.presets().Names() },
		Get:     func(s Settings) KnobValue { return KnobValue{Text: s.Preset} },
		Set: func(s *Settings, v KnobValue, ctx KnobContext) error {
			name := strings.TrimSpace(v.Text)
			if ctx.Initial != nil && name == ctx.Initial.Preset {
				// Back to the input's own preset: with the overrides it
				// came with, so the name means what it did.
				s.Preset, s.Budget, s.AllocationsAssumed = name, ctx.Initial.Budget, ctx.Initial.AllocationsAssumed
				return nil
			}
			budget, err := ctx.presets().Lookup(name)
			if err == nil {
				s.Preset, s.Budget, s.AllocationsAssumed = name, budget, false
			}
			return err
		},
	},
	choiceKnob(Knob{
		ID: "assembly", Label: "assembly", Flag: "mode", Key: "mode",
		Help: "budgeted (cut components to their allocations) or measure (as given, nothing cut)",
	}, window.Modes, func(s *Settings) *window.Mode { return &s.Mode }),
	choiceKnob(Knob{
		ID: "layout", Label: "layout", Flag: "layout", Key: "layout",
		Help:    "article (history folded into one assistant message, as the article's assembler) or chat (the history as its own messages, tool calls with their results, whole messages dropped oldest first: a request a chat API replays; an imported request's default)",
		Applies: func(s Settings) bool { return s.Mode != window.MeasureOnly }, AppliesWhen: "a budgeted assembly (measure keeps the request's own messages)",
	}, window.Layouts, func(s *Settings) *window.Layout { return &s.Layout }),
	budgetKnob(Knob{
		ID: "window", Label: "window", Flag: "window", Key: "budget.total_window", AltKeys: []string{"window"},
		Help:   "model context window in tokens (total_window); for a request, overrides the model's",
		Expect: "a positive number of tokens", Min: 1,
	}, func(b *window.ContextBudget) *int { return &b.TotalWindow }),
	budgetKnob(Knob{
		ID: "system", Label: window.ComponentShort(window.ComponentSystem), Flag: "system-budget", Key: "budget.system_prompt",
		Help: "tokens allocated to the " + window.ComponentWords(window.ComponentSystem) + " (system_prompt)",
	}, func(b *window.ContextBudget) *int { return &b.SystemPrompt }),
	budgetKnob(Knob{
		ID: "tools", Label: window.ComponentShort(window.ComponentTools), Flag: "tools-budget", Key: "budget.tool_definitions",
		Help: "tokens allocated to the " + window.ComponentWords(window.ComponentTools) + " (tool_definitions)",
	}, func(b *window.ContextBudget) *int { return &b.ToolDefinitions }),
	budgetKnob(Knob{
		ID: "history", Label: window.ComponentShort(window.ComponentHistory), Flag: "history-budget", Key: "budget.conversation_history",
		Help: "tokens allocated to the " + window.ComponentWords(window.ComponentHistory) + " (conversation_history)",
	}, func(b *window.ContextBudget) *int { return &b.ConversationHistory }),
	budgetKnob(Knob{
		ID: "rag", Label: window.ComponentShort(window.ComponentRAG) + " budget", Flag: "rag-budget", Key: "budget.retrieved_context",
		Help: "tokens allocated to the " + window.ComponentWords(window.ComponentRAG) + " (retrieved_context); the pipeline's budget",
		Sweep: &KnobSweep{Param: pipeline.SweepBudget, Bound: SweepToTokens, Values: budgetSweep,
			Describe: "0 to twice the budget (at least 1,000) in 50 steps, no further than the tokens every document takes",
			Measures: []SweepMeasure{MeasureUsed, MeasureSent, MeasureScore, MeasureKept, MeasureRemoved}},
	}, func(b *window.ContextBudget) *int { return &b.RetrievedContext }),
	budgetKnob(Knob{
		ID: "tool-results", Label: window.ComponentShort(window.ComponentToolResults), Flag: "tool-results-budget", Key: "budget.tool_results",
		Help: "tokens allocated to the " + window.ComponentWords(window.ComponentToolResults) + " (tool_results)",
	}, func(b *window.ContextBudget) *int { return &b.ToolResults }),
	budgetKnob(Knob{
		ID: "query-budget", Label: window.ComponentShort(window.ComponentQuery), Flag: "query-budget", Key: "budget.user_query",
		Help: "tokens allocated to the " + window.ComponentWords(window.ComponentQuery) + " (user_query); the query is never cut",
	}, func(b *window.ContextBudget) *int { return &b.UserQuery }),
	budgetKnob(Knob{
		ID: "reserve", Label: window.ComponentShort(window.ComponentReserve), Flag: "reserve", Key: "budget.response_reserve",
		Help: "the " + window.ComponentWords(window.ComponentReserve) + ": tokens kept free for the reply (response_reserve)",
	}, func(b *window.ContextBudget) *int { return &b.ResponseReserve }),
	boolKnob(Knob{
		ID: "content-only-total", Label: "content-only total", Flag: "content-only-total", Key: "content_only_total",
		Help:    "check the request against its max input by message contents alone, without each message's framing tokens, as the article's assembler does (its own overflow decision)",
		Applies: func(s Settings) bool { return s.Mode != window.MeasureOnly }, AppliesWhen: "a budgeted assembly",
	}, func(s *Settings) *bool { return &s.ContentOnlyTotal }),
	choiceKnob(Knob{
		ID: "memory", Label: "memory", Flag: "memory", Key: "memory.strategy",
		Help:    "history strategy: sliding, priority or summary",
		Applies: func(s Settings) bool { return s.Mode != window.MeasureOnly }, AppliesWhen: "a budgeted assembly (measure sends the history whole)",
	}, memory.Strategies, func(s *Settings) *memory.Strategy { return &s.Memory.Strategy }),
	{
		ID: "patterns", Label: "pin patterns", Flag: "priority-pattern", Key: "memory.patterns",
		Help: "regular expression that pins a history message under --memory priority (repeatable; replaces the defaults)",
		Kind: KnobList,
		Refuse: func(v KnobValue) (string, int) {
			for i, p := range v.List {
				if _, err := regexp.Compile(p); err != nil {
					return fmt.Sprintf("%s does not compile: %v", quoteText(p), err), i + 1
				}
			}
			return "", 0
		},
		Get: func(s Settings) KnobValue { return KnobValue{List: s.Memory.Patterns} },
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			s.Memory.Patterns = append([]string(nil), v.List...)
			return nil
		},
		Applies: budgetedMemory(memory.Priority), AppliesWhen: "memory priority",
	},
	boolKnob(Knob{
		ID: "reference-order", Label: "pinned first", Flag: "reference-order", Key: "memory.reference_order",
		Help:    "--memory priority: put pinned messages first, as the article's PriorityMemory does, instead of keeping the history's order",
		Applies: budgetedMemory(memory.Priority), AppliesWhen: "memory priority",
	}, func(s *Settings) *bool { return &s.Memory.ReferenceOrder }),
	intKnob(Knob{
		ID: "summarize-every", Label: "fold every", Flag: "summarize-every", Key: "memory.summarize_every",
		Help: "--memory summary: fold the history every N messages", Expect: "at least 1 message",
		Applies: budgetedMemory(memory.Summary), AppliesWhen: "memory summary",
	}, 1, fixedStep(1), func(s *Settings) *int { return &s.Memory.SummarizeEvery }),
	intKnob(Knob{
		ID: "keep-recent", Label: "keep recent", Flag: "keep-recent", Key: "memory.keep_recent",
		Help: "--memory summary: messages a fold leaves verbatim", Expect: "at least 1 message (0 would fold nothing)",
		Applies: budgetedMemory(memory.Summary), AppliesWhen: "memory summary",
	}, 1, fixedStep(1), func(s *Settings) *int { return &s.Memory.KeepRecent }),
	intKnob(Knob{
		ID: "max-turns", Label: "max turns", Flag: "max-turns", Key: "memory.max_turns",
		Help:   "format_memory: conversation turns (user+assistant pairs) the reference ContextManager's memory block keeps, 0 for all (build's text report with --history, assemble's JSON assembly.format_memory, the workbench's Memory view)",
		Expect: "0 (the whole history) or more turns", InBuild: true,
	}, 0, fixedStep(1), func(s *Settings) *int { return &s.MaxTurns }),
	textKnob(Knob{
		ID: "query", Label: "query text", Flag: "query", Key: "query",
		Help: "the user's query, sent last and given to the reranker",
	}, func(s *Settings) *string { return &s.Query }),
	boolKnob(Knob{
		// In a scenario file the rerank section's presence turns it on
		// unless enabled says otherwise, so `rerank:` alone is enough.
		ID: KnobIDRerank, Label: "rerank", Flag: "rerank", Key: "rerank.enabled",
		Help: "retrieve initial-k documents by score, then rerank them against the query with BM25 and keep final-k (--rerank=false turns a scenario's off)",
	}, func(s *Settings) *bool { return &s.Rerank }),
	intKnob(Knob{
		ID: "initial-k", Label: "initial k", Flag: "initial-k", Key: "rerank.initial_k",
		Help: "--rerank: documents retrieved in the first stage", Expect: "at least 1 document",
		Applies: reranking, AppliesWhen: "rerank on",
	}, 1, fixedStep(1), func(s *Settings) *int { return &s.InitialK }),
	intKnob(Knob{
		ID: "final-k", Label: "final k", Flag: "final-k", Key: "rerank.final_k",
		Help: "--rerank: documents kept after reranking", Expect: "at least 1 document",
		Applies: reranking, AppliesWhen: "rerank on",
	}, 1, fixedStep(1), func(s *Settings) *int { return &s.FinalK }),
	{
		ID: "drop-items", Label: "dropped items", Flag: "drop-item", Key: "edits.drop",
		Help:   "replace an input item by a one-line note before assembly: tool_result:N or message:N, numbered from 1 as the reports number them (repeatable)",
		Expect: "tool_result:N or message:N",
		Kind:   KnobList, Refuse: refuseItemEdits(false),
		Get: func(s Settings) KnobValue { return KnobValue{List: s.DropItems} },
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			s.DropItems = append([]string(nil), v.List...)
			return nil
		},
	},
	{
		ID: "truncate-items", Label: "truncated items", Flag: "truncate-item", Key: "edits.truncate",
		Help:   "cut an input item to its first TOKENS tokens before assembly: tool_result:N=TOKENS or message:N=TOKENS (repeatable)",
		Expect: "tool_result:N=TOKENS or message:N=TOKENS",
		Kind:   KnobList, Refuse: refuseItemEdits(true),
		Get: func(s Settings) KnobValue { return KnobValue{List: s.TruncateItems} },
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			s.TruncateItems = append([]string(nil), v.List...)
			return nil
		},
	},
	{
		// The steps are the input's, so whether a name is one is checked
		// where the input is known; "" keeps the tool results as given.
		ID: KnobIDAgentStep, Label: "agent step", Flag: "step", Key: "agent.step",
		Help:    "agent step whose context (the outputs of the steps it requires) is the tool results; from the scenario's agent: steps (\"\" for the tool results as given)",
		Kind:    KnobChoice,
		Choices: func(ctx KnobContext) []string { return append([]string{""}, ctx.Steps...) },
		Get:     func(s Settings) KnobValue { return KnobValue{Text: s.Step} },
		Set:     func(s *Settings, v KnobValue, _ KnobContext) error { s.Step = strings.TrimSpace(v.Text); return nil },
	},
	// The article's behaviour where ctxlab departs from it by default
	// (docs/fidelity.md).
	boolKnob(Knob{
		ID: "cut-overflowing-budget", Label: "cut over-allocated", Flag: "cut-overflowing-budget", Key: "cut_overflowing_budget",
		Help:    "when the allocations add up to more than the max input, cut each component to its allocation all the same, as the article's assembler does (it never calls validate), instead of measuring the request as sent",
		Applies: func(s Settings) bool { return s.Mode != window.MeasureOnly }, AppliesWhen: "a budgeted assembly",
	}, func(s *Settings) *bool { return &s.CutOverflowingBudget }),
	boolKnob(Knob{
		ID: "rerank-format-all", Label: "format all reranked", Flag: "rerank-format-all", Key: "rerank.format_all",
		Help:    "--rerank: format every reranked document whole into the retrieved context and let the assembler cut it to its allocation, as the article's retrieve_with_reranking does, instead of running the builder's budget walk over them",
		Applies: reranking, AppliesWhen: "rerank on",
	}, func(s *Settings) *bool { return &s.RerankFormatAll }),
	boolKnob(Knob{
		ID: "replace-split-chars", Label: "U+FFFD in cuts", Flag: "replace-split-chars", Key: "replace_split_chars",
		Help:    "where the assembler's cut splits a character between tokens, write U+FFFD (�) for its bytes, as tiktoken's decode does in the article's truncate_to_token_limit, instead of dropping them",
		Applies: func(s Settings) bool { return s.Mode != window.MeasureOnly }, AppliesWhen: "a budgeted assembly",
	}, func(s *Settings) *bool { return &s.ReplaceSplitChars }),
	boolKnob(Knob{
		ID: "python-slices", Label: "Python slices", Flag: "python-slices", Key: "python_slices",
		Help:    "cut as the article's Python slices do: a history or tool results allocated 0 is kept whole, since tokens[-0:] is the whole list, instead of dropped",
		Applies: func(s Settings) bool { return s.Mode != window.MeasureOnly && s.Layout != window.LayoutChat }, AppliesWhen: "a budgeted assembly in the article layout",
	}, func(s *Settings) *bool { return &s.PythonSlices }),
}

// Knobs returns every setting in the order of the workbench's strip.
func Knobs() []*Knob { return knobTable }

func (ctx KnobContext) presets() window.PresetSet {
	if ctx.Presets == nil {
		return window.BuiltinPresets()
	}
	return ctx.Presets
}

// quoteText quotes a value for a message, escapes and all.
func quoteText(s string) string { return fmt.Sprintf("%q", s) }
