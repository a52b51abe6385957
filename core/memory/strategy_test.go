package memory

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// applyMemory is ApplyContext without a deadline.
func applyMemory(history []value.Message, opts Options, tok tokens.Tokenizer, sum summarize.Summarizer) (Result, error) {
	return ApplyContext(context.Background(), history, opts, tok, sum)
}

// memHistory builds messages alternating user and assistant, each the
// given number of words long ("m3w0 m3w1 …" for message 3).
func memHistory(lengths ...int) []value.Message {
	msgs := make([]value.Message, len(lengths))
	for i, n := range lengths {
		words := make([]string, n)
		for j := range words {
			words[j] = fmt.Sprintf("m%dw%d", i, j)
		}
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs[i] = value.Message{Role: role, Content: strings.Join(words, " ")}
	}
	return msgs
}

func memFateList(res Result) string {
	var b strings.Builder
	for _, f := range res.Fates {
		b.WriteByte(string(f.Fate)[0])
	}
	return b.String()
}

func TestMemoryOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want []string // substrings of the error; none means valid
	}{
		{"zero value", Options{}, nil},
		{"defaults", DefaultOptions(), nil},
		{"summary", Options{Strategy: Summary, MaxTokens: 100, SummarizeEvery: 2, KeepRecent: 1}, nil},
		{"unknown strategy", Options{Strategy: "fifo"}, []string{`"fifo"`, "sliding, priority or summary"}},
		{"negative budget", Options{MaxTokens: -1}, []string{"memory budget -1 tokens is negative"}},
		{"negative cadence", Options{SummarizeEvery: -6}, []string{"summarize_every -6 is negative"}},
		{"negative keep", Options{KeepRecent: -4}, []string{"keep_recent -4 is negative"}},
		{"bad regex", Options{Strategy: Priority, Patterns: []string{`ORD-\d+`, `user_id:(\S+`}}, []string{"priority pattern", `user_id:(\S+`, "missing closing )"}},
		{"python-only regex", Options{Patterns: []string{`(?<=id:)\d+`}}, []string{`(?<=id:)\d+`, "invalid named capture"}},
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
			if _, err2 := applyMemory(memHistory(1), tt.opts, testfake.Words{}, nil); err2 == nil {
				t.Error("ApplyMemory accepted options Validate rejects")
			}
		})
	}
}

func TestApplyMemoryEmptyHistory(t *testing.T) {
	for _, s := range Strategies.Values {
		res, err := applyMemory(nil, Options{Strategy: s, MaxTokens: 10}, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if len(res.Messages) != 0 || res.Text() != "" || res.Tokens != 0 || res.Overflow != 0 || len(res.Fates) != 0 {
			t.Errorf("%s: %+v", s, res)
		}
	}
}

// TestPatternColumnUnderEveryStrategy: the fates say which messages
// priority memory would pin even when another strategy runs.
func TestPatternColumnUnderEveryStrategy(t *testing.T) {
	history := []value.Message{{Role: "user", Content: "order ORD-77 is late"}, {Role: "assistant", Content: "checking"}}
	res, err := applyMemory(history, Options{Strategy: Sliding, MaxTokens: 100}, testfake.Words{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Fates[0].Pattern != `ORD-\d+` || res.Fates[1].Pattern != "" {
		t.Errorf("patterns = %q, %q", res.Fates[0].Pattern, res.Fates[1].Pattern)
	}
}
