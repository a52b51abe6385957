package pipeline

import (
	"testing"
)

func TestCanonicalURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.Example.com/docs/refunds/?utm=1#top": "example.com/docs/refunds",
		"http://example.com:80/":                          "example.com",
		"www.example.com/a//":                             "example.com/a",
		"https://arxiv.org/abs/2307.03172v2":              "arxiv.org/abs/2307.03172",
		"https://arxiv.org/pdf/2307.03172v1.pdf":          "arxiv.org/abs/2307.03172",
		"http://www.arxiv.org/html/2307.03172v3":          "arxiv.org/abs/2307.03172",
		"https://arxiv.org/abs/hep-th/9901001":            "arxiv.org/abs/hep-th/9901001",
		"https://arxiv.org/list/cs.CL/recent":             "arxiv.org/list/cs.CL/recent",
	} {
		if got, ok := CanonicalURL(raw); !ok || got != want {
			t.Errorf("%s: %q %v, want %q", raw, got, ok, want)
		}
	}
	for _, notURL := range []string{"refunds.md", "docs/www.md", "ftp://example.com/a", "https://", ""} {
		if got, ok := CanonicalURL(notURL); ok {
			t.Errorf("%q read as the URL %q", notURL, got)
		}
	}
}

func TestParseDedupKey(t *testing.T) {
	for in, want := range map[string]DedupKey{"": DedupKeyNone, "none": DedupKeyNone, "url": DedupKeyURL, "metadata: doc_id": "metadata:doc_id"} {
		if got, err := ParseDedupKey(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	for _, bad := range []string{"metadata:", "title", "URL"} {
		if _, err := ParseDedupKey(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestDedupByURLAndMetadata(t *testing.T) {
	docs := scoredDocs(0.9, 0.8, 0.7, 0.6)
	docs[0].Source = "https://arxiv.org/abs/2307.03172v1"
	docs[1].Source = "notes.md"
	docs[1].Metadata = map[string]any{"url": "https://arxiv.org/pdf/2307.03172v2.pdf", "doc_id": int64(7)}
	docs[2].Source = "notes.md" // the same file name is no URL
	docs[3].Metadata = map[string]any{"doc_id": int64(7)}

	res := mustBuild(t, docs, func(o *Options) { o.DedupKey = DedupKeyURL; o.LostInMiddle = false })
	if got := sources(res); got != "https://arxiv.org/abs/2307.03172v1 notes.md d" {
		t.Errorf("by url kept %q", got)
	}
	want := Duplicate{Kind: DuplicateExact, Of: 0, Similarity: 1, Key: "url arxiv.org/abs/2307.03172"}
	if d := res.Trace.Doc(1).Duplicate; d == nil || *d != want {
		t.Errorf("b's duplicate %+v, want %+v", d, want)
	}
	if res.DuplicatesRemoved != 1 {
		t.Errorf("removed %d", res.DuplicatesRemoved)
	}

	res = mustBuild(t, docs, func(o *Options) { o.DedupKey = "metadata:doc_id"; o.LostInMiddle = false })
	if got := sources(res); got != "https://arxiv.org/abs/2307.03172v1 notes.md notes.md" {
		t.Errorf("by doc_id kept %q", got)
	}
	if d := res.Trace.Doc(3).Duplicate; d == nil || d.Of != 1 || d.Key != "metadata doc_id = 7" {
		t.Errorf("d's duplicate %+v", d)
	}

	// none is the reference: content alone.
	if got := sources(mustBuild(t, docs, func(o *Options) { o.LostInMiddle = false })); got != "https://arxiv.org/abs/2307.03172v1 notes.md notes.md d" {
		t.Errorf("without a key kept %q", got)
	}
}
