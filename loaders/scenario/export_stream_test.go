package scenario

import (
	"bytes"
	"io/fs"
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/alloctest"
	"ctxlab/sample"
)

// wholeScenarioYAML is the file as one node encodes it: every input in
// one tree, encoded at once. Write writes it in parts.
func wholeScenarioYAML(t *testing.T, sc *core.Scenario) []byte {
	t.Helper()
	f, err := scenarioInputs(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := scenarioDocument(f, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	quoteHidden(doc)
	var buf bytes.Buffer
	buf.WriteString(scenarioHeader)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return escapeHidden(buf.Bytes())
}

// TestWriteScenarioIsTheWholeEncoding: written an item at a time, every
// sample scenario's file is the bytes of its one-tree encoding, keys,
// lists and hidden characters alike, when no text is long enough to be
// held (a sample's tool output is).
func TestWriteScenarioIsTheWholeEncoding(t *testing.T) {
	defer func(from int) { heldFrom = from }(heldFrom)
	heldFrom = math.MaxInt
	names, err := fs.Glob(sample.FS, "*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no sample scenarios (%v)", err)
	}
	for _, name := range names {
		sc, err := LoadFS(sample.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		sc.SystemPrompt += " \u202e hidden"
		sc.History = append(sc.History, value.Message{Role: "user", Content: "first line\nsecond\u200b line"})
		want := wholeScenarioYAML(t, sc)
		got, err := Marshal(sc, sc.Settings)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: streamed\n%s\nwant\n%s", name, got, want)
		}
	}
}

// hostileLong is a long text of everything a double-quoted scalar must
// escape or keep: quotes, backslashes, line breaks, controls, DEL, C1,
// bidirectional and zero-width characters, non-characters, CJK, an
// emoji and YAML indicators.
func hostileLong(size int) string {
	const unit = "a \"quoted\" \\back\\ line\nnext\ttab\r\x01\x1b[31m\x7f \u0085\u009b \u202eevil\u202c \u200bz\u2060\ufeff \ufffe\uffff 漢字 😀 #: - |\n"
	return strings.Repeat(unit, size/len(unit)+1)
}

// TestWriteScenarioRoundTripsLongTexts: texts past heldFrom, written
// double-quoted a window at a time, load back as they were, with nothing
// a terminal acts on written raw.
func TestWriteScenarioRoundTripsLongTexts(t *testing.T) {
	sc, err := LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	long := hostileLong(3 * yamlWindow)
	sc.SystemPrompt = long + "s"
	sc.History = append(sc.History, value.Message{Role: "user", Content: long + "h"})
	sc.ToolResults = append(sc.ToolResults, window.ToolResult{Name: "t", Content: long + "t"})
	sc.Documents[0].Content, sc.Documents[0].Source = long+"c", long+"src"
	sc.Documents[1].Content = "\xff invalid" + long
	out, err := Marshal(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range string(out) {
		if r == 0x1b || r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == 0x202e || r == 0x200b || r == 0x2060 || r == 0xfeff {
			t.Fatalf("the export holds U+%04X raw", r)
		}
	}
	back, err := LoadFS(fstest.MapFS{"e.yaml": {Data: out}}, "e.yaml")
	if err != nil {
		t.Fatalf("the export does not load: %v", err)
	}
	if back.SystemPrompt != sc.SystemPrompt {
		t.Errorf("system prompt differs from byte %d", firstDifference(back.SystemPrompt, sc.SystemPrompt))
	}
	if !reflect.DeepEqual(back.History, sc.History) {
		t.Errorf("history differs")
	}
	if got := back.ToolResults[len(back.ToolResults)-1].Content; got != long+"t" {
		t.Errorf("tool result differs from byte %d", firstDifference(got, long+"t"))
	}
	if d := back.Documents[0]; d.Content != long+"c" || d.Source != long+"src" {
		t.Errorf("document differs from byte %d / %d", firstDifference(d.Content, long+"c"), firstDifference(d.Source, long+"src"))
	}
	if got := back.Documents[1].Content; got != "\ufffd invalid"+long {
		t.Errorf("invalid UTF-8 read back as %.40q", got)
	}
}

func firstDifference(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestWriteScenarioAllocatesABoundedBuffer: a scenario whose documents
// hold 8 MB is written with allocations of a few windows more than with
// documents of a few bytes, not of the text: the one-tree encoding held
// a node tree, its encoding and the emitter's buffer, 15 times the
// documents.
func TestWriteScenarioAllocatesABoundedBuffer(t *testing.T) {
	small := writeScenarioAllocates(t, 32, 0)
	large := writeScenarioAllocates(t, 8<<20, small+1<<20)
	if grew := int64(large) - int64(small); grew > 1<<20 {
		t.Errorf("writing 8 MB of documents allocated %d KB more than writing a few bytes of them; want under 1 MB", grew>>10)
	}
}

// writeScenarioAllocates is what writing support_chat allocates with
// its documents holding size bytes in all: the least of a few writes,
// which stop at one within bound.
func writeScenarioAllocates(t *testing.T, size int, bound uint64) uint64 {
	sc, err := LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for i := range sc.Documents {
		sc.Documents[i].Content = strings.Repeat("refund policy <b>\"days\"</b> é\n", max(1, size/32/len(sc.Documents)))
	}
	allocated := alloctest.Least(bound, func() { err = Write(discard{}, sc, sc.Settings) })
	if err != nil {
		t.Fatal(err)
	}
	return allocated
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
