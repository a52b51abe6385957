package window

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// asmInput is the structured twin of heuristicCase: the same budget, and
// components that render to the same token counts.
func asmInput(mode Mode) Input {
	b, _ := heuristicCase()
	return Input{
		Budget:       b,
		Tokenizer:    tokens.Heuristic{},
		UseCase:      "support_chat",
		Mode:         mode,
		SystemPrompt: testtext.PaddedWords("s", 20),
		Tools:        []json.RawMessage{json.RawMessage(`{ "description": "` + testtext.PaddedWords("t", 10) + `" }`)},
		History: []value.Message{
			{Role: "user", Content: testtext.PaddedWords("h", 4)},
			{Role: "assistant", Content: testtext.PaddedWords("k", 4)},
		},
		ToolResults:      []ToolResult{{Name: "lookup", Content: testtext.PaddedWords("x", 4), ToolCallID: "call_1"}},
		UserQuery:        testtext.PaddedWords("q", 5),
		RetrievedContext: testtext.PaddedWords("r", 10),
	}
}

// asmLine is the part of a ComponentReport a table can pin.
type asmLine struct {
	allocated, raw, used int
	truncated, over      bool
	excess               int
}

func asmLines(a *Assembly) map[string]asmLine {
	out := make(map[string]asmLine, len(a.Components))
	for _, c := range a.Components {
		out[c.Name] = asmLine{c.Allocated, c.Raw, c.Used, c.Truncated, c.Over, c.Excess}
	}
	return out
}

func TestAssembleBudgeted(t *testing.T) {
	a, err := Assemble(asmInput(Budgeted))
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	wantMessages := []ChatMessage{
		{Role: "system", Content: "s01 s02 s03 s04 s05 s06 s07\n\nAvailable tools:\n" + `[{"description":"t01 t02 t03`},
		{Role: "system", Content: "Relevant context:\nr01 r02 r03 r04 r05 r06"},
		{Role: "assistant", Content: "k01 k02 k03 k04"},
		{Role: "system", Content: "Tool results:\nx02 x03 x04"},
		{Role: "user", Content: "q01 q02 q03 q04 q05"},
	}
	if !reflect.DeepEqual(a.Messages, wantMessages) {
		t.Errorf("messages:\n got %#v\nwant %#v", a.Messages, wantMessages)
	}
	want := map[string]asmLine{
		ComponentSystem:      {10, 26, 9, true, false, 0},
		ComponentTools:       {5, 13, 3, true, false, 0},
		ComponentHistory:     {6, 13, 5, true, false, 0}, // "user: h01…\nassistant: k01…" is 10 words
		ComponentRAG:         {8, 13, 7, true, false, 0},
		ComponentToolResults: {4, 6, 3, true, false, 0}, // "lookup: x01 … x04"
		ComponentQuery:       {3, 6, 6, false, true, 3},
		ComponentLabels:      {0, 9, 9, false, false, 0},   // 42 content tokens - 33 in components
		ComponentFraming:     {0, 23, 23, false, false, 0}, // 5 × 3 + 5 roles + 3
		ComponentReserve:     {10, 10, 10, false, false, 0},
	}
	if got := asmLines(a); !reflect.DeepEqual(got, want) {
		t.Errorf("components:\n got %+v\nwant %+v", got, want)
	}
	if a.ArticleTotal != 42 || a.Used != 65 || a.MaxInput != 90 || a.Window != 100 || !a.Fits {
		t.Errorf("totals: article %d used %d max %d window %d fits %v", a.ArticleTotal, a.Used, a.MaxInput, a.Window, a.Fits)
	}
	if a.Utilization != 65.0/90.0 {
		t.Errorf("utilization = %v", a.Utilization)
	}
	if a.Tools != nil {
		t.Errorf("budgeted mode sends tools in the system message, not beside it: %s", a.Tools)
	}
	if got := strings.Join(a.TruncatedComponents(), ","); got != "system,tools,history,rag,tool_results" {
		t.Errorf("TruncatedComponents = %s", got)
	}
}

// TestAssembleBudgetedMatchesArticle checks that the budgeted layout is
// the article's, message for message, for every preset with non-zero
// allocations.
func TestAssembleBudgetedMatchesArticle(t *testing.T) {
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	for _, tok := range []tokens.Tokenizer{tokens.Heuristic{}, o200k} {
		for _, preset := range []string{PresetSupportChat, PresetAgentWorkflow, PresetCodeReview} {
			t.Run(tok.Name()+"/"+preset, func(t *testing.T) {
				in := asmInput(Budgeted)
				in.Tokenizer = tok
				in.Budget, _ = Preset(preset)
				// Shrink the allocations so every component is cut.
				for _, f := range []*int{&in.Budget.SystemPrompt, &in.Budget.ToolDefinitions, &in.Budget.ConversationHistory,
					&in.Budget.RetrievedContext, &in.Budget.ToolResults, &in.Budget.UserQuery} {
					*f /= 200
				}
				a, err := Assemble(in)
				if err != nil {
					t.Fatal(err)
				}
				toolsJSON, _ := toolsJSON(in.Tools)
				ref, err := articleAssemble(in.Budget, ArticleComponents{
					SystemPrompt:        in.SystemPrompt,
					ToolDefinitions:     toolsJSON,
					ConversationHistory: HistoryText(in.History),
					RetrievedContext:    in.RetrievedContext,
					ToolResults:         toolResultsText(in.ToolResults, []json.RawMessage{nil}),
					UserQuery:           in.UserQuery,
				}, tok)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(a.Messages, ref) {
					t.Errorf("Assemble and articleAssemble differ:\n%#v\n%#v", a.Messages, ref)
				}
				if a.ArticleTotal != articleTotal(ref, tok) {
					t.Errorf("article total %d, want %d", a.ArticleTotal, articleTotal(ref, tok))
				}
			})
		}
	}
}

func TestAssembleMeasureOnly(t *testing.T) {
	in := asmInput(MeasureOnly)
	in.ToolResults = append([]ToolResult{{Role: "assistant", ToolCalls: json.RawMessage(`[ {"id": "call_1"} ]`)}}, in.ToolResults...)
	a, err := Assemble(in)
	var overflow *OverflowError
	if !errors.As(err, &overflow) {
		t.Fatalf("error = %v, want *OverflowError", err)
	}
	if a == nil {
		t.Fatal("no Assembly returned with the overflow")
	}
	wantMessages := []ChatMessage{
		{Role: "system", Content: testtext.PaddedWords("s", 20)},
		{Role: "system", Content: "Relevant context:\n" + testtext.PaddedWords("r", 10)},
		{Role: "user", Content: testtext.PaddedWords("h", 4)},
		{Role: "assistant", Content: testtext.PaddedWords("k", 4)},
		{Role: "user", Content: testtext.PaddedWords("q", 5)},
		{Role: "assistant", ToolCalls: json.RawMessage(`[{"id":"call_1"}]`)},
		{Role: "tool", Content: testtext.PaddedWords("x", 4), ToolCallID: "call_1"},
	}
	if !reflect.DeepEqual(a.Messages, wantMessages) {
		t.Errorf("messages:\n got %#v\nwant %#v", a.Messages, wantMessages)
	}
	if want := `[{"description":"` + testtext.PaddedWords("t", 10) + `"}]`; string(a.Tools) != want {
		t.Errorf("tools = %s, want %s", a.Tools, want)
	}
	want := map[string]asmLine{
		ComponentSystem:      {10, 26, 26, false, true, 16},
		ComponentTools:       {5, 13, 13, false, true, 8},
		ComponentHistory:     {6, 10, 10, false, true, 4}, // 5 + 5: counted per message, roles are framing
		ComponentRAG:         {8, 13, 13, false, true, 5},
		ComponentToolResults: {4, 6, 6, false, true, 2}, // the call's JSON (1) + the output (5)
		ComponentQuery:       {3, 6, 6, false, true, 3},
		ComponentLabels:      {0, 2, 2, false, false, 0},   // "Relevant context:"
		ComponentFraming:     {0, 32, 32, false, false, 0}, // 7 × 3 + 7 roles + "call_1" + 3
		ComponentReserve:     {10, 10, 10, false, false, 0},
	}
	if got := asmLines(a); !reflect.DeepEqual(got, want) {
		t.Errorf("components:\n got %+v\nwant %+v", got, want)
	}
	// 63 content + 13 tools + 32 framing.
	if a.Used != 108 || a.Fits || overflow.Total != 108 || overflow.MaxInput != 90 {
		t.Errorf("used %d fits %v overflow %+v", a.Used, a.Fits, overflow)
	}
	if err.Error() != "Context exceeds budget: 108 > 90" {
		t.Errorf("error text = %q", err)
	}
	if len(a.TruncatedComponents()) != 0 {
		t.Errorf("measure mode cut %v", a.TruncatedComponents())
	}
}

// TestAssembleLinesAddUp checks the table's promise: the lines other than
// the reserve sum to Used, in every mode, tokenizer and framing choice.
func TestAssembleLinesAddUp(t *testing.T) {
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	cl100k, _ := tokens.ByName(tokens.TokenizerCL100K)
	for _, tok := range []tokens.Tokenizer{tokens.Heuristic{}, o200k, cl100k} {
		for _, mode := range Modes.Values {
			for _, noFraming := range []bool{false, true} {
				in := asmInput(mode)
				in.Tokenizer, in.NoFraming = tok, noFraming
				in.Budget.TotalWindow = 10_000
				a, err := Assemble(in)
				if err != nil {
					t.Fatalf("%s/%s: %v", tok.Name(), mode, err)
				}
				sum := 0
				var names []string
				for _, c := range a.Components {
					names = append(names, c.Name)
					if c.Name != ComponentReserve {
						sum += c.Used
					}
				}
				if sum != a.Used {
					t.Errorf("%s/%s/noFraming=%v: lines sum to %d, Used is %d", tok.Name(), mode, noFraming, sum, a.Used)
				}
				if !reflect.DeepEqual(names, ComponentNames) {
					t.Errorf("component order %v", names)
				}
				if noFraming && a.Used != a.ArticleTotal+len0(mode == MeasureOnly, a, ComponentTools) {
					t.Errorf("%s/%s: without framing Used %d, article total %d", tok.Name(), mode, a.Used, a.ArticleTotal)
				}
			}
		}
	}
}

// len0 returns the named component's tokens when cond holds, else 0.
func len0(cond bool, a *Assembly, name string) int {
	if !cond {
		return 0
	}
	c, _ := a.Component(name)
	return c.Used
}

func TestAssembleZeroAllocation(t *testing.T) {
	in := Input{
		Tokenizer:    tokens.Heuristic{},
		SystemPrompt: "answer from the context",
		ToolResults:  []ToolResult{{Content: "order ORD-1 shipped"}},
		UserQuery:    "where is it?",
	}
	in.Budget, _ = Preset(PresetDocumentQA)
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := a.Component(ComponentToolResults)
	if !c.Truncated || c.Used != 0 || !strings.Contains(c.Note, "tokens[-0:]") {
		t.Errorf("tool results at allocation 0: %+v", c)
	}
	if a.Messages[1].Content != "Tool results:\n" {
		t.Errorf("tool results message = %q", a.Messages[1].Content)
	}
}

func TestAssembleErrors(t *testing.T) {
	valid := asmInput(Budgeted)
	cases := []struct {
		name string
		edit func(*Input)
		want string
	}{
		{"no tokenizer", func(in *Input) { in.Tokenizer = nil }, "no tokenizer set"},
		{"unknown mode", func(in *Input) { in.Mode = "squeeze" }, `unknown assembly mode "squeeze" (expected budgeted or measure)`},
		{"budget overflow", func(in *Input) { in.Budget.RetrievedContext = 1000 },
			"Budget overflow: 1028 tokens allocated, max input is 90"},
		{"negative budget", func(in *Input) { in.Budget.UserQuery = -1 }, "user_query is negative (-1)"},
		{"bad tool JSON", func(in *Input) { in.Tools = append(in.Tools, json.RawMessage(`{"name":`)) },
			"tool definition 2 is not valid JSON: unexpected end of JSON input"},
		{"bad tool calls", func(in *Input) {
			in.ToolResults = []ToolResult{{Role: "assistant", ToolCalls: json.RawMessage(`[1,`)}}
		}, "tool result 1: tool_calls is not valid JSON: unexpected end of JSON input"},
		{"measure ignores allocations", func(in *Input) {
			in.Mode, in.Budget.RetrievedContext, in.Budget.TotalWindow = MeasureOnly, 1000, 1000
		}, ""},
		{"measure still needs a window", func(in *Input) { in.Mode, in.Budget.TotalWindow = MeasureOnly, 0 },
			"total_window is 0: the model window must be positive"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := valid
			c.edit(&in)
			_, err := Assemble(in)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("error = %v, want none", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Fatalf("error = %v, want %q", err, c.want)
			}
		})
	}
}

func TestParseAssembleMode(t *testing.T) {
	for _, m := range Modes.Values {
		if got, err := Modes.Parse(string(m)); err != nil || got != m {
			t.Errorf("Modes.Parse(%q) = %q, %v", m, got, err)
		}
	}
	if _, err := Modes.Parse(""); err == nil {
		t.Error("empty mode accepted on the command line")
	}
	if a, err := Assemble(Input{Budget: ContextBudget{TotalWindow: 100}, Tokenizer: tokens.Heuristic{}}); err != nil || a.Mode != Budgeted {
		t.Errorf("zero mode: %v %v", a, err)
	}
}

func TestAssembleHistoryAndResultsText(t *testing.T) {
	history := []value.Message{{Role: "user", Content: "hi"}, {Role: "tool", Content: "42"}, {Role: "assistant", Content: ""}}
	if got, want := HistoryText(history), "user: hi\ntool: 42\nassistant: "; got != want {
		t.Errorf("history text = %q, want %q", got, want)
	}
	results := []ToolResult{
		{Role: "assistant", Content: "checking", ToolCalls: json.RawMessage(`[{"id":"c"}]`)},
		{Name: "lookup", Content: "shipped"},
		{Content: "bare"},
	}
	calls := []json.RawMessage{json.RawMessage(`[{"id":"c"}]`), nil, nil}
	if got, want := toolResultsText(results, calls), "assistant: checking [{\"id\":\"c\"}]\nlookup: shipped\nbare"; got != want {
		t.Errorf("results text = %q, want %q", got, want)
	}
}

// TestAssembleTakesTheCallersHistoryText: a history rendering handed in
// (Input.HistoryText, the memory strategy's) gives the assembly the
// assembler's own rendering gives, cut or whole, every item included.
func TestAssembleTakesTheCallersHistoryText(t *testing.T) {
	for _, historyBudget := range []int{1, 3, 1000} {
		in := asmInput(Budgeted)
		in.Budget.ConversationHistory = historyBudget
		own, errOwn := Assemble(in)
		in.HistoryText = HistoryText(in.History)
		given, errGiven := Assemble(in)
		if (errOwn == nil) != (errGiven == nil) || !reflect.DeepEqual(own, given) {
			t.Errorf("history budget %d: the assembly differs with the rendering handed in:\n%+v\nwant\n%+v", historyBudget, given, own)
		}
	}
}
