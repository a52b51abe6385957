package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
)

// Records without metadata share one empty map; a build that cuts one
// of them (its partial copy marked "truncated") and summarizes another
// ("summarized") must leave that map empty, or every such document would
// show the keys.
func TestSharedEmptyMetadataStaysEmpty(t *testing.T) {
	var lines strings.Builder
	for i := range 40 {
		lines.WriteString(`{"content": "` + strings.Repeat(fmt.Sprintf("word%d ", i), 30+i) + `", "score": 0.5, "source": "s"}` + "\n")
	}
	path := filepath.Join(t.TempDir(), "docs.jsonl")
	if err := os.WriteFile(path, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	docs, _, err := Load(path, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if reflect.ValueOf(docs[0].Metadata).UnsafePointer() != reflect.ValueOf(docs[39].Metadata).UnsafePointer() {
		t.Fatal("records without metadata do not share one map; the test checks nothing")
	}
	for _, summarize := range []bool{false, true} {
		opts := pipeline.DefaultOptions()
		opts.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
		opts.Budget, opts.SummarizeOverflow = 500, summarize
		res, err := pipeline.Build(pipeline.Analyze(docs), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Trace.Counts.Partial+res.Trace.Counts.Summarized == 0 {
			t.Fatalf("summarize %v: nothing cut or summarized; the test checks nothing", summarize)
		}
		if _, err := res.AppendIndentedJSON(nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(noMetadata) != 0 || len(docs[0].Metadata) != 0 {
		t.Fatalf("the shared empty metadata was written: %v", noMetadata)
	}
}
