package memory

import (
	"math/rand/v2"
	"slices"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/summarize"
	"ctxlab/core/value"
)

func TestSlidingWindow(t *testing.T) {
	tests := []struct {
		name     string
		lengths  []int
		budget   int
		fates    string // k kept, d dropped
		tokens   int
		overflow int
	}{
		{"all fit", []int{3, 3, 3}, 9, "kkk", 9, 0},
		{"drop oldest", []int{3, 3, 3}, 8, "dkk", 6, 0},
		{"drop until fits", []int{5, 1, 1, 4}, 6, "dkkk", 6, 0},
		{"stops at first that does not fit", []int{1, 9, 1, 1}, 5, "ddkk", 2, 0},
		{"newest alone over budget is kept", []int{2, 2, 10}, 5, "ddk", 10, 5},
		{"zero budget keeps newest", []int{2, 3}, 0, "dk", 3, 3},
		{"empty messages", []int{0, 4, 0}, 4, "kkk", 4, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			history := memHistory(tt.lengths...)
			res, err := applyMemory(history, Options{Strategy: Sliding, MaxTokens: tt.budget}, testfake.Words{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := memFateList(res); got != tt.fates {
				t.Errorf("fates = %s, want %s", got, tt.fates)
			}
			if res.Tokens != tt.tokens || res.Overflow != tt.overflow {
				t.Errorf("tokens, overflow = %d, %d; want %d, %d", res.Tokens, res.Overflow, tt.tokens, tt.overflow)
			}
			if last := res.Messages[len(res.Messages)-1]; last != history[len(history)-1] {
				t.Errorf("newest message missing: %+v", res.Messages)
			}
			if res.Text() != summarize.RenderMemoryLines(res.Messages) {
				t.Errorf("text %q is not the kept messages' to_text", res.Text())
			}
		})
	}
}

func TestSlidingText(t *testing.T) {
	history := []value.Message{{Role: "user", Content: "hi there"}, {Role: "assistant", Content: "hello"}}
	res, _ := applyMemory(history, Options{MaxTokens: 10}, testfake.Words{}, nil)
	if res.Text() != "user: hi there\nassistant: hello" {
		t.Errorf("text = %q", res.Text())
	}
	if res.Tokens != 3 || res.TextTokens != 5 {
		t.Errorf("tokens %d (content), text tokens %d; want 3 and 5", res.Tokens, res.TextTokens)
	}
}

// referenceSliding is the article's SlidingWindowMemory, add() by add().
func referenceSliding(tokens []int, maxTokens int) []int {
	var kept []int
	for i := range tokens {
		kept = append(kept, i)
		for len(kept) > 1 {
			total := 0
			for _, j := range kept {
				total += tokens[j]
			}
			if total <= maxTokens {
				break
			}
			kept = kept[1:]
		}
	}
	return kept
}

// TestSlidingMatchesReplay checks the one-pass suffix walk against a
// literal replay of add/_trim.
func TestSlidingMatchesReplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		lengths := make([]int, rng.IntN(20))
		for i := range lengths {
			lengths[i] = rng.IntN(8)
		}
		budget := rng.IntN(25)
		res, err := applyMemory(memHistory(lengths...), Options{MaxTokens: budget}, testfake.Words{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, f := range res.Fates {
			if f.Fate == Kept {
				got = append(got, f.Index)
			}
		}
		if want := referenceSliding(lengths, budget); !slices.Equal(got, want) {
			t.Fatalf("trial %d lengths %v budget %d: kept %v, replay keeps %v", trial, lengths, budget, got, want)
		}
	}
}

// TestSlidingNotes pins the notes' wording: counts grouped as every report
// groups them, and a singular for one.
func TestSlidingNotes(t *testing.T) {
	ones := make([]int, 1200)
	for i := range ones {
		ones[i] = 1
	}
	tests := []struct {
		name    string
		lengths []int
		budget  int
		want    []string
	}{
		{"one dropped", []int{3, 3, 3}, 8, []string{"dropped the oldest message to fit 8 tokens"}},
		{"a one-token budget", []int{3, 1, 1}, 1, []string{"dropped the 2 oldest messages to fit 1 token"}},
		{"thousands", ones, 1000, []string{"dropped the 200 oldest messages to fit 1,000 tokens"}},
		{"over a thousand dropped", ones, 1, []string{"dropped the 1,199 oldest messages to fit 1 token"}},
		{"newest alone over budget", []int{2, 1500}, 1000, []string{
			"dropped the oldest message to fit 1,000 tokens",
			"the newest message alone takes 1,500 tokens, over the 1,000-token budget; the sliding window always keeps it",
		}},
		{"newest of one token over a zero budget", []int{1}, 0, []string{
			"the newest message alone takes 1 token, over the 0-token budget; the sliding window always keeps it",
		}},
		{"all fit", []int{1, 1}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := applyMemory(memHistory(tt.lengths...), Options{Strategy: Sliding, MaxTokens: tt.budget}, testfake.Words{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Notes, tt.want) {
				t.Errorf("notes\n got %q\nwant %q", res.Notes, tt.want)
			}
		})
	}
}
