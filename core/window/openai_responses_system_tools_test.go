package window

import (
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

// TestResponsesToolsJoinedToSystemItemCostMore: a Responses body's tools
// joined to a leading system item cost 4 tokens beyond what the same
// tools cost after a user message alone (not gpt-5), in the tools'
// component, whatever the text format: a json_object format adds
// nothing of its own, as in chat. The split by message adds up.
func TestResponsesToolsJoinedToSystemItemCostMore(t *testing.T) {
	tok, err := tokens.NewBPE("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	tools := `,"tools":[{"type":"function","function":{"name":"f","description":"Does f.","parameters":{"type":"object","properties":{"x":{"type":"string","description":"An x."}},"required":["x"]}}}]`
	const jsonObject = `,"response_format":{"type":"json_object"}`
	count := func(model string, responses bool, body string) promptCounts {
		t.Helper()
		n, err := parseOrderedJSON(body)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, model, responses)
		if !ok {
			t.Fatal("not rendered")
		}
		b, _ := renderBilled(n, model, responses)
		sum := b.FixedTokens(tok)
		for i := 0; i < b.Len(); i++ {
			sum += b.MessageTokens(i, tok)
		}
		c := p.count(tok)
		if sum != c.total {
			t.Errorf("%s: split by message adds up to %d, the count is %d", body, sum, c.total)
		}
		return c
	}
	system := `{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"q"}]`
	for _, format := range []string{"", jsonObject} {
		joined := count("gpt-4o-mini", true, system+tools+format+"}")
		alone := count("gpt-4o-mini", true, system+format+"}")
		// The tools' text: the system message's content grows by the
		// join and the namespace.
		n, _ := parseOrderedJSON(system + tools + "}")
		p, _ := renderOpenAIPrompt(n, "gpt-4o-mini", true)
		m := p.messages[0]
		text := countOnce(tok, m.content.parts...) - countOnce(tok, m.content.parts[:m.toolsFrom]...)
		want := text - promptToolsDiscount + 4
		if got := joined.components[ComponentTools]; got != want {
			t.Errorf("format %q: tools joined to a system item cost %d, want %d (their text %d, less the discount, and 4)", format, got, want, text)
		}
		if got := joined.total - alone.total; got != want {
			t.Errorf("format %q: the tools add %d, want %d", format, got, want)
		}
	}
	user := `{"messages":[{"role":"user","content":"q"}]`
	if with, without := count("gpt-4o", true, user+jsonObject+"}"), count("gpt-4o", true, user+"}"); with.total != without.total {
		t.Errorf("Responses json_object: %d, without %d; want the same", with.total, without.total)
	}
	for _, tt := range []struct {
		model     string
		responses bool
	}{{"gpt-4o-mini", false}, {"gpt-5", true}} {
		n, _ := parseOrderedJSON(system + tools + "}")
		p, _ := renderOpenAIPrompt(n, tt.model, tt.responses)
		if p.toolsAdjust >= 3 {
			t.Errorf("%s responses=%v: tools adjusted by %d, want no 4 tokens more", tt.model, tt.responses, p.toolsAdjust)
		}
	}
}

// TestParametersTitleWrittenWhenNotStrict: the title of a function's
// parameters is a comment line after "(_: " when the function is not
// strict, and not written when it is.
func TestParametersTitleWrittenWhenNotStrict(t *testing.T) {
	for _, tt := range []struct {
		strict string
		want   bool
	}{{`,"strict":false`, true}, {``, true}, {`,"strict":true`, false}} {
		n, err := parseOrderedJSON(`{"name":"get_weather","parameters":{"title":"get_weather_input","type":"object","properties":{"location":{"type":"string"}},"required":["location"]}` + tt.strict + `}`)
		if err != nil {
			t.Fatal(err)
		}
		var out textParts
		(&schemaRender{out: &out}).toolBlock(n)
		text := out.String()
		if got := strings.Contains(text, "type get_weather = (_: // get_weather_input\n{\n"); got != tt.want {
			t.Errorf("strict %q: title written %v, want %v:\n%s", tt.strict, got, tt.want, text)
		}
	}
}
