package diagnose

import (
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

func TestSameSourceSent(t *testing.T) {
	docs := []value.Document{
		{Source: "https://arxiv.org/abs/2507.13043", Score: 0.9, Content: "An abstract about context windows and how retrieval fills them."},
		{Source: "https://example.com/other", Score: 0.85, Content: "A different page about something else entirely, with its own words."},
		{Source: "https://arxiv.org/html/2507.13043v1?x=1#intro", Score: 0.8, Content: "The full paper text, which shares few shingles with the abstract at all."},
	}
	f := onlyFinding(t, Diagnose(buildInput(t, docs, 1_000, nil)), CodeSameSourceSent)
	if f.Severity != SeverityInfo {
		t.Errorf("severity %s", f.Severity)
	}
	wantContains(t, f, "2 documents sent share a canonical URL (#1, #3; 13 tokens); --dedup-key url keeps one.")
	wantRefs(t, f, "[#1 #3]")

	byURL := buildInput(t, docs, 1_000, func(o *pipeline.Options) { o.DedupKey = pipeline.DedupKeyURL })
	if got := findingsWith(Diagnose(byURL), CodeSameSourceSent); len(got) != 0 {
		t.Errorf("deduplicated by URL, still: %s", describe(got))
	}
}
