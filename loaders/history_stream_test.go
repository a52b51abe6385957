package loaders

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// Loading a chat history file streams a YAML list item by item and reads
// anything else whole; either way the messages and every error are what
// parsing the whole file gives.
func TestStreamedHistoryEqualsTheWholeFileParse(t *testing.T) {
	long := strings.Repeat("word ", 30_000)
	cases := map[string]string{
		"plain":         "- role: user\n  content: hi\n- role: assistant\n  content: hello\n",
		"comments":      "# a chat\n\n- role: system\n  content: be brief # trailing\n- role: user\n  content: x\n",
		"parts":         "- role: user\n  content:\n    - type: text\n      text: a\n    - type: text\n      text: b\n",
		"long":          "- role: user\n  content: \"" + long + "\"\n- role: assistant\n  content: ok\n",
		"one long":      "- role: user\n  content: " + long,
		"block":         "- role: user\n  content: |\n    line one\n\n    line two\n- role: assistant\n  content: >-\n    folded\n    text\n",
		"many":          manyYAMLMessages(1_000, ""),
		"many, bad":     manyYAMLMessages(1_000, "- role: robot\n  content: beep\n"),
		"many, alias":   manyYAMLMessages(1_000, "- role: user\n  content: &c said\n- role: assistant\n  content: *c\n"),
		"many, error":   manyYAMLMessages(1_000, "- role: user\n  content: \"open\n"),
		"many, marker":  manyYAMLMessages(1_000, "---\n"),
		"many, control": manyYAMLMessages(1_000, "- role: user\n  content: \x1b[31mred\n"),
		"no role":       "- content: a\n",
		"strings":       "- a\n- b\n",
		"mapping":       "messages:\n  - role: user\n    content: a\n",
		"transcript":    "User: hi\nAssistant: hello\n",
		"late label":    "\n\n   \nUser: hi\n",
		"json":          `[{"role": "user", "content": "a"}]`,
		"json lines":    `{"role": "user", "content": "a"}` + "\n" + `{"role": "assistant", "content": "b"}` + "\n",
		"bom":           "\ufeff- role: user\n  content: a\n",
		"blank":         "\n \n",
		"empty":         "",
		"invalid utf8":  manyYAMLMessages(300, "- role: user\n  content: \xff\n"),
		"nul":           "- role: user\n  content: a\x00b\n",
		"indented":      "  - role: user\n    content: a\n",
	}
	for i, text := range yamlCutCases {
		cases[fmt.Sprintf("cut case %d", i)] = text
	}
	dir := t.TempDir()
	defer streamSizes(yamlRunSize, yamlLongItemBytes)()
	for _, sizes := range [][2]int{{yamlRunSize, yamlLongItemBytes}, {997, 40}, {7, 3}} {
		streamSizes(sizes[0], sizes[1])
		for name, text := range cases {
			if sizes == [2]int{7, 3} && strings.HasPrefix(name, "many") {
				continue // every item streamed: {997, 40} streams theirs
			}
			label := fmt.Sprintf("%s, blocks of %d, long from %d", name, sizes[0], sizes[1])
			t.Run(label, func(t *testing.T) {
				checkStreamedHistory(t, writeTestFile(t, dir, label+".yaml", text))
			})
		}
	}
	// The stream does take the lists it can, and leaves the rest.
	for name, streamed := range map[string]bool{"plain": true, "comments": true, "parts": true, "long": true, "one long": true,
		"block": true, "many": true, "many, bad": true, "many, alias": false, "many, error": false, "many, marker": false,
		"transcript": false, "late label": false, "json": false, "bom": false, "blank": false, "mapping": false, "indented": false} {
		for _, sizes := range [][2]int{{997, 16 << 20}, {997, 40}} {
			yamlRunSize, yamlLongItemBytes, longValueLineBytes = sizes[0], sizes[1], 64<<10
			path := writeTestFile(t, dir, name+".yaml", cases[name])
			if _, handled, _ := streamHistory(fileInput(path)); handled != streamed {
				t.Errorf("%s in blocks of %d, long items from %d bytes: streamed %v, want %v", name, sizes[0], sizes[1], handled, streamed)
			}
		}
	}
}

// FuzzStreamedYAMLHistory: a chat history file read item by item gives
// the messages and the error the whole-file parser gives.
func FuzzStreamedYAMLHistory(f *testing.F) {
	for _, input := range yamlCutCases {
		f.Add([]byte(input))
	}
	f.Add([]byte(manyYAMLMessages(20, "- role: robot\n  content: x\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFuzzFile(t, "history.yaml", data)
		defer func(long, line int) { yamlLongItemBytes, longValueLineBytes = long, line }(yamlLongItemBytes, longValueLineBytes)
		for _, long := range []int{yamlLongItemBytes, 5} {
			yamlLongItemBytes, longValueLineBytes = long, 64<<10
			if long == 5 {
				longValueLineBytes = 16 // and lines past 16 bytes read by longValues
			}
			checkStreamedHistory(t, path)
		}
	})
}

// checkStreamedHistory fails t unless LoadHistory gives what reading the
// file whole and parsing it gives.
func checkStreamedHistory(t *testing.T, path string) {
	t.Helper()
	got, gotErr := LoadHistory(path, nil)
	want, wantErr := loadHistoryWhole(path)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Fatalf("error %v, the whole-file parse says %v", gotErr, wantErr)
	}
	if g, w := fmt.Sprintf("%#v", got), fmt.Sprintf("%#v", want); g != w {
		t.Fatalf("%.400s, the whole-file parse gives %.400s", g, w)
	}
}

// loadHistoryWhole is LoadHistory as it was before the stream: the file
// read whole through the input reader, then parsed.
func loadHistoryWhole(path string) ([]value.Message, error) {
	data, err := ReadInputFile(path)
	if err != nil {
		return nil, inputError("loading history", err)
	}
	return ParseHistory(path, data)
}

// manyYAMLMessages is n messages in a YAML list, with escapes and
// characters of every width, and odd put at the middle when not empty.
func manyYAMLMessages(n int, odd string) string {
	var b strings.Builder
	for i := range n {
		if i == n/2 && odd != "" {
			b.WriteString(odd)
		}
		role := [2]string{"user", "assistant"}[i%2]
		fmt.Fprintf(&b, "- role: %s\n  content: \"message %d\\n\\u00e9 漢 🙂 %s\"\n", role, i, strings.Repeat("w ", i%40))
	}
	return b.String()
}

// writeTestFile writes text to dir/name and returns its path.
func writeTestFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, strings.ReplaceAll(name, "/", "_"))
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// streamSizes sets the YAML stream's block size and long-item size for a
// test, lines of 16 bytes counting as long whenever items are streamed
// (their values then read by longValues, not yaml.v3), and returns what
// puts the three back.
func streamSizes(blocks, long int) (restore func()) {
	oldBlocks, oldLong, oldLine := yamlRunSize, yamlLongItemBytes, longValueLineBytes
	yamlRunSize, yamlLongItemBytes, longValueLineBytes = blocks, long, 64<<10
	if long < 1000 {
		longValueLineBytes = 16
	}
	return func() { yamlRunSize, yamlLongItemBytes, longValueLineBytes = oldBlocks, oldLong, oldLine }
}
