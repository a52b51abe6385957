package trace_test

import (
	"fmt"
	"path/filepath"
	"testing"

	_ "ctxlab/loaders/langfuse"
	_ "ctxlab/loaders/langsmith"
	"ctxlab/loaders/request"
	"ctxlab/loaders/trace"
)

// TestDirectCountFormats checks the listing's direct count against
// opening each span on the Langfuse and LangSmith fixtures.
func TestDirectCountFormats(t *testing.T) {
	var files []string
	for _, dir := range []string{"../langfuse/testdata", "../langsmith/testdata"} {
		for _, ext := range []string{"*.json", "*.jsonl"} {
			m, err := filepath.Glob(filepath.Join(dir, ext))
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, m...)
		}
	}
	if len(files) < 6 {
		t.Fatalf("found %d Langfuse and LangSmith fixtures: %v", len(files), files)
	}
	for _, opts := range []request.Options{{}, {Window: 300}, {Model: "gpt-4o"}} {
		direct := 0
		for _, path := range files {
			counted, opened, n, err := trace.ListedBothWays(path, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			direct += n
			if len(counted) != len(opened) {
				t.Fatalf("%s: %d spans counted, %d opened", path, len(counted), len(opened))
			}
			for i := range counted {
				c, o := counted[i], opened[i]
				if show(c.Counted) != show(o.Counted) || c.Overflows != o.Overflows || c.Note != o.Note {
					t.Errorf("%s %+v: span %s: counted %s, overflows %v, note %q; opened %s, overflows %v, note %q",
						path, opts, c.SpanID, show(c.Counted), c.Overflows, c.Note, show(o.Counted), o.Overflows, o.Note)
				}
			}
		}
		if direct == 0 {
			t.Errorf("%+v: no span was counted directly", opts)
		}
	}
}

func show(p *int) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}
