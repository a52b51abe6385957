package window

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"ctxlab/internal/nearname"
	"ctxlab/internal/numfmt"
)

// Built-in preset names: the article's UseCase enum.
const (
	PresetSupportChat   = "support_chat"
	PresetDocumentQA    = "document_qa"
	PresetCodeReview    = "code_review"
	PresetAgentWorkflow = "agent_workflow"
)

// PresetNames lists the built-in presets in the article's enum order.
var PresetNames = []string{PresetSupportChat, PresetDocumentQA, PresetCodeReview, PresetAgentWorkflow}

// codeReviewBudget is ours: the article names the code_review use case
// but never gives its numbers. A review prompt is dominated by code, so
// retrieved context, where the source files around the change go, gets
// 24,000 tokens: six to eight whole files of a few hundred lines, near the
// top of the article's 2,000-30,000 range. Tool results get 12,000: the
// diff comes back from a tool call (10,000 covers a medium pull request of
// about 400 changed lines with surrounding context) plus 2,000 for a test
// or lint run. The reserve is the article's maximum, 4,000, because
// line-by-line review comments are long. History stays short (2,000): a
// review thread is a few comments, not a chat. The system prompt (1,500)
// holds the review guidelines and the tool definitions (1,500) a handful of
// repository tools. That allocates 42,000 of the 124,000 input tokens: like
// the article's presets it leaves most of the window unused, because cost,
// latency and lost-in-the-middle grow with the prompt, not with the window.
var codeReviewBudget = ContextBudget{
	TotalWindow:         128_000,
	SystemPrompt:        1_500,
	ToolDefinitions:     1_500,
	ConversationHistory: 2_000,
	RetrievedContext:    24_000,
	ToolResults:         12_000,
	UserQuery:           1_000,
	ResponseReserve:     4_000,
}

// builtinPresets holds the article's BUDGETS, number for number, and
// codeReviewBudget.
var builtinPresets = PresetSet{
	PresetSupportChat: {
		TotalWindow:         128_000,
		SystemPrompt:        800,
		ToolDefinitions:     2_000,
		ConversationHistory: 4_000,
		RetrievedContext:    3_000,
		ToolResults:         2_000,
		UserQuery:           500,
		ResponseReserve:     2_000,
	},
	PresetDocumentQA: {
		TotalWindow:         128_000,
		SystemPrompt:        500,
		ToolDefinitions:     0,
		ConversationHistory: 2_000,
		RetrievedContext:    8_000,
		ToolResults:         0,
		UserQuery:           1_000,
		ResponseReserve:     4_000,
	},
	PresetCodeReview: codeReviewBudget,
	PresetAgentWorkflow: {
		TotalWindow:         128_000,
		SystemPrompt:        1_000,
		ToolDefinitions:     4_000,
		ConversationHistory: 3_000,
		RetrievedContext:    4_000,
		ToolResults:         6_000,
		UserQuery:           500,
		ResponseReserve:     3_000,
	},
}

// Preset returns a built-in preset by name.
func Preset(name string) (ContextBudget, error) {
	return builtinPresets.Lookup(name)
}

// PresetSet is a collection of named budgets: the built-ins, a team's own
// from a budget file, or both merged.
type PresetSet map[string]ContextBudget

// BuiltinPresets returns a copy of the built-in presets; changing it does
// not change Preset.
func BuiltinPresets() PresetSet {
	return MergePresets(builtinPresets, nil)
}

// MergePresets returns a new set with every preset of base and extra; a
// preset of extra replaces the one of base with the same name, so a team
// can redefine support_chat for its own model.
func MergePresets(base, extra PresetSet) PresetSet {
	merged := make(PresetSet, len(base)+len(extra))
	for name, b := range base {
		merged[name] = b
	}
	for name, b := range extra {
		merged[name] = b
	}
	return merged
}

// Names returns the set's preset names: the built-in ones first in the
// article's order, then the others alphabetically.
func (s PresetSet) Names() []string {
	names := make([]string, 0, len(s))
	for _, n := range PresetNames {
		if _, ok := s[n]; ok {
			names = append(names, n)
		}
	}
	var extra []string
	for n := range s {
		if _, builtin := builtinPresets[n]; !builtin {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	return append(names, extra...)
}

// Lookup returns a preset by name; an unknown name's error lists the
// valid ones, or when there are more than presetsListed (a generated
// budget file held half a million, and the error listed every name) says
// how many and suggests the nearest.
func (s PresetSet) Lookup(name string) (ContextBudget, error) {
	if b, ok := s[strings.TrimSpace(name)]; ok {
		return b, nil
	}
	names := s.Names()
	if len(names) <= presetsListed {
		return ContextBudget{}, fmt.Errorf("unknown preset %q (expected one of %s)", name, strings.Join(names, ", "))
	}
	hint := ""
	if near := nearname.Suggest(strings.TrimSpace(name), names); len(near) > 0 {
		quoted := make([]string, len(near))
		for i, n := range near {
			quoted[i] = strconv.Quote(clipName(n))
		}
		hint = "; did you mean " + strings.Join(quoted, " or ") + "?"
	}
	return ContextBudget{}, fmt.Errorf("unknown preset %q (expected one of the %s presets defined; `ctxlab presets` lists them%s)", clipName(name), numfmt.Thousands(len(names)), hint)
}

// presetsListed is how many preset names an unknown name's error lists.
const presetsListed = 20

// clipName is a preset name short enough for an error line.
func clipName(name string) string {
	if len(name) <= 120 {
		return name
	}
	cut := 120
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + "…"
}

// Validate checks every preset in Names order and names the first bad one
// in the error: `preset "x": Budget overflow: ...`.
func (s PresetSet) Validate() error {
	for _, name := range s.Names() {
		if err := s[name].Validate(); err != nil {
			return fmt.Errorf("preset %q: %w", name, err)
		}
	}
	return nil
}
