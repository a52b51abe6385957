package loaders

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/window"
)

// budgetStreamAgrees checks that the stream, cutting text into runs of
// runBytes, either declines it or gives the set the whole-file parser
// gives; it reports whether the stream took it.
func budgetStreamAgrees(t *testing.T, text string, runBytes int) bool {
	t.Helper()
	defer func(n int) { budgetRunBytes = n }(budgetRunBytes)
	budgetRunBytes = runBytes
	entries, ok := countBudgetEntries(strings.NewReader(text))
	if !ok {
		return false
	}
	got := make(window.PresetSet, entries)
	if !streamBudgetFile("b.yaml", strings.NewReader(text), presetMap(got)) {
		return false
	}
	want, err := ParseBudgetFile("b.yaml", []byte(text))
	if err != nil {
		t.Fatalf("%q: streamed as %v, the whole file is refused: %v", text, got, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: streamed as %v, the whole file gives %v", text, got, want)
	}
	// And held compactly, in the file's order.
	compact := newFilePresets(entries)
	if !streamBudgetFile("b.yaml", strings.NewReader(text), compact) || !reflect.DeepEqual(compact.Set(), want) {
		t.Fatalf("%q: held compactly as %v, the whole file gives %v", text, compact.Set(), want)
	}
	return true
}

// Each shape the stream does not vouch for is left to the whole-file
// reader, which then gives its result or its error (with its line);
// the plain shapes are streamed, to the same presets.
func TestBudgetStreamShapes(t *testing.T) {
	for _, c := range []struct {
		name, text string
		streamed   bool
	}{
		{"nested", "presets:\n  a:\n    extends: support_chat\n    retrieved_context: 6000\n  b:\n    extends: a\n", true},
		{"top level", "support_chat:\n  extends: support_chat\n  retrieved_context: 6000\nmine:\n  extends: support_chat\n", true},
		{"mixed, comments, blanks, CRLF", "# ours\npresets:  # here\r\n  a:\r\n\r\n    total_window: 1000\r\n# between\n  b:\n    extends: a\nc:\n  extends: b\n", true},
		{"extends a later preset", "presets:\n  a:\n    extends: b\n  b:\n    extends: document_qa\n", true},
		{"a built-in redefined after use", "presets:\n  a:\n    extends: support_chat\n  support_chat:\n    extends: support_chat\n    retrieved_context: 100\n", false},
		{"a built-in redefined before use", "presets:\n  support_chat:\n    extends: support_chat\n    retrieved_context: 100\n  a:\n    extends: support_chat\n", true},
		{"quoted names", "presets:\n  \"a b\":\n    extends: support_chat\n  'c':\n    extends: a b\n", true},
		{"flow", "presets:\n  a: {extends: support_chat}\n", false},
		{"flow across lines", "presets:\n  a: {extends: support_chat,\n  b: 1}\n", false},
		{"anchor and alias", "presets:\n  a: &x\n    extends: support_chat\n  b: *x\n", false},
		{"tag", "presets:\n  a:\n    extends: !!str support_chat\n", false},
		{"two documents", "presets:\n  a:\n    extends: support_chat\n---\nb:\n  extends: support_chat\n", false},
		{"document start", "---\npresets:\n  a:\n    extends: support_chat\n", false},
		{"odd indentation", "presets:\n    a:\n      extends: support_chat\n  b:\n    extends: support_chat\n", false},
		{"indented start", "  a:\n    extends: support_chat\n", false},
		{"explicit key", "presets:\n  ? a\n  : extends: support_chat\n", false},
		{"tab", "presets:\n\ta:\n    extends: support_chat\n", false},
		{"carriage return alone", "presets:\r  a:\n    extends: support_chat\n", false},
		{"presets twice", "presets:\n  a:\n    extends: support_chat\npresets:\n  b:\n    extends: support_chat\n", false},
		{"presets as a flow mapping", "presets: {a: {extends: support_chat}}\n", false},
		{"presets empty", "presets:\na:\n  extends: support_chat\n", false},
		{"duplicate", "presets:\n  a:\n    extends: support_chat\na:\n  extends: support_chat\n", false},
		{"cycle", "a:\n  extends: b\nb:\n  extends: a\n", false},
		{"unknown key", "a:\n  extends: support_chat\n  retrieved: 1\n", false},
		{"no total_window", "a:\n  system_prompt: 1\n", false},
		{"overflow", "a:\n  extends: support_chat\n  retrieved_context: 1000000\n", false},
		{"merge key", "a:\n  <<: {extends: support_chat}\n", false},
		{"block scalar", "a:\n  extends: |\n    support_chat\n", true},
		{"multi-line plain", "a:\n  extends: support\n    _chat\n", false},
		{"syntax error", "presets:\n  a:\n    extends: support_chat\n  b: [\n", false},
		{"a list", "- a\n- b\n", false},
		{"comments only", "# nothing\n", false},
		{"byte-order mark", "\ufeffa:\n  extends: support_chat\n", false},
		{"NEL", "a:\n  extends: support_chat\u0085b: 1\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, runBytes := range []int{1, 64 << 10} {
				if got := budgetStreamAgrees(t, c.text, runBytes); got != c.streamed {
					t.Errorf("streamed %v, want %v", got, c.streamed)
				}
			}
			// Through the file: the streamed set, or the whole-file
			// reader's set or error.
			path := filepath.Join(t.TempDir(), "b.yaml")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			got, gotErr := LoadBudgetFile(path)
			want, wantErr := ParseBudgetFile(path, []byte(c.text))
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("LoadBudgetFile gives %v, %v; ParseBudgetFile %v, %v", got, gotErr, want, wantErr)
			}
		})
	}
}

// Random budget files of every shape the stream meets (nested and top
// presets, extends in either direction, built-ins redefined, comments,
// blanks, line ends, a few flow or anchored values and errors) give the
// whole-file parser's presets whenever the stream takes them, cut into
// runs of one entry and of many.
func TestBudgetStreamEqualsWholeFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 11))
	taken, loads := 0, 0
	for range 3000 {
		text := randomBudgetFile(rng)
		if _, err := ParseBudgetFile("b.yaml", []byte(text)); err == nil {
			loads++
		}
		for _, runBytes := range []int{1, 40, 64 << 10} {
			if budgetStreamAgrees(t, text, runBytes) {
				taken++
			}
		}
	}
	// Most files that load are plain enough to stream (the rest have an
	// anchor, a tag or a flow value).
	if loads < 250 || taken < 2*loads {
		t.Errorf("%d of 3,000 files load, and %d readings of them were streamed", loads, taken)
	}
}

// randomBudgetFile is a budget file of a few presets, top and nested.
func randomBudgetFile(rng *rand.Rand) string {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "support_chat", "document_qa", "x y"}
	var b strings.Builder
	eol := pick(rng, "\n", "\n", "\r\n")
	line := func(s string) { b.WriteString(s + eol) }
	preset := func(indent string) {
		name := names[rng.IntN(len(names))]
		if strings.Contains(name, " ") {
			name = pick(rng, `"x y"`, "x y", "'x y'")
		}
		line(indent + name + ":" + pick(rng, "", "", " # c"))
		inner := indent + "  "
		// Mostly what loads, now and then what does not or what the
		// stream leaves to the whole-file reader.
		odd := func(usual string, others ...string) string {
			if rng.IntN(8) == 0 {
				return pick(rng, others...)
			}
			return usual
		}
		if rng.IntN(5) > 0 {
			line(inner + "extends: " + odd(pick(rng, "support_chat", "document_qa", "a", "b", "c", "x y"), "\"a\"", "nope", "{a: 1}", "!!str a"))
		} else {
			line(inner + "total_window: " + odd("200000", "1e5", "100 # c", "x", "&n 5"))
		}
		for range rng.IntN(3) {
			key := budgetKeys[1+rng.IntN(len(budgetKeys)-1)]
			line(inner + key + ": " + odd(pick(rng, "100", "1000", "0"), "1e3", "100 # c", "-1", "x", "&n 5", "2147483648"))
		}
		if rng.IntN(8) == 0 {
			line(pick(rng, "", "# note", "  # note", "   "))
		}
	}
	if rng.IntN(3) > 0 {
		line("presets:" + pick(rng, "", "", "", "", " # ours", " {}", " &p"))
		indent := pick(rng, "  ", "  ", "  ", " ", "    ")
		for range 1 + rng.IntN(4) {
			preset(indent)
		}
	}
	for range rng.IntN(3) {
		preset("")
	}
	return b.String()
}

// A set built a preset at a time holds what a set built whole holds;
// this is the shape of a budget file of many presets, smaller.
func TestBudgetStreamManyPresets(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("presets:\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "  p%07d:\n    extends: %s\n    retrieved_context: %d\n", i, []string{"support_chat", fmt.Sprintf("p%07d", max(i-1, 0))}[i%2], 6000+i)
	}
	if !budgetStreamAgrees(t, b.String(), 64<<10) {
		t.Fatal("not streamed")
	}
	entries, _ := countBudgetEntries(&b)
	if entries != 5000 {
		t.Errorf("counted %d entries, want 5000", entries)
	}
}
