package testfake

import (
	"context"
	"fmt"
	"strings"

	"ctxlab/core/pycompat"
	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
)

// Words counts one token per whitespace-separated word, as Python's
// len(text.split()) does.
type Words struct{}

func (Words) Name() string { return "words" }

func (Words) Exact() bool { return true }

func (Words) Count(text string) int { return pycompat.WordCount(text) }

func (Words) Truncate(text string, maxTokens int, keep tokens.Keep) string {
	words := pycompat.Split(text)
	if len(words) <= maxTokens {
		return text
	}
	maxTokens = max(maxTokens, 0)
	if keep == tokens.KeepEnd {
		return strings.Join(words[len(words)-maxTokens:], " ")
	}
	return strings.Join(words[:maxTokens], " ")
}

// RecordingSummarizer returns "sum<k>" for its k-th call and records the
// requests; with Err set, every call fails with it.
type RecordingSummarizer struct {
	Requests []summarize.Request
	Err      error
}

func (r *RecordingSummarizer) Summarize(_ context.Context, req summarize.Request) (string, error) {
	if r.Err != nil {
		return "", r.Err
	}
	r.Requests = append(r.Requests, req)
	return fmt.Sprintf("sum%d", len(r.Requests)), nil
}
