package core

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// applyMemory is ApplyMemoryContext without a deadline.
func applyMemory(history []Message, opts MemoryOptions, tok Tokenizer, sum Summarizer) (MemoryResult, error) {
	return ApplyMemoryContext(context.Background(), history, opts, tok, sum)
}

// memWords counts one token per whitespace-separated word, so the memory
// tests can state budgets in words.
type memWords struct{}

func (memWords) Name() string          { return "words" }
func (memWords) Exact() bool           { return true }
func (memWords) Count(text string) int { return pyWordCount(text) }
func (memWords) Truncate(text string, maxTokens int, keep Keep) string {
	words := pySplit(text)
	if len(words) <= maxTokens {
		return text
	}
	maxTokens = max(maxTokens, 0)
	if keep == KeepEnd {
		return strings.Join(words[len(words)-maxTokens:], " ")
	}
	return strings.Join(words[:maxTokens], " ")
}

// memHistory builds messages alternating user and assistant, each the
// given number of words long ("m3w0 m3w1 …" for message 3).
func memHistory(lengths ...int) []Message {
	msgs := make([]Message, len(lengths))
	for i, n := range lengths {
		words := make([]string, n)
		for j := range words {
			words[j] = fmt.Sprintf("m%dw%d", i, j)
		}
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs[i] = Message{Role: role, Content: strings.Join(words, " ")}
	}
	return msgs
}

func memFateList(res MemoryResult) string {
	var b strings.Builder
	for _, f := range res.Fates {
		b.WriteByte(string(f.Fate)[0])
	}
	return b.String()
}

func TestMemoryOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		opts MemoryOptions
		want []string // substrings of the error; none means valid
	}{
		{"zero value", MemoryOptions{}, nil},
		{"defaults", DefaultMemoryOptions(), nil},
		{"summary", MemoryOptions{Strategy: MemorySummary, MaxTokens: 100, SummarizeEvery: 2, KeepRecent: 1}, nil},
		{"unknown strategy", MemoryOptions{Strategy: "fifo"}, []string{`"fifo"`, "sliding, priority, summary"}},
		{"negative budget", MemoryOptions{MaxTokens: -1}, []string{"memory budget -1 tokens is negative"}},
		{"negative cadence", MemoryOptions{SummarizeEvery: -6}, []string{"summarize_every -6 is negative"}},
		{"negative keep", MemoryOptions{KeepRecent: -4}, []string{"keep_recent -4 is negative"}},
		{"bad regex", MemoryOptions{Strategy: MemoryPriority, Patterns: []string{`ORD-\d+`, `user_id:(\S+`}}, []string{"priority pattern", `user_id:(\S+`, "missing closing )"}},
		{"python-only regex", MemoryOptions{Patterns: []string{`(?<=id:)\d+`}}, []string{`(?<=id:)\d+`, "invalid named capture"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.opts.Validate()
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if _, err2 := applyMemory(memHistory(1), tt.opts, memWords{}, nil); err2 == nil {
				t.Error("ApplyMemory accepted options Validate rejects")
			}
		})
	}
}

func TestApplyMemoryEmptyHistory(t *testing.T) {
	for _, s := range MemoryStrategies {
		res, err := applyMemory(nil, MemoryOptions{Strategy: s, MaxTokens: 10}, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if len(res.Messages) != 0 || res.Text != "" || res.Tokens != 0 || res.Overflow != 0 || len(res.Fates) != 0 {
			t.Errorf("%s: %+v", s, res)
		}
	}
}

// TestPatternColumnUnderEveryStrategy: the fates say which messages
// priority memory would pin even when another strategy runs.
func TestPatternColumnUnderEveryStrategy(t *testing.T) {
	history := []Message{{Role: "user", Content: "order ORD-77 is late"}, {Role: "assistant", Content: "checking"}}
	res, err := applyMemory(history, MemoryOptions{Strategy: MemorySliding, MaxTokens: 100}, memWords{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Fates[0].Pattern != `ORD-\d+` || res.Fates[1].Pattern != "" {
		t.Errorf("patterns = %q, %q", res.Fates[0].Pattern, res.Fates[1].Pattern)
	}
}
