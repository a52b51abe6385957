package evalinput

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/internal/alloctest"
	"ctxlab/loaders"
)

// decoderValue is what jsonLineObject's encoding/json path makes of a
// line: ok is false when it refuses it.
func decoderValue(line []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || dec.More() {
		return nil, false
	}
	return v, true
}

// TestLineValueIsTheDecoders: every line loaders.LineValue takes decodes to what
// encoding/json makes of it, and it takes every one-value line of
// ordinary depth that encoding/json does.
func TestLineValueIsTheDecoders(t *testing.T) {
	lines := []string{
		`{}`, `[]`, `""`, `0`, `-0`, `1.5e-3`, `-12E+4`, `true`, `false`, `null`,
		` {"a" : [1, 2 ,{"b":null}] , "a": "last"} `,
		`{"s": "\u00e9\ud83d\ude00\ud800x\\\/\"\b\f\n\r\t", "n": 12345678901234567890123}`,
		`{"\u0041": 1, "A": 2}`,
		// refused by both
		`{"a":1}x`, `{"a":1} {"b":2}`, `01`, `-`, `1.`, `1e`, `.5`, `+1`, `{"a":1,}`, `[1,]`,
		`{"a" 1}`, `{a:1}`, `"\x"`, `"\u12"`, "\"a\tb\"", `tru`, `nul`, `{"a":1`, `[`, ``,
		// taken by encoding/json only because More stops at a closing bracket
		`{"a":1} ]`, `1 }`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		lines = append(lines, randomJSON(rng, 0))
	}
	for _, line := range lines {
		if !utf8.ValidString(line) {
			continue // eval files are checked for UTF-8 before their lines are decoded
		}
		want, wantOK := decoderValue([]byte(line))
		got, ok := loaders.LineValue([]byte(line))
		if ok && (!wantOK || !reflect.DeepEqual(got, want)) {
			t.Fatalf("lineValue(%q) = %#v; encoding/json: %#v, %v", line, got, want, wantOK)
		}
		if wantOK && !ok && !strings.ContainsAny(strings.TrimSpace(line)[1:], "]}") {
			t.Errorf("lineValue refuses %q, which encoding/json takes", line)
		}
	}
}

// TestLineValueDeclinesDeepNesting leaves encoding/json's depth limit to it.
func TestLineValueDeclinesDeepNesting(t *testing.T) {
	line := strings.Repeat("[", loaders.MaxLineDepth+2) + strings.Repeat("]", loaders.MaxLineDepth+2)
	if _, ok := loaders.LineValue([]byte(line)); ok {
		t.Fatal("lineValue took a line deeper than maxLineDepth")
	}
	if _, ok := decoderValue([]byte(line)); !ok {
		t.Fatal("encoding/json refused a nesting it allows")
	}
}

// randomJSON is a random line of JSON, sometimes broken by one edit.
func randomJSON(rng *rand.Rand, depth int) string {
	var b strings.Builder
	writeRandomJSON(&b, rng, depth)
	s := b.String()
	if depth == 0 && rng.IntN(4) == 0 && len(s) > 0 {
		i := rng.IntN(len(s))
		const edits = "{}[],:\"\\ 0e-."
		s = s[:i] + string(edits[rng.IntN(len(edits))]) + s[i:]
	}
	return s
}

func writeRandomJSON(b *strings.Builder, rng *rand.Rand, depth int) {
	space := func() {
		if rng.IntN(4) == 0 {
			b.WriteString([]string{" ", "\t", "\r", "  "}[rng.IntN(4)])
		}
	}
	space()
	switch k := rng.IntN(10); {
	case k < 2 && depth < 4:
		b.WriteByte('{')
		for i := range rng.IntN(4) {
			if i > 0 {
				b.WriteByte(',')
			}
			space()
			writeRandomString(b, rng)
			space()
			b.WriteByte(':')
			writeRandomJSON(b, rng, depth+1)
		}
		space()
		b.WriteByte('}')
	case k < 4 && depth < 4:
		b.WriteByte('[')
		for i := range rng.IntN(4) {
			if i > 0 {
				b.WriteByte(',')
			}
			writeRandomJSON(b, rng, depth+1)
		}
		space()
		b.WriteByte(']')
	case k < 7:
		writeRandomString(b, rng)
	case k < 9:
		b.WriteString([]string{"0", "-0", "7", "-123", "3.25", "1e9", "-2.5E-7", "12345678901234567890", "0.000", "1E+2"}[rng.IntN(10)])
	default:
		b.WriteString([]string{"true", "false", "null"}[rng.IntN(3)])
	}
	space()
}

// writeRandomString writes a JSON string of random characters, some
// escaped (surrogates lone or paired among them), from short keys such
// as "a" that repeat.
func writeRandomString(b *strings.Builder, rng *rand.Rand) {
	b.WriteByte('"')
	for range rng.IntN(6) {
		switch k := rng.IntN(12); {
		case k < 4:
			b.WriteByte("abcA"[rng.IntN(4)])
		case k < 6:
			b.WriteRune([]rune{'é', 'ß', 'İ', '😀', 'Ω', 0x7f, 0xfffd}[rng.IntN(7)])
		case k < 8:
			b.WriteString([]string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`}[rng.IntN(8)])
		case k < 10:
			b.WriteString([]string{`\u0041`, `\u00e9`, `\uD83D\uDE00`, `\ud800`, `\udc00x`, `\u0000`, `\uFFFF`}[rng.IntN(7)])
		default:
			r := rune(rng.IntN(0x10000))
			if utf8.ValidRune(r) && r >= 0x20 && r != '"' && r != '\\' {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// TestJSONLineObjectAllocatesTheTextOnce: decoding a run's line of one
// large document allocates its text and little more. encoding/json's
// decoder allocated its buffer, grown by doubling to twice the line,
// besides the text.
func TestJSONLineObjectAllocatesTheTextOnce(t *testing.T) {
	text := strings.Repeat("word Word ", 400_000) // 4 MB
	line := []byte(`{"qid": "q1", "docs": [{"id": "d1", "title": "T", "text": "` + text + `", "score": 1.5}]}`)
	var obj map[string]any
	var err error
	bound := uint64(len(text)) * 5 / 4
	allocated := alloctest.Least(bound, func() {
		obj, err = jsonLineObject("run", numberedLine{number: 1, text: line}, runQueryJSONL)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := obj["docs"].([]any)[0].(map[string]any)["text"]; got != text {
		t.Fatal("the text decoded differs")
	}
	if allocated > bound {
		t.Errorf("decoding a line of a %d-byte text allocated %d bytes; want at most 1.25 times the text", len(text), allocated)
	}
}
