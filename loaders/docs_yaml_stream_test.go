package loaders

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// Loading a YAML file streams a top-level list of plain records item by
// item and reads anything else whole; either way the documents, the
// format and every error are what parsing the whole file gives.
func TestStreamedYAMLEqualsTheWholeFileParse(t *testing.T) {
	long := strings.Repeat("word ", 30_000) // an item longer than the read buffer (64 KB)
	cases := map[string]string{
		"plain":         "- content: a b c\n  score: 0.5\n  source: s1\n- content: d e\n  score: 1\n",
		"fields":        "- text: alt field\n  id: 7\n  metadata: {source: m, n: 12345678901234567890}\n- page_content: p\n  score: '0.25'\n",
		"comments":      "# records\n\n- content: x # trailing\n# between\n\n- content: y\n  source: ''\n  # indented\n",
		"crlf":          "- content: x\r\n  score: 0.5\r\n- content: y\r\n",
		"block scalars": "- content: |\n    line one\n\n    line two\n\n- content: >+\n    folded\n    on\n\n\n- content: |-\n    last\n",
		"quoted":        "- content: \"a \\u00e9 \\t tab\n    over lines\"\n- content: 'it''s'\n",
		"long item":     "- content: " + long + "\n- content: short\n",
		"one record":    "- content: alone\n  score: 0.3\n",
		"one long":      "- content: " + long,
		"kwargs":        "- lc: 1\n  kwargs: {page_content: k, metadata: {source: s}}\n- content: b\n",
		"many":          manyYAMLRecords(300, ""),
		"many, one bad": manyYAMLRecords(300, "- content: late\n  score: high\n"),
		"many, alias":   manyYAMLRecords(300, "- content: &t aliased\n  title: *t\n"),
		"many, other":   manyYAMLRecords(300, "- {text: flow record, metadata: {k: 1}}\n"),
		"many, marker":  manyYAMLRecords(300, "---\n"),
		"marker first":  "---\n" + manyYAMLRecords(300, ""),
		"marker, long":  "# c\n--- \n- content: " + long + "\n- content: short\n",
		"two markers":   "---\n---\n" + manyYAMLRecords(10, ""),
		"many, error":   manyYAMLRecords(300, "- content: \"open\n"),
		"many, control": manyYAMLRecords(300, "- content: \x1b[31mred\n"),
		"many, tab":     manyYAMLRecords(300, "- content: a\n\tb: 1\n"),
		"no last eol":   strings.TrimSuffix(manyYAMLRecords(200, ""), "\n"),
		"nan score":     "- content: a\n  score: .nan\n",
		"binary":        "- content: a\n- content: !!binary /w==\n",
		"no content":    "- content: a\n- title: b\n",
		"not a record":  "- content: a\n- just text\n",
		"strings":       "- a\n- b\n",
		"langchain":     "- - {page_content: x, metadata: {source: s}}\n  - 0.1\n",
		"llamaindex":    "- node: {text: n, id_: '1'}\n  score: 0.4\n- node: {text: m, id_: '2'}\n  score: 0.3\n",
		"qdrant":        "- id: 1\n  score: 0.4\n  payload: {text: q}\n",
		"pinecone":      "- id: m\n  score: 0.3\n  metadata: {text: t}\n",
		"json inside":   "  {\"content\": \"a\"}\n- content: b\n",
		"csv header":    "- content: a, content\n  score: 1\n",
		"csv quoted":    "- content: \"a, content\"\n- content: b\n",
		"bom":           "\ufeff- content: a\n",
		"indented":      "  - content: a\n  - content: b\n",
		"mapping":       "content: a\n",
		"comment only":  "# nothing\n",
		"bad indent":    " -\n- content: a\n",
	}
	rng := rand.New(rand.NewPCG(16, 11))
	for i := range 60 {
		cases[fmt.Sprintf("random %d", i)] = randomYAMLList(rng)
	}
	dir := t.TempDir()
	// Blocks of a few bytes put every item in a block of its own; a long
	// item of a few bytes has every item past the first lines streamed
	// to the parser (decodeLongYAMLItem) instead.
	defer streamSizes(yamlRunSize, yamlLongItemBytes)()
	for _, sizes := range [][2]int{{yamlRunSize, yamlLongItemBytes}, {997, yamlLongItemBytes}, {7, yamlLongItemBytes}, {997, 40}, {7, 3}} {
		streamSizes(sizes[0], sizes[1])
		for name, text := range cases {
			if sizes == [2]int{7, 3} && strings.HasPrefix(name, "many") {
				continue // every item streamed: the thousand-record files add minutes under the race detector, and {997, 40} streams theirs
			}
			checkStreamedYAMLFile(t, dir, fmt.Sprintf("%s, blocks of %d, long from %d", name, sizes[0], sizes[1]), text)
		}
	}
	for name, streamed := range map[string]bool{"plain": true, "fields": true, "comments": true, "crlf": true, "block scalars": true,
		"quoted": true, "long item": true, "one record": true, "one long": true, "kwargs": true, "many": true, "no last eol": true,
		"many, one bad": false, "many, alias": false, "many, other": true, "many, marker": false, "marker first": true, "marker, long": true, "two markers": false, "many, error": false,
		"many, control": false, "many, tab": false, "nan score": false, "binary": false, "not a record": false, "strings": false,
		"langchain": false, "llamaindex": false, "qdrant": false, "pinecone": false, "json inside": false, "csv header": false,
		"csv quoted": true, "bom": false, "indented": false, "mapping": false, "comment only": false, "bad indent": false} {
		for _, sizes := range [][2]int{{997, 16 << 20}, {7, 16 << 20}, {997, 40}, {7, 3}} {
			if sizes == [2]int{7, 3} && strings.HasPrefix(name, "many") {
				continue // not written, as above
			}
			yamlRunSize, yamlLongItemBytes, longValueLineBytes = sizes[0], sizes[1], 64<<10
			file := filepath.Join(dir, fmt.Sprintf("%s, blocks of %d, long from %d.yaml", name, sizes[0], sizes[1]))
			if _, handled, _ := streamYAMLRecords(fileInput(file), true); handled != streamed {
				t.Errorf("%s in blocks of %d, long items from %d bytes: streamed %v, want %v", name, sizes[0], sizes[1], handled, streamed)
			}
		}
	}
}

// manyYAMLRecords is n plain records in a YAML list, with escapes and
// characters of every width, and odd put at the middle when not empty.
func manyYAMLRecords(n int, odd string) string {
	var b strings.Builder
	for i := range n {
		if i == n/2 && odd != "" {
			b.WriteString(odd)
		}
		fmt.Fprintf(&b, "- content: \"record %d\\n\\u00e9 漢 🙂 %s\"\n  score: 0.%d\n  source: s%d\n", i, strings.Repeat("w ", i%40), i%10, i)
	}
	return b.String()
}

// checkStreamedYAMLFile writes text to a .yaml file and fails t unless
// loading it, detected and as forced YAML, gives what parsing it whole
// gives.
func checkStreamedYAMLFile(t *testing.T, dir, name, text string) {
	checkLoadedAsWhole(t, dir, name+".yaml", text, FormatYAML)
}

// checkLoadedAsWhole writes text to dir/name and fails t unless loading
// it, detected and as forced format, gives what parsing it whole gives:
// the documents, the format and any error.
func checkLoadedAsWhole(t *testing.T, dir, name, text, forced string) {
	t.Run(name, func(t *testing.T) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{FormatAuto, forced} {
			got, gotFormat, gotErr := LoadDocuments(path, nil, DocOptions{Format: format})
			want, wantFormat, wantErr := loadDocumentsWhole(path, format)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("format %s: error %v, the whole-file parse says %v", format, gotErr, wantErr)
			}
			if g, w := fmt.Sprintf("%s %#v", gotFormat, got), fmt.Sprintf("%s %#v", wantFormat, want); g != w {
				t.Fatalf("format %s: %.400s, the whole-file parse gives %.400s", format, g, w)
			}
		}
	})
}

// FuzzStreamedYAMLDocuments: a YAML file read item by item gives the
// documents, the format and the error the whole-file parser gives.
func FuzzStreamedYAMLDocuments(f *testing.F) {
	for _, input := range yamlCutCases {
		f.Add([]byte(input))
	}
	f.Add([]byte(manyYAMLRecords(20, "- content: late\n  score: high\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFuzzFile(t, "docs.yaml", data)
		want, wantFormat, wantErr := loadDocumentsWhole(path, FormatAuto)
		// As read, and with every item past a few bytes streamed to the
		// parser (decodeLongYAMLItem).
		defer func(long, line int) { yamlLongItemBytes, longValueLineBytes = long, line }(yamlLongItemBytes, longValueLineBytes)
		for _, long := range []int{yamlLongItemBytes, 5} {
			yamlLongItemBytes, longValueLineBytes = long, 64<<10
			if long == 5 {
				longValueLineBytes = 16 // and lines past 16 bytes read by longValues
			}
			got, gotFormat, gotErr := LoadDocuments(path, nil, DocOptions{})
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("long items from %d bytes: error %v, the whole-file parse says %v", long, gotErr, wantErr)
			}
			if g, w := fmt.Sprintf("%s %#v", gotFormat, got), fmt.Sprintf("%s %#v", wantFormat, want); g != w {
				t.Fatalf("long items from %d bytes: %s, the whole-file parse gives %s", long, g, w)
			}
		}
	})
}

// loadDocumentsWhole loads a file as loadDocumentFile does when no
// stream takes it: read whole through the input reader (which refuses a
// NUL byte before any parser sees it), then parsed.
func loadDocumentsWhole(path, format string) ([]value.Document, string, error) {
	data, err := ReadInputFile(path)
	if err != nil {
		return nil, "", inputError("loading documents", err)
	}
	return ParseDocuments(path, data, format)
}
