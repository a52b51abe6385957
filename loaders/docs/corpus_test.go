package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
)

func TestTavilyCorpus(t *testing.T) {
	tests := []struct {
		file        string
		firstSource string
		firstScore  float64
		firstTitle  string
		arxivHits   int
	}{
		{"pydantic-ai-tavily-retrieval/test_basic_search.yaml",
			"https://medium.com/ai-agent-insider/pydantic-ai-agent-framework-02b138e8db71", 0.9999875, "Pydantic AI: Agent Framework", 0},
		{"pydantic-ai-tavily-retrieval/test_search_with_include_domains.yaml",
			"https://arxiv.org/abs/2507.13043", 0.7923522, "Deep Dive into Transformer Architectures for Long-Term ...", 5},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			path := loadertest.CorpusFile(t, tt.file)
			for _, format := range []string{FormatAuto, FormatTavily, FormatYAML} {
				docs, detected, err := Load(path, nil, Options{Format: format})
				if err != nil {
					t.Fatalf("format %s: %v", format, err)
				}
				if detected != FormatTavily {
					t.Errorf("format %s: detected %q, want tavily", format, detected)
				}
				if len(docs) != 5 {
					t.Fatalf("format %s: %d documents, want 5", format, len(docs))
				}
				first := docs[0]
				if first.Source != tt.firstSource || first.Score != tt.firstScore || first.Metadata["title"] != tt.firstTitle {
					t.Errorf("first document: source %q score %v title %q", first.Source, first.Score, first.Metadata["title"])
				}
				arxiv := 0
				for i, d := range docs {
					if strings.TrimSpace(d.Content) == "" || d.Score <= 0 || d.Score > 1 {
						t.Errorf("document %d: content %q score %v", i+1, d.Content, d.Score)
					}
					if _, kept := d.Metadata["raw_content"]; kept {
						t.Errorf("document %d: null raw_content kept in metadata", i+1)
					}
					if strings.Contains(d.Source, "arxiv.org") {
						arxiv++
					}
				}
				if arxiv != tt.arxivHits {
					t.Errorf("%d arXiv hits, want %d", arxiv, tt.arxivHits)
				}
			}
		})
	}
}

// TestTavilyResponseBody feeds the response body alone, as JSON, the way a
// user pipes it from curl.
func TestTavilyResponseBody(t *testing.T) {
	path := loadertest.CorpusFile(t, "pydantic-ai-tavily-retrieval/test_basic_search.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t1, err := loaders.DecodeYAML(path, data)
	if err != nil {
		t.Fatal(err)
	}
	body, _, ok := cassetteResponse(t1.Value, "")
	if !ok {
		t.Fatal("no response body in cassette")
	}
	var js strings.Builder
	loadertest.WriteJSON(t, &js, body)
	docs, format, err := Parse("body.json", []byte(js.String()), FormatAuto)
	if err != nil || format != FormatTavily || len(docs) != 5 {
		t.Fatalf("got %v %q %d documents", err, format, len(docs))
	}
	if docs[1].Source != "https://ai.pydantic.dev/" || docs[1].Score != 0.99997807 {
		t.Errorf("second document: %q %v", docs[1].Source, docs[1].Score)
	}
}
