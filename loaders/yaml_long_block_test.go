package loaders

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// randomBlockList is a list of one or two items, each a key given a block
// scalar of one line, from pieces chosen to sit on every edge of what
// readBlockLine takes: headers it must leave ("|+", "|2", a comment),
// lines a block goes on over or yaml.v3 refuses, keys quoted or not.
func randomBlockList(rng *rand.Rand) string {
	var b strings.Builder
	for range 1 + rng.IntN(2) {
		b.WriteString(pick(rng, "- ", "- - ", "-   "))
		column := b.Len() - strings.LastIndexByte(b.String(), '\n') - 1
		indent := strings.Repeat(" ", column)
		for k := range 1 + rng.IntN(2) {
			if k > 0 {
				b.WriteString(indent)
			}
			b.WriteString(pick(rng, "content", `"content"`, "text", `"a b"`, "x1", `"x`) + ":" + pick(rng, " ", " ", "  ", ""))
			b.WriteString(pick(rng, "|-", "|-", "|", ">-", ">", "|+", "|2", "|- # c", "|-  ", "| x", "-|"))
			b.WriteString(pick(rng, "\n", "\n", "\n", "\r\n"))
			b.WriteString(strings.Repeat(" ", max(0, column+[]int{2, 2, 4, 1, 0, -1}[rng.IntN(6)])))
			var line strings.Builder
			for line.Len() < 17 || rng.IntN(4) > 0 {
				if rng.IntN(3) == 0 {
					line.WriteString(pick(rng, " ", "  ", "é", "漢字", "🙂", ":", "a: b", "#", " #c", "\t", "\x7f", "\x01", "\ufeff",
						"\u00a0", "\u0085", "\u2028", "'", `"`, `\n`, "|", ">", "-", "\r", "- x", "[", "{"))
				} else {
					line.WriteString(pick(rng, "text", "more words", "a", " b"))
				}
			}
			b.WriteString(line.String())
			b.WriteString(pick(rng, "\n", "\n", "\n", "\r\n", "\n\n", "\n   \n", "\n"+indent+"     more\n", "\n"+indent+"  # note\n", "\n\t\n", ""))
		}
	}
	s := b.String()
	if rng.IntN(10) == 0 {
		s = strings.TrimRight(s, "\r\n")
	}
	return s
}

// A block scalar's one long line read by longValues is the value
// yaml.v3 reads, node for node in a document read whole, and in a list
// read as the documents loader streams one; or the input is left to it.
func TestLongBlockLineEqualsYAMLv3(t *testing.T) {
	defer func(long, line int) { yamlLongItemBytes, longValueLineBytes = long, line }(yamlLongItemBytes, longValueLineBytes)
	yamlLongItemBytes, longValueLineBytes = 3, 16
	rng := rand.New(rand.NewPCG(20, 3))
	dir := t.TempDir()
	read, streamed := 0, 0
	for i := range 6000 {
		text := randomBlockList(rng)
		if got, ok := decodeOneYAMLDocument([]byte(text)); ok {
			var want yaml.Node
			if err := yaml.Unmarshal([]byte(text), &want); err != nil {
				t.Fatalf("%q: read, but yaml.v3 says %v", text, err)
			}
			if diff := nodeDifference(&got, &want, "document"); diff != "" {
				t.Fatalf("%q: %s", text, diff)
			}
			values := newLongValues(strings.NewReader(text))
			var doc yaml.Node
			if yaml.NewDecoder(values).Decode(&doc) == nil {
				for _, style := range values.styles {
					if style == longLiteral || style == longFolded {
						read++
						break
					}
				}
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("%d.yaml", i))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, handled, err := streamYAMLList(fileInput(path))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if !handled {
			continue
		}
		want, err := decodeWholeYAML(path, []byte(text))
		if err != nil {
			t.Fatalf("%q: streamed as %#v, yaml.v3 says %v", text, got, err)
		}
		if !reflect.DeepEqual(any(got), want.value) {
			t.Fatalf("%q: streamed as %#v, yaml.v3 reads %#v", text, got, want.value)
		}
		streamed++
	}
	t.Logf("read whole %d, streamed %d", read, streamed)
	if read < 80 || streamed < 300 {
		t.Errorf("only %d documents had a block line read, and %d lists were streamed, of 6,000: the cases no longer test the reader", read, streamed)
	}
}

// The block reader takes what it is meant to: PyYAML's one-line literal.
func TestLongBlockLineIsRead(t *testing.T) {
	defer func(line int) { longValueLineBytes = line }(longValueLineBytes)
	longValueLineBytes = 16
	text := "- \"content\": |-\n    " + strings.Repeat("word ", 10) + "end\n  \"score\": 0.5\n- \"content\": |\n    é " + strings.Repeat("x", 40) + "\n"
	values := newLongValues(strings.NewReader(text))
	var doc yaml.Node
	if err := yaml.NewDecoder(values).Decode(&doc); err != nil || len(values.values) != 2 || !values.fill(&doc) {
		t.Fatalf("not read: %v, %d values", err, len(values.values))
	}
	var want yaml.Node
	if err := yaml.Unmarshal([]byte(text), &want); err != nil {
		t.Fatal(err)
	}
	if diff := nodeDifference(&doc, &want, "document"); diff != "" {
		t.Fatal(diff)
	}
}
