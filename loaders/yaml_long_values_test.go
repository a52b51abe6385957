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

// A value read by longValues is the value yaml.v3 reads from the same
// line, or the item is left to yaml.v3: random lines of every style,
// full of escapes, quotes, colons, hashes, blanks and line breaks of
// every kind, read with lines of 16 bytes counted long, give the list
// the whole-file parser gives whenever the stream takes them.
func TestLongValuesEqualYAMLv3(t *testing.T) {
	defer func(long, line int) { yamlLongItemBytes, longValueLineBytes = long, line }(yamlLongItemBytes, longValueLineBytes)
	yamlLongItemBytes, longValueLineBytes = 3, 16
	rng := rand.New(rand.NewPCG(18, 1))
	dir := t.TempDir()
	taken := map[longScalarStyle]int{}
	for i := range 4000 {
		style := longScalarStyle(rng.IntN(3))
		text := randomLongValueList(rng, style, false)
		if !streamedAsWhole(t, filepath.Join(dir, fmt.Sprintf("%d.yaml", i)), text) {
			continue
		}
		taken[style]++
	}
	// The stream must take a fair share of each style, or this proves
	// nothing about how it reads them.
	t.Logf("taken %v", taken)
	for style, name := range []string{"plain", "single-quoted", "double-quoted"} {
		if taken[longScalarStyle(style)] < 150 {
			t.Errorf("only %d of about 1,333 lists with %s values were streamed", taken[longScalarStyle(style)], name)
		}
	}
}

// streamedAsWhole writes text to path and reports whether the stream
// took it, failing the test unless what it read is what the whole-file
// parser reads.
func streamedAsWhole(t *testing.T, path, text string) bool {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, handled, err := streamYAMLList(fileInput(path))
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if !handled {
		return false
	}
	want, err := decodeWholeYAML(path, []byte(text))
	if err != nil {
		t.Fatalf("%q: streamed as %#v, yaml.v3 says %v", text, got, err)
	}
	if !reflect.DeepEqual(any(got), want.value) {
		t.Fatalf("%q: streamed as %#v, yaml.v3 reads %#v", text, got, want.value)
	}
	return true
}

// randomLongValueList is a list of one or two items whose values are
// written in style, from pieces chosen to sit on every edge of it; with
// keys, about half of them are keys instead ("? key" and ": value").
func randomLongValueList(rng *rand.Rand, style longScalarStyle, keys bool) string {
	var b strings.Builder
	for range 1 + rng.IntN(2) {
		b.WriteString(pick(rng, "- ", "- - ", "-   "))
		indent := strings.Repeat(" ", b.Len()-strings.LastIndexByte(b.String(), '\n')-1)
		for k := range 1 + rng.IntN(2) {
			if k > 0 {
				b.WriteString(indent)
			}
			if keys && rng.IntN(2) == 0 {
				// A long key, written explicitly as PyYAML writes one,
				// and its value on the next line.
				b.WriteString("?" + pick(rng, " ", " ", "  ", "\t", ""))
				b.WriteString(randomLongValue(rng, style))
				b.WriteString(pick(rng, "", "", "", "", "", " ", " # c", "\t", ": x", ","))
				b.WriteString(pick(rng, "\n", "\n", "\n", "\n", "\r\n", "\n\n", "\n   more\n", "\n  # note\n", "\n"+indent+"  on\n"))
				b.WriteString(indent + pick(rng, ": ", ": ", ":  ", " : ", ":") + pick(rng, "v", "1", "\"q\"", "[a, b]", "") + "\n")
				continue
			}
			b.WriteString(pick(rng, "content", "text", "a_b", "x1") + ":" + pick(rng, " ", " ", "  ", "\t", ""))
			b.WriteString(randomLongValue(rng, style))
			b.WriteString(pick(rng, "", "", "", " ", "  ", " # c", "\t", " x", ","))
			b.WriteString(pick(rng, "\n", "\n", "\n", "\r\n", "\r", "\n\n", "\n   more\n", "\n  # note\n", "\n"+indent+"  on\n"))
		}
	}
	s := b.String()
	if rng.IntN(10) == 0 {
		s = strings.TrimRight(s, "\r\n")
	}
	if rng.IntN(15) == 0 {
		s = "- {" + strings.TrimPrefix(s, "- ") + "}\n"
	}
	return s
}

// randomLongValue is one value in style, longer than 16 bytes.
func randomLongValue(rng *rand.Rand, style longScalarStyle) string {
	common := []string{"word", "words and more", " ", "  ", "é", "漢字", "🙂", ":", "a:b", "#", "x #y", ",", "[", "]", "{", "}",
		"\u00a0", "\u0085", "\u2028", "\t", "\x7f", "\x01", "\ufeff", "-", "?", "!", "&", "*", "|", ">", "%", "@", "`"}
	var pieces []string
	var open, close string
	switch style {
	case longDoubleQuoted:
		open, close = `"`, `"`
		pieces = append(common, `\"`, `\\`, `\n`, `\t`, "\\\t", `\0`, `\a`, `\e`, `\ `, `\/`, `\'`, `\x41`, `\xe9`, `\u00e9`, `\U0001F600`,
			`\ud800`, `\U00110000`, `\N`, `\_`, `\L`, `\P`, `\q`, `\x4`, `\u12`, "\\\n", `'`, `"`)
	case longSingleQuoted:
		open, close = `'`, `'`
		pieces = append(common, `''`, `'`, `"`, `\`, `\n`)
	default:
		pieces = append(common, `'`, `"`, `\`, "a: b", "a :b", "a:", "# c")
		open = pick(rng, "a", "Z", "é", "yes ", "no ", "true ", "null ", "x")
	}
	var b strings.Builder
	b.WriteString(open)
	for b.Len() < 17 || rng.IntN(4) > 0 {
		if rng.IntN(3) == 0 {
			b.WriteString(pick(rng, pieces...))
		} else {
			b.WriteString(pick(rng, "text", "more words", "a", " b"))
		}
	}
	b.WriteString(close)
	return b.String()
}

// A document read with long lines' values by longValues is the node tree
// yaml.v3 makes of it, node for node: kind, style, tag, value, line and
// column, which the scenario loader's errors quote. Lines of 16 bytes
// count as long.
func TestOneYAMLDocumentEqualsYAMLv3(t *testing.T) {
	defer func(line int) { longValueLineBytes = line }(longValueLineBytes)
	longValueLineBytes = 16
	rng := rand.New(rand.NewPCG(18, 4))
	read, withKeys := 0, 0
	for i := range 12000 {
		// The last two thirds have long keys (a preset's or a model's
		// name), fewer of which the reader takes: a key has more ways
		// to go wrong (a comment, a value on its line, its ": " line).
		keys := i >= 4000
		text := randomLongValueList(rng, longScalarStyle(rng.IntN(3)), keys)
		if rng.IntN(2) == 0 {
			// A mapping at the top, as a scenario or a cassette is.
			text = strings.ReplaceAll(strings.TrimPrefix(text, "- "), "\n  ", "\n")
		}
		got, ok := decodeOneYAMLDocument([]byte(text))
		if !ok {
			continue
		}
		var want yaml.Node
		if err := yaml.Unmarshal([]byte(text), &want); err != nil {
			t.Fatalf("%q: read, but yaml.v3 says %v", text, err)
		}
		if diff := nodeDifference(&got, &want, "document"); diff != "" {
			t.Fatalf("%q: %s", text, diff)
		}
		if keys {
			if strings.Contains(text, "? ") {
				withKeys++
			}
			continue
		}
		read++
	}
	if read < 500 {
		t.Errorf("only %d of 4,000 documents were read with longValues", read)
	}
	if withKeys < 100 {
		t.Errorf("only %d of 8,000 documents with long keys were read with longValues", withKeys)
	}
}

// A long key read after "? " by longValues is the key yaml.v3 reads, in
// a list of items read as the documents loader reads one.
func TestLongKeysEqualYAMLv3(t *testing.T) {
	defer func(long, line int) { yamlLongItemBytes, longValueLineBytes = long, line }(yamlLongItemBytes, longValueLineBytes)
	yamlLongItemBytes, longValueLineBytes = 3, 16
	rng := rand.New(rand.NewPCG(19, 2))
	dir := t.TempDir()
	taken := 0
	for i := range 2000 {
		text := randomLongValueList(rng, longScalarStyle(rng.IntN(3)), true)
		if !streamedAsWhole(t, filepath.Join(dir, fmt.Sprintf("%d.yaml", i)), text) {
			continue
		}
		if strings.Contains(text, "? ") {
			taken++
		}
	}
	if taken < 25 {
		t.Errorf("only %d of 2,000 lists with long keys were streamed", taken)
	}
}

// nodeDifference says where two node trees differ, "" when they do not.
func nodeDifference(got, want *yaml.Node, at string) string {
	if got.Kind != want.Kind || got.Style != want.Style || got.Tag != want.Tag || got.Value != want.Value ||
		got.Line != want.Line || got.Column != want.Column || len(got.Content) != len(want.Content) {
		return fmt.Sprintf("at %s: kind %v style %v tag %s line %d column %d value %.80q and %d children, yaml.v3 has %v %v %s %d %d %.80q and %d",
			at, got.Kind, got.Style, got.Tag, got.Line, got.Column, got.Value, len(got.Content),
			want.Kind, want.Style, want.Tag, want.Line, want.Column, want.Value, len(want.Content))
	}
	for i := range got.Content {
		if diff := nodeDifference(got.Content[i], want.Content[i], fmt.Sprintf("%s/%d", at, i)); diff != "" {
			return diff
		}
	}
	return ""
}
