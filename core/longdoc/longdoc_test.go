package longdoc

import (
	"context"
	"errors"
	"strings"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
)

func TestPlanHierarchical(t *testing.T) {
	tests := []struct {
		name               string
		paras, words, size int
		chunks             int
		minCalls, maxCalls int
		combine            bool
	}{
		{"few chunks cannot need a combine", 6, 50, 100, 3, 3, 3, false},
		{"many chunks may need a combine", 24, 50, 100, 12, 12, 13, true},
		{"empty document", 0, 0, 100, 0, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := testtext.LongDoc(tt.paras, tt.words)
			p := PlanHierarchical(doc, tt.size, testfake.Words{})
			if len(p.Chunks) != tt.chunks || p.MinCalls != tt.minCalls || p.MaxCalls != tt.maxCalls {
				t.Fatalf("chunks %d calls %d..%d; want %d, %d..%d", len(p.Chunks), p.MinCalls, p.MaxCalls, tt.chunks, tt.minCalls, tt.maxCalls)
			}
			wrapper := testfake.Words{}.Count("Summarize key facts, dates, names, and obligations:")
			for i, c := range p.Calls[:len(p.Chunks)] {
				if c.Stage != StageChunkSummary || c.Chunk != i || !c.Exact || c.MaxTokens != 300 || c.PromptTokens != p.Chunks[i].Tokens+wrapper {
					t.Errorf("call %d = %+v (chunk tokens %d, wrapper %d)", i, c, p.Chunks[i].Tokens, wrapper)
				}
			}
			if tt.combine {
				last := p.Calls[len(p.Calls)-1]
				if last.Stage != StageCombine || last.Exact || last.Condition == "" || last.MaxTokens != 800 || last.PromptTokens < 3000 {
					t.Errorf("combine call = %+v", last)
				}
			}
			if p.MaxOutputTokens != 300*tt.chunks+map[bool]int{true: 800}[tt.combine] {
				t.Errorf("max output tokens = %d", p.MaxOutputTokens)
			}
		})
	}
}

func TestPlanMapReduce(t *testing.T) {
	doc := testtext.LongDoc(4, 50)
	p := PlanMapReduce(doc, "What does clause2 say?", 100, testfake.Words{})
	if len(p.Chunks) != 2 || p.MinCalls != 2 || p.MaxCalls != 3 {
		t.Fatalf("chunks %d calls %d..%d", len(p.Chunks), p.MinCalls, p.MaxCalls)
	}
	first := mapRequest(p.Chunks[0], 2, p.Question).Prompt()
	if !strings.HasPrefix(first, "Document section 1/2:\nclause0") || p.Calls[0].PromptTokens != (testfake.Words{}).Count(first) || p.Calls[0].MaxTokens != 500 {
		t.Errorf("map call 0 = %+v for prompt %q", p.Calls[0], first)
	}
	reduce := p.Calls[2]
	if reduce.Stage != StageReduce || reduce.Exact || reduce.MaxTokens != 1000 || reduce.PromptTokens < 2*500 || !strings.Contains(reduce.Condition, "NOT FOUND") {
		t.Errorf("reduce call = %+v", reduce)
	}
	if d := PlanMapReduce(doc, "q", 0, nil); d.ChunkSize != DefaultMapReduceChunkSize || d.Tokenizer != tokens.TokenizerHeuristic {
		t.Errorf("defaults: size %d tokenizer %s", d.ChunkSize, d.Tokenizer)
	}
}

// fixedSummarizer answers every call with the same text.
type fixedSummarizer string

func (f fixedSummarizer) Summarize(context.Context, summarize.Request) (string, error) {
	return string(f), nil
}

func TestRunHierarchical(t *testing.T) {
	doc := "The lease starts on 1 May 2025 and Northwind Ltd shall pay EUR 2,000 monthly.\n\n" +
		"Tenants must give 60 days notice before moving out.\n\n" +
		"Contoso GmbH is responsible for repairs over EUR 500."
	plan := PlanHierarchical(doc, 20, testfake.Words{})
	run, err := RunHierarchical(context.Background(), plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Calls != len(plan.Chunks) || len(plan.Chunks) != 2 {
		t.Fatalf("%d calls for %d chunks", run.Calls, len(plan.Chunks))
	}
	for _, k := range []string{"1 May 2025", "EUR 2,000", "60 days notice", "Contoso GmbH"} {
		if !strings.Contains(run.Result, k) {
			t.Errorf("result lost %q: %q", k, run.Result)
		}
	}
	if !strings.Contains(run.Result, "\n\n") {
		t.Errorf("summaries within 3000 tokens are returned joined: %q", run.Result)
	}

	// Summaries over 3000 tokens together are combined by one more call.
	big := fixedSummarizer(strings.TrimSpace(strings.Repeat("fact ", 1600)))
	run, err = RunHierarchical(context.Background(), plan, big)
	if err != nil {
		t.Fatal(err)
	}
	if run.Calls != 3 || run.Steps[2].Call.Stage != StageCombine || !run.Steps[2].Call.Exact || run.Steps[2].Call.PromptTokens < 3200 {
		t.Errorf("combine step = %+v, calls %d", run.Steps[len(run.Steps)-1].Call, run.Calls)
	}

	boom := errors.New("down")
	if _, err := RunHierarchical(context.Background(), plan, &testfake.RecordingSummarizer{Err: boom}); !errors.Is(err, boom) || !strings.Contains(err.Error(), "chunk 1/2") {
		t.Errorf("err = %v", err)
	}
}

func TestRunMapReduceOffline(t *testing.T) {
	doc := "Payment is due within 30 days of invoice.\n\n" +
		"The office is in Berlin.\n\n" +
		"The termination notice period is 90 days for either party."
	plan := PlanMapReduce(doc, "What is the termination notice period?", 10, testfake.Words{})
	if len(plan.Chunks) != 3 {
		t.Fatalf("%d chunks", len(plan.Chunks))
	}
	run, err := RunMapReduce(context.Background(), plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Calls != 4 {
		t.Errorf("%d calls, want 3 maps and a reduce", run.Calls)
	}
	used := []bool{false, false, true}
	for i, s := range run.Steps[:3] {
		if s.Used != used[i] {
			t.Errorf("section %d used = %v (%q)", i+1, s.Used, s.Output)
		}
	}
	if !strings.Contains(run.Result, "90 days") || strings.Contains(run.Result, "Berlin") {
		t.Errorf("result = %q", run.Result)
	}

	plan = PlanMapReduce(doc, "Who audits the accounts?", 10, testfake.Words{})
	run, err = RunMapReduce(context.Background(), plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Result != "The answer was not found in the document." || run.Calls != 3 {
		t.Errorf("result %q after %d calls", run.Result, run.Calls)
	}

	// The article keeps any answer without NOT FOUND in it, and drops any
	// with it, even mid-sentence.
	run, _ = RunMapReduce(context.Background(), plan, fixedSummarizer("Partly NOT FOUND here"))
	if run.Result != "The answer was not found in the document." {
		t.Errorf("substring NOT FOUND kept: %q", run.Result)
	}
}

// promptCounter is the heuristic tokenizer counting how often it is
// asked about a chunk's prompt (a text opening as chunk and map prompts
// do).
type promptCounter struct {
	tokens.Heuristic
	times int
}

func (c *promptCounter) Count(text string) int {
	if strings.HasPrefix(text, "Summarize key facts") || strings.HasPrefix(text, "Document section") {
		c.times++
	}
	return c.Heuristic.Count(text)
}

// TestRunCountsNoPlannedPromptAgain: a run takes a chunk's or a map
// call's prompt tokens from its plan, where they were counted exactly,
// instead of making the prompt again (for one 50 MB chunk, a second
// 50 MB string) to count it; the numbers are the plan's.
func TestRunCountsNoPlannedPromptAgain(t *testing.T) {
	doc := "First paragraph about the refund policy, order ORD-48213.\n\nSecond paragraph: the carrier, DHL, delivers in 3 days."
	for _, strategy := range []Strategy{Hierarchical, MapReduce} {
		tok := &promptCounter{}
		var plan Plan
		var run Run
		var err error
		if strategy == Hierarchical {
			plan = PlanHierarchical(doc, 12, tok)
		} else {
			plan = PlanMapReduce(doc, "when?", 12, tok)
		}
		planned := tok.times
		if strategy == Hierarchical {
			run, err = RunHierarchical(context.Background(), plan, nil)
		} else {
			run, err = RunMapReduce(context.Background(), plan, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range run.Steps {
			if step.Call.Chunk >= 0 && step.Call.PromptTokens != plan.Calls[step.Call.Chunk].PromptTokens {
				t.Errorf("%s: chunk %d: the run counted %d prompt tokens, the plan %d", strategy, step.Call.Chunk, step.Call.PromptTokens, plan.Calls[step.Call.Chunk].PromptTokens)
			}
		}
		if planned != len(plan.Chunks) {
			t.Errorf("%s: the plan counted %d chunk prompts for %d chunks", strategy, planned, len(plan.Chunks))
		}
		if again := tok.times - planned; again != 0 {
			t.Errorf("%s: the run counted %d chunk prompts again", strategy, again)
		}
	}
}
