package memory

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/value"
)

func TestPriorityMemory(t *testing.T) {
	history := []value.Message{
		{Role: "user", Content: "hello there"},                             // 0: 2
		{Role: "user", Content: "my order ORD-48213 is late"},              // 1: 5 pinned
		{Role: "assistant", Content: "let me look that up for you"},        // 2: 7
		{Role: "user", Content: "preference: email only"},                  // 3: 3 pinned
		{Role: "assistant", Content: "noted, anything else"},               // 4: 3
		{Role: "user", Content: "user_id: dana-7 please update my record"}, // 5: 6 pinned
		{Role: "assistant", Content: "done"},                               // 6: 1
	}
	tests := []struct {
		name      string
		budget    int
		reference bool
		fates     string
		order     []int // input indices of res.Messages
		overflow  int
		note      string
	}{
		{"everything fits", 100, false, "kpkpkpk", []int{0, 1, 2, 3, 4, 5, 6}, 0, ""},
		{"unpinned dropped oldest first", 18, false, "dpdpkpk", []int{1, 3, 4, 5, 6}, 0, "dropped the 2 oldest unpinned"},
		{"reference order moves pinned first", 18, true, "dpdpkpk", []int{1, 3, 5, 4, 6}, 0, "reference order: the article moves pinned messages to the front"},
		{"pinned alone over budget", 10, false, "dpdpdpd", []int{1, 3, 5}, 4, "pinned messages alone take 14 tokens, 4 over the 10-token budget"},
		{"newest dropped is reported", 14, false, "dpdpdpd", []int{1, 3, 5}, 0, "the newest message was dropped"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := applyMemory(history, Options{Strategy: Priority, MaxTokens: tt.budget, ReferenceOrder: tt.reference}, testfake.Words{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := memFateList(res); got != tt.fates {
				t.Errorf("fates = %s, want %s", got, tt.fates)
			}
			var order []int
			for _, m := range res.Messages {
				order = append(order, slices.Index(history, m))
			}
			if !slices.Equal(order, tt.order) {
				t.Errorf("order = %v, want %v", order, tt.order)
			}
			if res.Overflow != tt.overflow {
				t.Errorf("overflow = %d, want %d", res.Overflow, tt.overflow)
			}
			if tt.note != "" && !strings.Contains(strings.Join(res.Notes, "\n"), tt.note) {
				t.Errorf("notes %q lack %q", res.Notes, tt.note)
			}
			if !tt.reference && strings.Contains(strings.Join(res.Notes, "\n"), "reference order") {
				t.Error("reference-order note without reference order")
			}
		})
	}
	res, _ := applyMemory(history, Options{Strategy: Priority, MaxTokens: 100}, testfake.Words{}, nil)
	for i, want := range []string{"", `ORD-\d+`, "", "preference:", "", `user_id:\s*\S+`, ""} {
		if res.Fates[i].Pattern != want {
			t.Errorf("message %d pinned by %q, want %q", i, res.Fates[i].Pattern, want)
		}
	}
}

func TestPriorityCustomPatterns(t *testing.T) {
	history := []value.Message{{Role: "user", Content: "ticket #4821 opened"}, {Role: "user", Content: "a b c d e f"}}
	res, err := applyMemory(history, Options{Strategy: Priority, MaxTokens: 3, Patterns: []string{`#\d+`}}, testfake.Words{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := memFateList(res); got != "pd" || res.Fates[0].Pattern != `#\d+` {
		t.Errorf("fates = %s, pattern %q", got, res.Fates[0].Pattern)
	}
}

// referencePriority is the article's PriorityMemory, add() by add(),
// returning self.messages as input indices.
func referencePriority(history []value.Message, tokens []int, maxTokens int) []int {
	var patterns []*regexp.Regexp
	for _, p := range DefaultPriorityPatterns {
		patterns = append(patterns, regexp.MustCompile(p))
	}
	isPriority := func(i int) bool {
		for _, re := range patterns {
			if re.MatchString(history[i].Content) {
				return true
			}
		}
		return false
	}
	var messages []int
	for i := range history {
		messages = append(messages, i)
		var priority, nonPriority []int
		for _, j := range messages {
			if isPriority(j) {
				priority = append(priority, j)
			} else {
				nonPriority = append(nonPriority, j)
			}
		}
		sum := func(ids []int) int {
			s := 0
			for _, j := range ids {
				s += tokens[j]
			}
			return s
		}
		for sum(priority)+sum(nonPriority) > maxTokens && len(nonPriority) > 0 {
			nonPriority = nonPriority[1:]
		}
		messages = append(priority, nonPriority...)
	}
	return messages
}

// TestPriorityMatchesReplay checks the single trim against a literal
// replay of the article's add/_trim, in reference order.
func TestPriorityMatchesReplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	contents := []string{"ORD-1 x", "plain words here", "preference: tea", "user_id: u1 hi", "a", "b c d e f", ""}
	for trial := range 500 {
		history := make([]value.Message, rng.IntN(16))
		tokens := make([]int, len(history))
		for i := range history {
			history[i] = value.Message{Role: "user", Content: contents[rng.IntN(len(contents))]}
			tokens[i] = testfake.Words{}.Count(history[i].Content)
		}
		budget := rng.IntN(20)
		res, err := applyMemory(history, Options{Strategy: Priority, MaxTokens: budget, ReferenceOrder: true}, testfake.Words{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := referencePriority(history, tokens, budget)
		if len(res.Messages) != len(want) {
			t.Fatalf("trial %d: %d messages, replay has %d", trial, len(res.Messages), len(want))
		}
		for k, i := range want {
			if res.Messages[k] != history[i] {
				t.Fatalf("trial %d: message %d is %+v, replay has %+v", trial, k, res.Messages[k], history[i])
			}
		}
	}
}

// TestPriorityNotes pins the notes' wording: counts grouped as every
// report groups them, and singulars for one message or token.
func TestPriorityNotes(t *testing.T) {
	words := func(n int) string { return strings.TrimSpace(strings.Repeat("w ", n)) }
	tests := []struct {
		name    string
		history []value.Message
		budget  int
		want    []string
	}{
		{"one of each", []value.Message{
			{Role: "user", Content: "ORD-1"}, {Role: "assistant", Content: "a b"}, {Role: "user", Content: "c"},
		}, 2, []string{
			"1 message pinned by priority patterns (1 token)",
			"dropped the oldest unpinned message to fit 2 tokens",
		}},
		{"thousands", []value.Message{
			{Role: "user", Content: "ORD-1 " + words(1199)}, {Role: "assistant", Content: words(600)},
			{Role: "user", Content: words(700)}, {Role: "assistant", Content: words(5)},
		}, 1800, []string{
			"1 message pinned by priority patterns (1,200 tokens)",
			"dropped the 2 oldest unpinned messages to fit 1,800 tokens",
		}},
		{"one pinned message over budget", []value.Message{
			{Role: "user", Content: "ORD-1 " + words(1499)}, {Role: "assistant", Content: "ok"},
		}, 1000, []string{
			"1 message pinned by priority patterns (1,500 tokens)",
			"dropped the oldest unpinned message to fit 1,000 tokens",
			"the pinned message alone takes 1,500 tokens, 500 over the 1,000-token budget; priority memory never drops it",
			"the newest message was dropped: priority memory, unlike the sliding window, keeps no minimum",
		}},
		{"pinned messages over a one-token budget", []value.Message{
			{Role: "user", Content: "ORD-1"}, {Role: "user", Content: "ORD-2 x"},
		}, 1, []string{
			"2 messages pinned by priority patterns (3 tokens)",
			"pinned messages alone take 3 tokens, 2 over the 1-token budget; priority memory never drops them",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := applyMemory(tt.history, Options{Strategy: Priority, MaxTokens: tt.budget}, testfake.Words{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Notes, tt.want) {
				t.Errorf("notes\n got %q\nwant %q", res.Notes, tt.want)
			}
		})
	}
}
