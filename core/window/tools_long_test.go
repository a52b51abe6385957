//go:build heavy

package window

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

// longToolDescription is a description long enough for the namespace's
// count to read it where it lies (tokens.CountJoined), in random words
// with the odd capital, digit, apostrophe, newline and slash.
func longToolDescription(r *rand.Rand, n int) string {
	words := []string{"order", "track", "Refund", "it's", "42", "x/y", "naïve", "\n", "a", "shipping"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[r.Intn(len(words))])
		b.WriteByte(' ')
	}
	return b.String()
}

// TestLongToolCountedAsWritten: a measured request whose tool has a
// description of a few megabytes counts its tools component and each
// tool, for OpenAI (the namespace, counted on its pieces) and Anthropic
// (the JSON), exactly as the text written whole counts, with each
// tokenizer; and the component keeps the counts, not the text, so the
// assembly holds the description only in the definitions and the
// array sent.
func TestLongToolCountedAsWritten(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	desc := longToolDescription(r, 3<<20)
	for _, tokName := range []string{tokens.TokenizerO200K, tokens.TokenizerHeuristic} {
		tok, err := tokens.ByName(tokName)
		if err != nil {
			t.Fatal(err)
		}
		for _, model := range []string{"gpt-4o", "claude-sonnet-4-5"} {
			var defs []json.RawMessage
			for i, d := range []string{desc, "Small one.", strings.ToValidUTF8(desc[:5<<19], "")} {
				var def any = map[string]any{"name": fmt.Sprintf("t%d", i), "description": d, "input_schema": map[string]any{"type": "object"}}
				if model == "gpt-4o" {
					def = map[string]any{"type": "function", "function": map[string]any{"name": fmt.Sprintf("t%d", i), "description": d,
						"parameters": map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string", "description": d[:min(100, len(d))]}}}}}
				}
				raw, err := json.Marshal(def)
				if err != nil {
					t.Fatal(err)
				}
				defs = append(defs, raw)
			}
			budget, err := Preset("agent_workflow")
			if err != nil {
				t.Fatal(err)
			}
			a, _ := Assemble(Input{Budget: budget, Tokenizer: tok, Model: model, Mode: MeasureOnly, Tools: defs, SystemPrompt: "Be brief.", UserQuery: "hi"})
			if a == nil {
				t.Fatalf("%s, %s: no assembly", tokName, model)
			}
			array, err := toolsJSON(defs)
			if err != nil {
				t.Fatal(err)
			}
			texts, wholeWant := arrayElements(array), 0
			if model == "gpt-4o" {
				text, blocks, ok := openAIRender(array)
				if !ok {
					t.Fatal("the tools do not render")
				}
				texts, wholeWant = blocks, tok.Count(text)+openAIToolsOverhead-openAIToolsSystemDiscount
			} else {
				prompt, _, _ := anthropicToolUsePrompt(model, "")
				wholeWant = tok.Count(array) + prompt
			}
			c, _ := a.Component(ComponentTools)
			if c.Used != wholeWant || c.Raw != wholeWant {
				t.Errorf("%s, %s: the tools component counts %d (raw %d), the text written whole %d", tokName, model, c.Used, c.Raw, wholeWant)
			}
			if c.Text != "" {
				t.Errorf("%s, %s: the component holds its text (%d bytes), a copy of the descriptions beside the definitions", tokName, model, len(c.Text))
			}
			for i, it := range itemsOf(a, ComponentTools) {
				if want := tok.Count(texts[i]); it.Tokens != want {
					t.Errorf("%s, %s: %s counts %d, its text written whole %d", tokName, model, it.Label, it.Tokens, want)
				}
			}
			if string(a.Tools) != array {
				t.Errorf("%s, %s: the array sent is not the compact definitions", tokName, model)
			}
		}
	}
}
