package request

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders"
)

// anthropicPromptOf reads what an Anthropic body sets that Anthropic
// renders into the prompt besides its messages and tools: tool_choice's
// type, and the structured-output format (output_config.format, or the
// beta's top-level output_format), and the server-side features the
// estimate leaves out: a server tool (a tool whose type is not "custom",
// from tools, the definitions as read), context_management,
// output_config's keys besides format and effort. A value of another shape is left out:
// the API would refuse it, and the estimate does without it.
func anthropicPromptOf(body map[string]any, tools []json.RawMessage) window.AnthropicPrompt {
	var p window.AnthropicPrompt
	if choice, _ := loaders.AsMap(body["tool_choice"]); choice != nil {
		p.ToolChoice, _ = choice["type"].(string)
	}
	format := body["output_format"]
	if config, _ := loaders.AsMap(body["output_config"]); config != nil && config["format"] != nil {
		format = config["format"]
	}
	if f, _ := loaders.AsMap(format); f != nil {
		if data, err := json.Marshal(f); err == nil {
			p.OutputFormat = string(data)
		}
	}
	for _, t := range tools {
		var tool struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(t, &tool) == nil && tool.Type != "" && tool.Type != "custom" && !slices.Contains(p.ServerSide, tool.Type) {
			p.ServerSide = append(p.ServerSide, tool.Type)
		}
	}
	if body["context_management"] != nil {
		p.ServerSide = append(p.ServerSide, "context_management")
	}
	if config, _ := loaders.AsMap(body["output_config"]); config != nil {
		keys := make([]string, 0, len(config))
		for key := range config {
			if key != "format" && key != "effort" {
				keys = append(keys, "output_config."+key)
			}
		}
		sort.Strings(keys)
		p.ServerSide = append(p.ServerSide, keys...)
	}
	return p
}

// anthropicServerSideNote says what an Anthropic request sets that the
// estimate leaves out, "" when nothing.
func anthropicServerSideNote(p window.AnthropicPrompt) string {
	if len(p.ServerSide) == 0 {
		return ""
	}
	names := make([]string, len(p.ServerSide))
	for i, n := range p.ServerSide {
		names[i] = loaders.Quoted(n)
	}
	return "the request sets " + strings.Join(names, ", ") + ", which Anthropic expands or rewrites on its side: " +
		"the estimate leaves it out, and its ±" + strconv.Itoa(core.AnthropicEstimateBandPercent) + "% does not hold (docs/assembly.md)"
}
