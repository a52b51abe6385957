package diagnose

import (
	"strings"
	"testing"

	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// testBudget is an 8,000-token window with 1,000 kept for the reply.
var testBudget = window.ContextBudget{
	TotalWindow: 8_000, SystemPrompt: 500, ToolDefinitions: 500, ConversationHistory: 2_000,
	RetrievedContext: 2_000, ToolResults: 1_500, UserQuery: 500, ResponseReserve: 1_000,
}

// assembly makes a budgeted assembly from component reports given as
// name → {allocated, raw, used}; the totals follow from them.
func assembly(mode window.Mode, budget window.ContextBudget, lines map[string][3]int) *window.Assembly {
	a := &window.Assembly{Mode: mode, Budget: budget, MaxInput: budget.MaxInput(), Window: budget.TotalWindow}
	for _, name := range window.ComponentNames {
		l := lines[name]
		c := window.ComponentReport{Name: name, Allocated: l[0], Raw: l[1], Used: l[2], Truncated: l[2] < l[1]}
		if c.Used > c.Allocated && name != window.ComponentLabels && name != window.ComponentFraming {
			c.Over, c.Excess = true, c.Used-c.Allocated
		}
		if name == window.ComponentReserve {
			c = window.ComponentReport{Name: name, Allocated: budget.ResponseReserve, Raw: budget.ResponseReserve, Used: budget.ResponseReserve}
		} else {
			a.Used += c.Used
		}
		a.Components = append(a.Components, c)
	}
	a.Fits = a.Used <= a.MaxInput
	return a
}

func assemblyInput(a *window.Assembly) Input {
	return Input{Assembly: a, Pipeline: pipelineWith(wordTokens{})}
}

func TestOverflowSaysByHowMuchAndTheLargestPart(t *testing.T) {
	a := assembly(window.MeasureOnly, testBudget, map[string][3]int{
		window.ComponentSystem:      {500, 400, 400},
		window.ComponentToolResults: {1_500, 7_000, 7_000},
	})
	f := onlyFinding(t, Diagnose(assemblyInput(a)), CodeOverflow)
	wantContains(t, f, "The request is 400 tokens over its max input: 7,400 used of 7,000 (the 8,000 window less the 1,000 response reserve)",
		"the largest part is tool results at 7,000 tokens")
	wantRefs(t, f, "[tool_results reserve]")
	if f.Severity != SeverityError {
		t.Errorf("severity %s", f.Severity)
	}
	if got := findingsWith(Diagnose(assemblyInput(assembly(window.MeasureOnly, testBudget, nil))), CodeOverflow); len(got) != 0 {
		t.Errorf("an empty request overflows: %s", describe(got))
	}
}

func TestOverflowOfAWindowBelowTheReserveBlamesTheReserve(t *testing.T) {
	b := testBudget
	b.TotalWindow, b.ResponseReserve = 1_500, 4_096
	a := assembly(window.MeasureOnly, b, map[string][3]int{window.ComponentQuery: {500, 22, 22}})
	f := onlyFinding(t, Diagnose(assemblyInput(a)), CodeOverflow)
	wantContains(t, f, "The response reserve of 4,096 tokens leaves no room in the 1,500-token window", "lower the reserve")
	if strings.Contains(f.Message, "-2,596") {
		t.Errorf("a negative max input is printed: %s", f.Message)
	}
	wantRefs(t, f, "[reserve]")
}

func TestAllocationsOverTheWindowNameTheLargestAndTheReserve(t *testing.T) {
	b := testBudget
	b.TotalWindow, b.ResponseReserve = 5_000, 4_096
	in := assemblyInput(assembly(window.MeasureOnly, b, map[string][3]int{window.ComponentQuery: {500, 50, 50}}))
	in.BudgetProblem = b.Validate()
	f := onlyFinding(t, Diagnose(in), CodeAllocationsOverWindow)
	wantContains(t, f, "The allocations add up to 7,000 tokens but the max input is 904 (the 5,000 window less the 4,096 response reserve)",
		"the largest allocation is conversation history at 2,000", "the reserve alone takes 82% of the window")
	wantRefs(t, f, "[history reserve]")
}

func TestComponentCutToItsAllocation(t *testing.T) {
	a := assembly(window.Budgeted, testBudget, map[string][3]int{
		window.ComponentSystem:      {500, 900, 500},
		window.ComponentToolResults: {1_500, 2_000, 1_500},
		window.ComponentQuery:       {500, 40, 40},
	})
	fs := findingsWith(Diagnose(assemblyInput(a)), CodeComponentOverAllocation)
	if len(fs) != 2 {
		t.Fatalf("want 2 cut components, got %s", describe(fs))
	}
	// The larger cut first.
	wantContains(t, fs[0], "Tool results: cut to its 1,500-token allocation, 500 of 2,000 tokens cut from its start.")
	wantContains(t, fs[1], "System prompt: cut to its 500-token allocation, 400 of 900 tokens cut from its end.")
	wantRefs(t, fs[1], "[system]")
}

func TestRetrievedContextOfTheSimpleBuilderCut(t *testing.T) {
	// The article's RAG builder has no trace here: the cut is still said.
	a := assembly(window.Budgeted, testBudget, map[string][3]int{window.ComponentRAG: {2_000, 2_500, 2_000}})
	f := onlyFinding(t, Diagnose(assemblyInput(a)), CodeComponentOverAllocation)
	wantContains(t, f, "Retrieved context: cut to its 2,000-token allocation, 500 of 2,500 tokens cut from its end.")
}

func TestComponentOverItsAllocationWhenMeasured(t *testing.T) {
	a := assembly(window.MeasureOnly, testBudget, map[string][3]int{window.ComponentHistory: {2_000, 2_600, 2_600}})
	f := onlyFinding(t, Diagnose(assemblyInput(a)), CodeComponentOverAllocation)
	wantContains(t, f, "Conversation history: 2,600 tokens, 600 over its 2,000-token allocation; measured as sent, nothing was cut.")
	if f.Severity != SeverityInfo {
		t.Errorf("severity %s: measured as sent, the allocations are advisory", f.Severity)
	}
}

func TestHistoryAtItsAllocationNamesTheMessagesLost(t *testing.T) {
	a := assembly(window.Budgeted, testBudget, map[string][3]int{window.ComponentHistory: {2_000, 1_990, 1_990}})
	in := assemblyInput(a)
	in.Memory = &memory.Result{Strategy: memory.Sliding, Fates: []memory.MessageFate{
		{Index: 0, Fate: memory.Dropped, Tokens: 300}, {Index: 1, Fate: memory.Dropped, Tokens: 200},
		{Index: 2, Fate: memory.Kept, Tokens: 900}, {Index: 3, Fate: memory.Kept, Tokens: 1_000},
	}}
	f := onlyFinding(t, Diagnose(in), CodeComponentOverAllocation)
	wantContains(t, f, "The history is at its 2,000-token allocation: the sliding memory dropped 2 of 4 messages (500 tokens).")
	wantRefs(t, f, "[history message 1 message 2]")
}

func TestRetrievedContextCutByTheAssembler(t *testing.T) {
	in := buildInput(t, policyDocs, 1_000, nil)
	in.Assembly = assembly(window.Budgeted, testBudget, map[string][3]int{window.ComponentRAG: {2_000, 2_300, 2_000}})
	in.RAGBudget = 2_000
	in.RAGLost, in.RAGCut = []int{4}, []int{2}
	f := onlyFinding(t, Diagnose(in), CodeComponentOverAllocation)
	wantContains(t, f, "The retrieved context is at its 2,000-token budget", "the assembler cut 300 tokens off the block's end, losing #5, cutting #3")
	wantRefs(t, f, "[rag #5 #3]")
}

func TestContextBlockOverItsBudgetByHeaders(t *testing.T) {
	f := onlyFinding(t, Diagnose(buildInput(t, policyDocs, 41, nil)), CodeComponentOverAllocation)
	wantContains(t, f, "The context block is at its 41-token budget: the budget walk left out 2 documents; 28 tokens not sent",
		"the formatted block is 21 tokens over it (headers 21), because reference mode does not count the citation headers")
}

func TestAllocationFarLargerThanItsUse(t *testing.T) {
	a := assembly(window.Budgeted, testBudget, map[string][3]int{
		window.ComponentRAG:         {2_000, 300, 300}, // 15%, 1,700 spare
		window.ComponentToolResults: {1_500, 600, 600}, // 40%: used enough
		window.ComponentQuery:       {500, 20, 20},     // 4%, but only 480 spare
	})
	f := onlyFinding(t, Diagnose(assemblyInput(a)), CodeAllocationUnused)
	wantContains(t, f, "Retrieved context: uses 300 of its 2,000-token allocation (15%), 1,700 tokens spare")
	wantRefs(t, f, "[rag]")
}

func TestHistoryAndToolResultsDominating(t *testing.T) {
	history := assembly(window.Budgeted, testBudget, map[string][3]int{
		window.ComponentHistory: {2_000, 1_800, 1_800}, window.ComponentQuery: {500, 200, 200},
	})
	in := assemblyInput(history)
	in.Memory = &memory.Result{Fates: []memory.MessageFate{
		{Index: 0, Fate: memory.Kept, Tokens: 100}, {Index: 1, Fate: memory.Pinned, Tokens: 1_000},
		{Index: 2, Fate: memory.Dropped, Tokens: 5_000}, {Index: 3, Fate: memory.Kept, Tokens: 700},
	}}
	f := onlyFinding(t, Diagnose(in), CodeHistoryDominates)
	wantContains(t, f, "The conversation history takes 90% of the input (1,800 of 2,000 tokens); the largest: message 2 (1,000 tokens), message 4 (700 tokens), message 1 (100 tokens).")
	wantRefs(t, f, "[history message 2 message 4 message 1]")

	results := assembly(window.MeasureOnly, testBudget, map[string][3]int{
		window.ComponentToolResults: {1_500, 5, 5}, window.ComponentQuery: {500, 4, 4},
	})
	in = assemblyInput(results)
	in.ToolResults = []window.ToolResult{{Content: "small"}, {Content: "one two three four"}}
	f = onlyFinding(t, Diagnose(in), CodeToolResultsDominate)
	wantContains(t, f, "The tool results take 56% of the input (5 of 9 tokens); the largest: tool result 2 (4 tokens), tool result 1 (1 token).")
	wantRefs(t, f, "[tool_results tool result 2 tool result 1]")

	even := assembly(window.Budgeted, testBudget, map[string][3]int{
		window.ComponentHistory: {2_000, 500, 500}, window.ComponentRAG: {2_000, 500, 500},
	})
	for _, code := range []string{CodeHistoryDominates, CodeToolResultsDominate} {
		if got := findingsWith(Diagnose(assemblyInput(even)), code); len(got) != 0 {
			t.Errorf("half the input is not dominating: %s", describe(got))
		}
	}
}

func TestDocumentsThatAreMostlyHeaders(t *testing.T) {
	docs := []value.Document{
		{Source: "kb/a-long/path/to/the/article.md", Score: 0.9, Content: "Tiny fragment here."},
		{Source: "b.md", Score: 0.8, Content: "A document with far more words of text than its short header has in it."},
	}
	keepFragments := func(o *pipeline.Options) { o.MinDocTokens = 0 }
	f := onlyFinding(t, Diagnose(buildInput(t, docs, 1_000, keepFragments)), CodeMostlyHeaders)
	wantContains(t, f, "#1 kb/a-long/path/to/the/article.md, sent as [1], is mostly its citation header: the header takes 7 tokens and the text only 3 tokens.")
	wantRefs(t, f, "[#1]")

	docs = append(docs, value.Document{Source: "c/d/e/f.md", Score: 0.7, Content: "Another short bit."})
	f = onlyFinding(t, Diagnose(buildInput(t, docs, 1_000, keepFragments)), CodeMostlyHeaders)
	wantContains(t, f, "2 documents sent are mostly their citation header, 14 tokens of headers in all: #1 (7 of header for 3 of text), #3 (7 of header for 3 of text).")

	// One the assembler's cut of the block never sent is not named.
	in := buildInput(t, docs, 1_000, keepFragments)
	in.RAGLost = []int{2}
	f = onlyFinding(t, Diagnose(in), CodeMostlyHeaders)
	wantRefs(t, f, "[#1]")
}

func TestTokenizerEstimates(t *testing.T) {
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	cl100k, _ := tokens.ByName(tokens.TokenizerCL100K)
	// note is what the model route (core.ResolveModel) says of the model
	// and tokenizer; the finding passes it on.
	const claudeNote = "Anthropic's tokenizer is not public: token counts are o200k_base estimates"
	cases := []struct {
		name  string
		tok   tokens.Tokenizer
		model string
		note  string
		want  string // "" for no finding
	}{
		{"heuristic", tokens.Heuristic{}, "gpt-4o", "", "the heuristic tokenizer counts 1.3 tokens per word, not the tokens a model reads (--tokenizer o200k_base counts gpt-4o exactly)."},
		{"claude", o200k, "claude-sonnet-4-5", claudeNote, "Token counts are estimates: " + claudeNote + "."},
		{"another encoding", cl100k, "gpt-4o", "gpt-4o reads o200k_base tokens; counted with cl100k_base",
			"Token counts are estimates: gpt-4o reads o200k_base tokens; counted with cl100k_base."},
		{"its own encoding", o200k, "gpt-4o", "", ""},
		{"no model", o200k, "", "", ""},
	}
	for _, c := range cases {
		fs := findingsWith(Diagnose(Input{Pipeline: pipelineWith(c.tok), Model: c.model, CountEstimate: c.note}), CodeTokenizerEstimate)
		if c.want == "" {
			if len(fs) != 0 {
				t.Errorf("%s: %s", c.name, describe(fs))
			}
			continue
		}
		if len(fs) != 1 {
			t.Fatalf("%s: want one finding, got %s", c.name, describe(fs))
		}
		wantContains(t, fs[0], c.want)
	}
}

func TestFindingsWorstFirst(t *testing.T) {
	a := assembly(window.Budgeted, testBudget, map[string][3]int{
		window.ComponentSystem: {500, 900, 500},
		window.ComponentRAG:    {2_000, 100, 100},
		window.ComponentQuery:  {500, 7_000, 7_000},
	})
	in := assemblyInput(a)
	in.Pipeline = pipelineWith(tokens.Heuristic{})
	fs := Diagnose(in)
	var codes []string
	for _, f := range fs {
		codes = append(codes, string(f.Severity)+" "+f.Code)
	}
	want := []string{"error overflow", "warning component-over-allocation", "info allocation-unused", "info tokenizer-estimate"}
	if len(codes) != len(want) {
		t.Fatalf("findings %v, want %v", codes, want)
	}
	for i := range want {
		if codes[i] != want[i] {
			t.Errorf("finding %d is %s, want %s (all: %v)", i, codes[i], want[i], codes)
		}
	}
	for _, f := range fs {
		if f.Refs == nil {
			t.Errorf("%s has nil refs: the JSON would say null", f.Code)
		}
	}
}
