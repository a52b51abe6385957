package memory

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

func TestRollingSummaryCadence(t *testing.T) {
	tests := []struct {
		name         string
		messages     int
		every, keep  int
		foldTurns    []int
		folded       [][]int
		recentFirst  int // first input index still verbatim
		summary      string
		nextFoldNote string
	}{
		{"defaults, 5 messages: no fold yet", 5, 0, 0, nil, nil, 0, "", "next fold at message 6"},
		{"defaults, 6 messages", 6, 0, 0, []int{6}, [][]int{{0, 1}}, 2, "sum1", "next fold at message 12"},
		{"defaults, 14 messages", 14, 0, 0, []int{6, 12}, [][]int{{0, 1}, {2, 3, 4, 5, 6, 7}}, 8, "sum2", "next fold at message 18"},
		{"every 3 keep 1", 7, 3, 1, []int{3, 6}, [][]int{{0, 1}, {2, 3, 4}}, 5, "sum2", "next fold at message 9"},
		{"keep more than cadence", 9, 2, 4, []int{6, 8}, [][]int{{0, 1}, {2, 3}}, 4, "sum2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			history := memHistory(slices.Repeat([]int{2}, tt.messages)...)
			rec := &testfake.RecordingSummarizer{}
			res, err := applyMemory(history, Options{Strategy: Summary, MaxTokens: 1000, SummarizeEvery: tt.every, KeepRecent: tt.keep}, testfake.Words{}, rec)
			if err != nil {
				t.Fatal(err)
			}
			var turns []int
			for i, f := range res.Folds {
				turns = append(turns, f.Turn)
				if !slices.Equal(f.Folded, tt.folded[i]) {
					t.Errorf("fold %d folded %v, want %v", i, f.Folded, tt.folded[i])
				}
			}
			if !slices.Equal(turns, tt.foldTurns) {
				t.Errorf("folds at turns %v, want %v", turns, tt.foldTurns)
			}
			if res.Summary != tt.summary {
				t.Errorf("summary = %q, want %q", res.Summary, tt.summary)
			}
			for i, f := range res.Fates {
				want := Kept
				if i < tt.recentFirst {
					want = Summarized
				}
				if f.Fate != want {
					t.Errorf("message %d is %s, want %s", i, f.Fate, want)
				}
			}
			// Each fold passes the previous summary along, as the article does.
			for i, req := range rec.Requests {
				want := ""
				if i > 0 {
					want = fmt.Sprintf("sum%d", i)
				}
				if req.Previous != want || req.Purpose != summarize.PurposeConversation {
					t.Errorf("fold %d: previous %q purpose %q", i, req.Previous, req.Purpose)
				}
				if len(req.Messages) != len(tt.folded[i]) || req.Messages[0] != history[tt.folded[i][0]] {
					t.Errorf("fold %d summarized %v", i, req.Messages)
				}
			}
			if tt.summary != "" {
				wantText := "[Conversation summary: " + tt.summary + "]\n" + summarize.RenderMemoryLines(history[tt.recentFirst:])
				if res.Text() != wantText {
					t.Errorf("text = %q\nwant   %q", res.Text(), wantText)
				}
				if res.Messages[0].Role != SummaryRole || res.Messages[0].Content != "[Conversation summary: "+tt.summary+"]" {
					t.Errorf("first message = %+v", res.Messages[0])
				}
			}
			if tt.nextFoldNote != "" && !strings.Contains(strings.Join(res.Notes, "\n"), tt.nextFoldNote) {
				t.Errorf("notes %q lack %q", res.Notes, tt.nextFoldNote)
			}
		})
	}
}

func TestRollingSummaryBudget(t *testing.T) {
	// 8 messages of 3 words: the fold at turn 6 leaves messages 2..7
	// verbatim (18 tokens) under a summary line of
	// "[Conversation summary: sum1]" (3 words).
	history := memHistory(slices.Repeat([]int{3}, 8)...)
	tests := []struct {
		name     string
		budget   int
		fates    string
		tokens   int
		overflow int
	}{
		{"fits", 21, "sskkkkkk", 21, 0},
		{"summary counts: oldest recent dropped", 20, "ssdkkkkk", 18, 0},
		{"always the newest", 2, "ssdddddk", 6, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := applyMemory(history, Options{Strategy: Summary, MaxTokens: tt.budget}, testfake.Words{}, &testfake.RecordingSummarizer{})
			if err != nil {
				t.Fatal(err)
			}
			if got := memFateList(res); got != tt.fates {
				t.Errorf("fates = %s, want %s", got, tt.fates)
			}
			if res.Tokens != tt.tokens || res.Overflow != tt.overflow {
				t.Errorf("tokens, overflow = %d, %d; want %d, %d", res.Tokens, res.Overflow, tt.tokens, tt.overflow)
			}
			dropped := strings.Count(tt.fates, "d")
			if note := strings.Join(res.Notes, "\n"); dropped > 0 && !strings.Contains(note, "dropped the "+numfmt.Count(dropped, "oldest recent message", "oldest recent messages")) {
				t.Errorf("drop not reported: %q", res.Notes)
			}
		})
	}
}

func TestRollingSummaryError(t *testing.T) {
	boom := errors.New("model unavailable")
	_, err := applyMemory(memHistory(slices.Repeat([]int{1}, 6)...), Options{Strategy: Summary, MaxTokens: 10}, testfake.Words{}, &testfake.RecordingSummarizer{Err: boom})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "rolling summary at turn 6 (messages 1-2)") {
		t.Errorf("err = %v", err)
	}
}

// TestRollingSummaryDefaultSummarizer runs the real extractive summarizer
// through the strategy: facts folded away stay in the context.
func TestRollingSummaryDefaultSummarizer(t *testing.T) {
	res, err := applyMemory(testtext.SupportConversation, Options{Strategy: Summary, MaxTokens: 400}, tokens.Heuristic{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Text(), "[Conversation summary: ") {
		t.Fatalf("text = %q", res.Text())
	}
	for _, fact := range []string{"ORD-48213", "dana.w@example.com", "user_id: dw-7781", "preference:"} {
		if !strings.Contains(res.Text(), fact) {
			t.Errorf("%q lost from %q", fact, res.Text())
		}
	}
	want := tokens.Heuristic{}.Count(res.Messages[0].Content)
	for _, m := range res.Messages[1:] {
		want += tokens.Heuristic{}.Count(m.Content)
	}
	if res.Tokens > 400 || res.Tokens != want {
		t.Errorf("tokens = %d, want %d within 400", res.Tokens, want)
	}
}

// TestRollingSummaryNoteSaysWhatItCounts: the fold records the summary
// text's tokens, the note the whole "[Conversation summary: …]" line's;
// the note says which, so the two numbers in one report do not seem to
// disagree.
func TestRollingSummaryNoteSaysWhatItCounts(t *testing.T) {
	history := make([]value.Message, 12)
	for i := range history {
		history[i] = value.Message{Role: "user", Content: fmt.Sprintf("message %d about order ORD-%d", i, 100+i)}
	}
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	res, err := applyMemory(history, Options{Strategy: Summary, MaxTokens: 2000, SummarizeEvery: 6, KeepRecent: 4}, tok, summarize.ExtractiveSummarizer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Folds) == 0 {
		t.Fatal("no fold")
	}
	text := res.Folds[len(res.Folds)-1].SummaryTokens
	line := tok.Count(summaryLine(res.Summary))
	if text != tok.Count(res.Summary) || line <= text {
		t.Fatalf("summary text %d tokens, line %d", text, line)
	}
	want := fmt.Sprintf("into the summary; its [Conversation summary: …] line takes %d tokens with the brackets", line)
	if !strings.Contains(strings.Join(res.Notes, "\n"), want) {
		t.Errorf("notes %q lack %q", res.Notes, want)
	}
}

// TestCachedRollingSummary: re-running the summary strategy with another
// budget makes no new summarizer calls.
func TestCachedRollingSummary(t *testing.T) {
	rec := &testfake.RecordingSummarizer{}
	c := summarize.NewCachedSummarizer(rec, 0)
	for _, budget := range []int{50, 100, 200} {
		if _, err := applyMemory(testtext.SupportConversation, Options{Strategy: Summary, MaxTokens: budget}, testfake.Words{}, c); err != nil {
			t.Fatal(err)
		}
	}
	if len(rec.Requests) != 2 {
		t.Errorf("%d summarizer calls for 2 folds", len(rec.Requests))
	}
}

// TestRollingSummaryKeepsIdentifiersAndPreferencesAcrossFolds runs the
// summary strategy over a support chat whose facts arrive early and must
// survive every later fold.
func TestRollingSummaryKeepsIdentifiersAndPreferencesAcrossFolds(t *testing.T) {
	history := []value.Message{
		{Role: "user", Content: "Hi! My tent from order ORD-48213 arrived with a snapped pole."},
		{Role: "assistant", Content: "I'm sorry to hear that. Could you send a photo of the pole?"},
		{Role: "user", Content: "Sure. Also please note: preference: email only. I work nights."},
		{Role: "assistant", Content: "Noted. I opened carrier claim CLM-7730418 for the damage."},
	}
	for i := 0; i < 24; i++ {
		history = append(history,
			value.Message{Role: "user", Content: fmt.Sprintf("Another question about tent colors and sizes, number %d, would the green one fit two people comfortably?", i)},
			value.Message{Role: "assistant", Content: fmt.Sprintf("Does that work for you, or would you prefer a different color for option %d? We have sage, rust and slate in stock this week.", i)},
		)
	}
	opts := DefaultOptions()
	opts.Strategy = Summary
	opts.MaxTokens = 300
	res, err := applyMemory(history, opts, tokens.Heuristic{}, summarize.ExtractiveSummarizer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Folds) < 3 {
		t.Fatalf("only %d folds", len(res.Folds))
	}
	for _, want := range []string{"ORD-48213", "preference: email only", "CLM-7730418"} {
		if !strings.Contains(res.Summary, want) {
			t.Errorf("after %d folds the summary lost %q:\n%s", len(res.Folds), want, res.Summary)
		}
	}
}
