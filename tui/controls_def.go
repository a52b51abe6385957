package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"ctxlab/core"
)

// controlKind says how a control is adjusted and drawn.
type controlKind int

const (
	kindNumber controlKind = iota // ←/→ step, enter types a number
	kindChoice                    // ←/→ cycle
	kindToggle                    // space or ←/→ flip
	kindText                      // enter types text
)

// control is one knob. get and set work on a copy of the settings, so a
// control never touches the model; the root applies the result.
type control struct {
	id    string
	label string
	kind  controlKind
	get   func(s core.Settings) string
	// step moves the value by dir (−1 or +1) steps.
	step func(s *core.Settings, dir int)
	// set parses a typed value.
	set func(s *core.Settings, text string) error
	// applies reports whether the control changes anything under the
	// other settings (dedup under the article's builder does not); nil
	// means always. A control that does not apply is drawn dimmed.
	applies func(s core.Settings) bool
	// onlyWith says when it does, for the strip to tell a user who
	// selects it while it does not.
	onlyWith string
}

// when sets a control's applies and says when that is.
func (c control) when(applies func(s core.Settings) bool, onlyWith string) control {
	c.applies, c.onlyWith = applies, onlyWith
	return c
}

// appliesTo reports whether the control changes anything now.
func (c control) appliesTo(s core.Settings) bool { return c.applies == nil || c.applies(s) }

// builderCM: the pipeline's knobs do nothing under the article's
// RAGContextManager.
const builderCM = "the context_manager builder"

func reranking(s core.Settings) bool { return s.Rerank }

func pipelineBuilder(s core.Settings) bool { return s.Builder == core.BuilderContextManager }
func memoryIs(strategy core.MemoryStrategy) func(core.Settings) bool {
	return func(s core.Settings) bool { return s.Mode != core.MeasureOnly && s.Memory.Strategy == strategy }
}

// intControl builds a number control over an int field.
func intControl(id, label string, field func(s *core.Settings) *int, minimum int, stepOf func(int) int) control {
	return control{
		id: id, label: label, kind: kindNumber,
		get: func(s core.Settings) string { return thousands(*field(&s)) },
		step: func(s *core.Settings, dir int) {
			v := field(s)
			*v = max(minimum, *v+dir*stepOf(*v))
		},
		set: func(s *core.Settings, text string) error {
			n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(text), ",", ""))
			if err != nil {
				return fmt.Errorf("%s: %q is not a whole number", label, text)
			}
			if n < minimum {
				return fmt.Errorf("%s: %d is below %d", label, n, minimum)
			}
			*field(s) = n
			return nil
		},
	}
}

// fixedStep is a constant step.
func fixedStep(n int) func(int) int { return func(int) int { return n } }

// scaledStep steps by about a tenth of the value's magnitude (3,000 moves
// by 100, 128,000 by 10,000), so one key press is a visible change at any
// size.
func scaledStep(v int) int {
	if v < 100 {
		return 10
	}
	return int(math.Pow10(int(math.Log10(float64(v))) - 1))
}

// choiceControl cycles through a fixed list.
func choiceControl(id, label string, options func() []string, get func(s core.Settings) string, set func(s *core.Settings, v string) error) control {
	return control{
		id: id, label: label, kind: kindChoice, get: get,
		step: func(s *core.Settings, dir int) {
			opts := options()
			cur := get(*s)
			i := 0
			for j, o := range opts {
				if o == cur {
					i = j
				}
			}
			_ = set(s, opts[(i+dir+len(opts))%len(opts)])
		},
		set: func(s *core.Settings, text string) error {
			for _, o := range options() {
				if o == strings.TrimSpace(text) {
					return set(s, o)
				}
			}
			return fmt.Errorf("%s: %q is not one of %s", label, text, strings.Join(options(), ", "))
		},
	}
}

// toggleControl flips a bool.
func toggleControl(id, label string, field func(s *core.Settings) *bool) control {
	return control{
		id: id, label: label, kind: kindToggle,
		get: func(s core.Settings) string {
			if *field(&s) {
				return "on"
			}
			return "off"
		},
		step: func(s *core.Settings, _ int) { v := field(s); *v = !*v },
		set: func(s *core.Settings, text string) error {
			b, err := strconv.ParseBool(strings.TrimSpace(text))
			if err != nil {
				return fmt.Errorf("%s: %q is not on/off (true or false)", label, text)
			}
			*field(s) = b
			return nil
		},
	}
}

func stringsOf[T ~string](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

// newControls lists every knob in the order the strip shows them.
// presets names the presets available (built-in plus a budget file's);
// steps are the input's agent steps, whose control appears only when
// there are some; initial are the input's settings, whose budget its own
// preset returns to.
func newControls(presets core.PresetSet, steps []string, initial core.Settings) []control {
	budget := func(f func(b *core.ContextBudget) *int) func(s *core.Settings) *int {
		return func(s *core.Settings) *int { return f(&s.Budget) }
	}
	controls := []control{
		{
			id: "dedup", label: "dedup", kind: kindNumber,
			get: func(s core.Settings) string { return strconv.FormatFloat(s.Pipeline.DedupThreshold, 'f', 2, 64) },
			step: func(s *core.Settings, dir int) {
				v := math.Round((s.Pipeline.DedupThreshold+float64(dir)*0.05)*100) / 100
				s.Pipeline.DedupThreshold = min(1, max(0, v))
			},
			set: func(s *core.Settings, text string) error {
				v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
				if err != nil || math.IsNaN(v) || v < 0 || v > 1 {
					return fmt.Errorf("dedup threshold: %q is not in [0, 1]", text)
				}
				s.Pipeline.DedupThreshold = v
				return nil
			},
			applies:  pipelineBuilder,
			onlyWith: builderCM,
		},
		intControl("min-tokens", "min tok", func(s *core.Settings) *int { return &s.Pipeline.MinDocTokens }, 0, fixedStep(1)).when(pipelineBuilder, builderCM),
		intControl("shingle", "shingle", func(s *core.Settings) *int { return &s.Pipeline.ShingleSize }, 1, fixedStep(1)).when(pipelineBuilder, builderCM),
		toggleControl("lost-in-middle", "lost-in-middle", func(s *core.Settings) *bool { return &s.Pipeline.LostInMiddle }).when(pipelineBuilder, builderCM),
		choiceControl("budget-mode", "mode", func() []string { return stringsOf(core.BudgetModes) },
			func(s core.Settings) string { return string(s.Pipeline.BudgetMode) },
			func(s *core.Settings, v string) error { s.Pipeline.BudgetMode = core.BudgetMode(v); return nil }).when(pipelineBuilder, builderCM),
		toggleControl("summarize", "summarize overflow", func(s *core.Settings) *bool { return &s.Pipeline.SummarizeOverflow }).when(pipelineBuilder, builderCM),
		intControl("partial-min", "partial min", func(s *core.Settings) *int { return &s.Pipeline.PartialMinRemaining }, 0, fixedStep(10)).when(func(s core.Settings) bool {
			return pipelineBuilder(s) && !s.Pipeline.SummarizeOverflow && s.Pipeline.BudgetMode == core.BudgetReference
		}, "the context_manager builder in reference mode, summarize overflow off"),
		choiceControl("builder", "builder", func() []string { return stringsOf(core.RAGBuilders) },
			func(s core.Settings) string { return string(s.Builder) },
			func(s *core.Settings, v string) error { s.Builder = core.RAGBuilder(v); return nil }),
		choiceControl("tokenizer", "tokenizer", func() []string { return core.TokenizerNames },
			func(s core.Settings) string { return s.Pipeline.Tokenizer.Name() },
			func(s *core.Settings, v string) error {
				tok, err := core.TokenizerByName(v)
				if err == nil {
					s.Pipeline.Tokenizer = tok
				}
				return err
			}),
		{
			id: "model", label: "model", kind: kindText,
			get: func(s core.Settings) string { return orDash(s.Model) },
			set: func(s *core.Settings, text string) error {
				text = strings.TrimSpace(text)
				if text == "" {
					s.Model = ""
					return nil
				}
				model, err := core.ResolveModel(text, "", false)
				if err != nil {
					return err
				}
				s.Model, s.Pipeline.Tokenizer = text, model.Tokenizer
				if model.Window > 0 {
					s.Budget.TotalWindow = model.Window
				}
				return nil
			},
		},
		choiceControl("preset", "preset", presets.Names,
			func(s core.Settings) string { return orDash(s.Preset) },
			func(s *core.Settings, v string) error {
				if v == initial.Preset {
					// Back to the input's own preset: with the overrides
					// it came with, so the label means what it did.
					s.Preset, s.Budget = v, initial.Budget
					return nil
				}
				b, err := presets.Lookup(v)
				if err == nil {
					s.Preset, s.Budget = v, b
				}
				return err
			}),
		choiceControl("assembly", "assembly", func() []string { return stringsOf(core.AssembleModes) },
			func(s core.Settings) string { return string(s.Mode) },
			func(s *core.Settings, v string) error { s.Mode = core.AssembleMode(v); return nil }),
		intControl("window", "window", budget(func(b *core.ContextBudget) *int { return &b.TotalWindow }), 1, scaledStep),
		intControl("system", "system", budget(func(b *core.ContextBudget) *int { return &b.SystemPrompt }), 0, scaledStep),
		intControl("tools", "tools", budget(func(b *core.ContextBudget) *int { return &b.ToolDefinitions }), 0, scaledStep),
		intControl("history", "history", budget(func(b *core.ContextBudget) *int { return &b.ConversationHistory }), 0, scaledStep),
		intControl("rag", "RAG budget", budget(func(b *core.ContextBudget) *int { return &b.RetrievedContext }), 0, scaledStep),
		intControl("tool-results", "tool res", budget(func(b *core.ContextBudget) *int { return &b.ToolResults }), 0, scaledStep),
		intControl("query-budget", "query", budget(func(b *core.ContextBudget) *int { return &b.UserQuery }), 0, scaledStep),
		intControl("reserve", "reserve", budget(func(b *core.ContextBudget) *int { return &b.ResponseReserve }), 0, scaledStep),
		choiceControl("memory", "memory", func() []string { return stringsOf(core.MemoryStrategies) },
			func(s core.Settings) string { return string(s.Memory.Strategy) },
			func(s *core.Settings, v string) error { s.Memory.Strategy = core.MemoryStrategy(v); return nil }).when(func(s core.Settings) bool {
			return s.Mode != core.MeasureOnly
		}, "a budgeted assembly (measure sends the history whole)"),
		{
			id: "patterns", label: "pin patterns", kind: kindText,
			get: func(s core.Settings) string { return strings.Join(s.Memory.Patterns, " ; ") },
			set: func(s *core.Settings, text string) error {
				var patterns []string
				for _, p := range strings.Split(text, ";") {
					if p = strings.TrimSpace(p); p != "" {
						patterns = append(patterns, p)
					}
				}
				probe := s.Memory
				probe.Patterns = patterns
				if err := probe.Validate(); err != nil {
					return err
				}
				s.Memory.Patterns = patterns
				return nil
			},
			applies:  memoryIs(core.MemoryPriority),
			onlyWith: "memory priority",
		},
		intControl("summarize-every", "fold every", func(s *core.Settings) *int { return &s.Memory.SummarizeEvery }, 1, fixedStep(1)).when(memoryIs(core.MemorySummary), "memory summary"),
		intControl("keep-recent", "keep recent", func(s *core.Settings) *int { return &s.Memory.KeepRecent }, 1, fixedStep(1)).when(memoryIs(core.MemorySummary), "memory summary"),
		intControl("max-turns", "max turns", func(s *core.Settings) *int { return &s.MaxTurns }, 0, fixedStep(1)),
		{
			id: "query", label: "query text", kind: kindText,
			get: func(s core.Settings) string { return orDash(s.Query) },
			set: func(s *core.Settings, text string) error { s.Query = text; return nil },
		},
		toggleControl("rerank", "rerank", func(s *core.Settings) *bool { return &s.Rerank }),
		intControl("initial-k", "initial k", func(s *core.Settings) *int { return &s.InitialK }, 1, fixedStep(1)).when(reranking, "rerank on"),
		intControl("final-k", "final k", func(s *core.Settings) *int { return &s.FinalK }, 1, fixedStep(1)).when(reranking, "rerank on"),
	}
	if len(steps) > 0 {
		controls = append(controls, agentStepControl(steps))
	}
	return controls
}

// agentStepControl picks the agent step whose context is the tool
// results; "—" keeps the tool results as given.
func agentStepControl(steps []string) control {
	options := append([]string{"—"}, steps...)
	return choiceControl("agent-step", "agent step", func() []string { return options },
		func(s core.Settings) string { return orDash(s.Step) },
		func(s *core.Settings, v string) error {
			if v == "—" {
				v = ""
			}
			s.Step = v
			return nil
		})
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// thousands formats n with comma separators.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
