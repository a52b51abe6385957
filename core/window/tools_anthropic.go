package window

import (
	"fmt"
	"regexp"
	"strings"

	"ctxlab/internal/numfmt"
)

// anthropicToolUseRow is one row of Anthropic's table of the system
// prompt it adds to a request that defines tools, in tokens, by model and
// tool_choice: auto or none, and any or tool (forced).
type anthropicToolUseRow struct {
	prefix       string
	auto, forced int
}

// anthropicToolUseRows is that table as Anthropic's tool-use
// documentation gives it (platform.claude.com, agents-and-tools/tool-use/
// overview, "Pricing"), the retired Claude 3 rows (Opus 3, Sonnet 3,
// Haiku 3, Sonnet 3.7) from its earlier versions. A row matches the
// model's name or a longer name made from it with "-" (a dated snapshot,
// "-latest", "-0"); the more specific rows come first. Claude 3.5 Sonnet
// has no row of its own and takes Claude Sonnet 3.7's: the requests
// recorded with it (the relabelled cassettes in
// loaders/request/billed_anthropic_test.go) bill 313 to 349 tokens over
// their tools' JSON and messages.
var anthropicToolUseRows = []anthropicToolUseRow{
	{"claude-opus-5", 286, 406},
	{"claude-opus-4-8", 290, 410},
	{"claude-opus-4-7", 675, 804},
	{"claude-opus-4-6", 497, 589},
	{"claude-opus-4-5", 496, 588},
	{"claude-opus-4-1", 313, 315},
	{"claude-opus-4", 313, 315},
	{"claude-sonnet-5", 354, 474},
	{"claude-sonnet-4-6", 497, 589},
	{"claude-sonnet-4-5", 496, 588},
	{"claude-sonnet-4", 313, 315},
	{"claude-haiku-4-5", 496, 588},
	{"claude-3-5-haiku", 264, 355},
	{"claude-3-7-sonnet", 346, 313},
	{"claude-3-5-sonnet", 346, 313},
	{"claude-3-opus", 530, 281},
	{"claude-3-sonnet", 159, 235},
	{"claude-3-haiku", 264, 340},
}

// What the recordings bill over the documented prompt, the tools' JSON
// and the messages, measured on the recorded requests with tools of
// core/window/testdata/billed/anthropic_messages.jsonl (median, range):
// Anthropic renders the tools in its own format and tokenizer, ctxlab
// counts their JSON with o200k_base.
//
//   - anthropicToolRenderAuto, anthropicToolRenderForced: models before
//     Claude Opus 4.7, tool_choice auto or none (65 requests, -66 to
//     150) and any or tool (14 requests, 16 to 71).
//   - anthropicToolRenderNewTokenizer: Claude Opus 4.7 and later, whose
//     tokenizer counts the same text as about 30% more tokens
//     (Anthropic's model overview) (6 requests of Claude Opus 5 and
//     Claude Sonnet 5, 124 to 191).
//
// A model the table does not have (Claude Fable 5, say) takes the whole
// prompt as measured on the Claude 4.5-and-later requests:
// anthropicToolUseMeasured, and anthropicForcedToolPrompt more when
// tool_choice forces a tool (a median of 110 more than auto, 12
// requests, 98 to 153).
const (
	anthropicToolRenderAuto         = 18
	anthropicToolRenderForced       = 38
	anthropicToolRenderNewTokenizer = 181
	anthropicToolUseMeasured        = 506
	anthropicForcedToolPrompt       = 110
)

// anthropicNewTokenizer matches Claude Opus 4.7 and later: the models
// counted with Anthropic's newer tokenizer.
var anthropicNewTokenizer = regexp.MustCompile(`^claude-(opus-4-([7-9])|[a-z]+-[5-9])\b`)

// anthropicToolUseRowFor is the documented row for a model, nil when the
// table has none.
func anthropicToolUseRowFor(model string) *anthropicToolUseRow {
	name := anthropicModelName(model)
	for i, row := range anthropicToolUseRows {
		if name == row.prefix || strings.HasPrefix(name, row.prefix+"-") {
			return &anthropicToolUseRows[i]
		}
	}
	return nil
}

// anthropicToolUsePrompt is what the estimate counts for Anthropic's
// tool-use system prompt, with the tools' rendering beyond their JSON,
// for a model and tool_choice type ("" is auto): the documented prompt
// plus what the recordings bill over it, or for a model without a row
// the prompt as measured. documented is the table's figure, 0 for a
// model it does not have, and row the table's row ("" then).
func anthropicToolUsePrompt(model, choice string) (tokens, documented int, row string) {
	forced := choice == "any" || choice == "tool"
	r := anthropicToolUseRowFor(model)
	if r == nil {
		tokens = anthropicToolUseMeasured
		if forced {
			tokens += anthropicForcedToolPrompt
		}
		return tokens, 0, ""
	}
	documented, tokens = r.auto, anthropicToolRenderAuto
	if forced {
		documented, tokens = r.forced, anthropicToolRenderForced
	}
	if anthropicNewTokenizer.MatchString(anthropicModelName(model)) {
		tokens = anthropicToolRenderNewTokenizer
	}
	return documented + tokens, documented, r.prefix
}

// AnthropicPrompt is what an Anthropic request sets that Anthropic
// renders into the prompt besides its messages and tools.
type AnthropicPrompt struct {
	// ToolChoice is tool_choice's type: auto, any, tool or none; "" when
	// the request sets none (auto).
	ToolChoice string
	// OutputFormat is the structured-output format the request asks for
	// (output_config.format, or the beta's output_format), as JSON; ""
	// when it asks for none.
	OutputFormat string
	// ServerSide names what the request sets that Anthropic expands or
	// rewrites on its side, which the estimate leaves out: a server
	// tool's type (web_search_20250305, tool_search_tool_bm25_…),
	// context_management, output_config.task_budget.
	ServerSide []string
}

// anthropicOutputFormatPrompt: a structured-output format bills its
// schema's JSON plus a median 136 tokens (12 recorded Claude
// 4.5-and-later requests, 125 to 150), measured, not documented.
const anthropicOutputFormatPrompt = 136

// anthropicTools counts an Anthropic request's tools as its estimate
// does: the tools' JSON, the tool-use system prompt Anthropic adds (more
// when tool_choice forces a tool), and a structured-output format's
// schema with the prompt that comes with it. c holds the JSON and its
// definitions.
func anthropicTools(in Input, c *assembledComponent, toolsJSON string) *assembledComponent {
	tok := in.Tokenizer
	n, notes := 0, []string{}
	if toolsJSON != "" {
		choice := in.Anthropic.ToolChoice
		if choice == "" {
			choice = "auto"
		}
		prompt, documented, row := anthropicToolUsePrompt(in.Model, choice)
		n += countOnce(tok, toolsJSON) + prompt
		if documented > 0 {
			notes = append(notes, fmt.Sprintf("the tools JSON plus %s tokens for Anthropic's tool-use system prompt (tool_choice %s): %s documented for %s, %s measured over it on recorded requests",
				numfmt.Thousands(prompt), choice, numfmt.Thousands(documented), row, numfmt.Thousands(prompt-documented)))
		} else {
			notes = append(notes, fmt.Sprintf("the tools JSON plus %s tokens for Anthropic's tool-use system prompt (tool_choice %s), measured on recorded requests: Anthropic documents none for this model",
				numfmt.Thousands(prompt), choice))
		}
	}
	if f := in.Anthropic.OutputFormat; f != "" {
		n += countOnce(tok, f) + anthropicOutputFormatPrompt
		notes = append(notes, fmt.Sprintf("the output format's schema plus Anthropic's %s-token structured-output prompt", numfmt.Thousands(anthropicOutputFormatPrompt)))
	}
	if n == 0 {
		return c
	}
	return &assembledComponent{
		counted: true, rawTokens: n, keptTokens: n, itemTokens: countEachOnce(tok, c.pieces),
		note: strings.Join(notes, "; "),
	}
}

// anthropicModelName is a model name as the Claude tables match it:
// lower case, without a provider prefix.
func anthropicModelName(model string) string {
	name := strings.ToLower(model)
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}
