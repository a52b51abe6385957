package cli_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTraceBillNamesItsConvention: a span's bill is read under its
// source's own convention, which assemble's "billed" object and the
// Billed line's finding name; the figures are the same whatever the
// convention, the fixtures recording no cache. The fixtures' requests
// count what they billed (133), so each is read with its recorded
// input tokens edited to 131 (every field recording them), a bill the
// count differs from.
func TestTraceBillNamesItsConvention(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file, span, convention, rule string
		bill                         []string // the fields recording the input tokens
	}{
		{langfuseDownload, "92980f6f-3a0b-46b8-af53-c6fcae4b7124", "langfuse", "input excludes cached tokens", []string{`"input": %d,`}},
		{langfuseLines, "92980f6f-3a0b-46b8-af53-c6fcae4b7124", "langfuse", "input excludes cached tokens", []string{`"input":"%d"`}},
		{"../loaders/langsmith/testdata/runs.jsonl", "01a2496c-edaa-7000-8000-00f3c04a10fb", "langchain", "usage_metadata.input_tokens includes cache reads and writes",
			[]string{`"input_tokens":%d`, `"prompt_tokens":%d`}},
		{"../loaders/trace/testdata/openinference/traces.jsonl", "bc779477e426c81e", "otel", "gen_ai.usage.input_tokens includes cached tokens",
			[]string{`"llm.token_count.prompt","value":{"intValue":%d}`, `\"prompt_tokens\":%d`}},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range tc.bill {
			old, edited := fmt.Sprintf(field, 133), fmt.Sprintf(field, 131)
			if !bytes.Contains(data, []byte(old)) {
				t.Fatalf("%s: no %s", tc.file, old)
			}
			data = bytes.ReplaceAll(data, []byte(old), []byte(edited))
		}
		file := filepath.Join(t.TempDir(), filepath.Base(tc.file))
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, "", "assemble", "--request", file, "--span-id", tc.span, "--format", "json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.file, code, stderr)
		}
		var out billedOutput
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		b := out.Billed
		if b == nil || b.Convention != tc.convention || b.InputTokens != 131 || b.CachedTokens != 0 || b.CacheWriteTokens != 0 ||
			b.Counted != 133 || b.Gap != 2 {
			t.Errorf("%s: billed %+v; want 131 under %s, counted 133", tc.file, b, tc.convention)
		}
		found := false
		for _, f := range out.Findings {
			if f.Code == "count-differs-from-bill" {
				found = true
				if !strings.Contains(f.Message, tc.rule) {
					t.Errorf("%s: finding %q does not give the %s rule %q", tc.file, f.Message, tc.convention, tc.rule)
				}
			}
		}
		if !found {
			t.Errorf("%s: no count-differs-from-bill finding", tc.file)
		}
	}
}
