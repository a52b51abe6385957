package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"ctxlab/core/value"
	"ctxlab/loaders/internal/loadertest"
)

// Documents piped on stdin, or redirected from a file, are read whole and
// streamed in blocks when they are plain JSON Lines records; either way
// the documents, the format and every error are what parsing the whole
// input gives, whatever the format asked for.
func TestStdinDocumentsEqualTheWholeInputParse(t *testing.T) {
	long := strings.Repeat("word ", 100_000) // 500 KB: past the 64, 128 and 256 KiB reads of a pipe
	mid := long[:100_000]                    // YAML is slow to parse: enough to cross blocks
	// A record whose bytes cross 64 KiB and 192 KiB, reads of a pipe,
	// with a character of three bytes cut by each, the record itself cut
	// with it.
	prefix := `{"content": "`
	straddle := prefix + strings.Repeat("a", 64<<10-len(prefix)-1) + "漢" +
		strings.Repeat("b", 2*64<<10-2) + "字 end\", \"score\": 0.5}\n"
	cases := map[string]string{
		"plain":           `{"content": "a b c", "score": 0.5, "source": "s1"}` + "\n" + `{"content": "d e", "score": 1}` + "\n",
		"one record":      `{"content": "alone", "score": 0.3}` + "\n",
		"one long":        `{"content": "` + long + `", "score": 1e-1}`,
		"long then short": `{"content": "` + long + `"}` + "\n" + `{"content": "short"}` + "\n",
		"straddling":      straddle,
		"straddling two":  straddle + `{"content": "next"}` + "\n",
		"wrapper":         `{"results": [{"url": "u", "title": "t", "content": "c", "score": 0.9}]}` + "\n",
		"pretty":          "{\n  \"content\": \"a\"\n}\n{\"content\": \"b\"}\n",
		"array":           `[{"content": "a"}, {"content": "` + long + `"}]`,
		"yaml":            "- content: a\n  score: 0.5\n- content: " + mid + "\n",
		"yaml, late bad":  "- content: a\n  score: 0.5\n- content: " + mid + "\n- content: [b\n",
		"yaml, one long":  "- content: \"" + mid + "\"\n",
		"csv":             "content,score\n" + "a,0.5\n" + long + ",0.25\n",
		"csv, late bad":   "content,score\n" + "a,0.5\n" + mid + ",0.25\n\"b,1\n",
		"bom":             "\ufeff" + `{"content": "a"}` + "\n" + `{"content": "b"}`,
		"many":            manyRecords(1_000, ""),
		"many, one bad":   manyRecords(1_000, `{"content": "late", "score": "high"}`),
		"late bad json":   manyRecords(1_000, "") + `{"content": "b"` + "\n",
		"invalid utf8":    straddle + "{\"content\": \"\xff\"}\n",
		"cut character":   strings.TrimSuffix(straddle, "\n") + "\xe6\xbc",
		"blank":           "\n \n\t\n",
		"empty":           "",
	}
	defer func(size int) { streamBlockSize = size }(streamBlockSize)
	// Blocks of 997 bytes cut JSON Lines everywhere.
	runs := []struct {
		blocks  int
		formats []string
	}{
		{streamBlockSize, []string{FormatAuto, FormatJSONL, FormatJSON, FormatYAML, FormatCSV}},
		{997, []string{FormatAuto, FormatJSONL, FormatJSON}},
	}
	// What parsing each input whole gives, which no block size changes:
	// parsed once, on first use, for every subtest that compares with it.
	wholes := map[string]func() wholeParse{}
	for name, text := range cases {
		for _, format := range []string{FormatAuto, FormatJSONL, FormatJSON, FormatYAML, FormatCSV} {
			wholes[name+"\x00"+format] = sync.OnceValue(func() wholeParse {
				docs, format, err := Parse("stdin", []byte(text), format)
				return wholeParse{docs, format, err}
			})
		}
	}
	for _, run := range runs {
		streamBlockSize = run.blocks
		// The cases of one block size run in parallel; the group ends
		// before the next size is set.
		t.Run(fmt.Sprintf("blocks of %d", run.blocks), func(t *testing.T) {
			for name, text := range cases {
				for _, format := range run.formats {
					if forcedOnALongOther(name, text, format) {
						continue
					}
					label := fmt.Sprintf("%s, %s", name, format)
					whole := wholes[name+"\x00"+format]
					t.Run(label+", pipe", func(t *testing.T) {
						t.Parallel()
						pipe, done := loadertest.PipeWith(t, []byte(text))
						defer done()
						checkStdinDocuments(t, pipe, whole(), format)
					})
					t.Run(label+", redirected file", func(t *testing.T) {
						t.Parallel()
						path := filepath.Join(t.TempDir(), "in.jsonl")
						if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
							t.Fatal(err)
						}
						f, err := os.Open(path)
						if err != nil {
							t.Fatal(err)
						}
						defer f.Close()
						checkStdinDocuments(t, f, whole(), format)
					})
				}
			}
		})
	}
}

// forcedOnALongOther is a case of another syntax forced through the YAML
// or CSV reader whose text is long: yaml.v3 takes seconds a megabyte
// under the race detector (two thirds of the package's time in CI), and
// the short cases already force every syntax through every reader.
func forcedOnALongOther(name, text, format string) bool {
	forced := format == FormatYAML || format == FormatCSV
	return forced && len(text) > 200_000 && !strings.HasPrefix(name, format)
}

// wholeParse is what Parse gives for a whole input.
type wholeParse struct {
	docs   []value.Document
	format string
	err    error
}

// checkStdinDocuments fails t unless loading "-" from stdin gives what
// parsing its text whole gives.
func checkStdinDocuments(t *testing.T, stdin *os.File, whole wholeParse, format string) {
	t.Helper()
	got, gotFormat, gotErr := Load("-", stdin, Options{Format: format})
	want, wantFormat, wantErr := whole.docs, whole.format, whole.err
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("error %v, the whole-input parse says %v", gotErr, wantErr)
	}
	if gotFormat != wantFormat || !reflect.DeepEqual(got, want) {
		t.Fatalf("format %s and %d documents, the whole-input parse gives %s and %d", gotFormat, len(got), wantFormat, len(want))
	}
}
