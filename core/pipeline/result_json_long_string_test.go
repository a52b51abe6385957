package pipeline

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/core/value"
	"ctxlab/internal/jsonout"
)

// longJSONText is a string of every kind of character the encoder treats
// apart: escapes, HTML characters, two- to four-byte characters, U+2028,
// C1 controls, invalid and cut UTF-8, so that window ends fall inside
// every one of them.
func longJSONText(rng *rand.Rand, n int) string {
	kinds := []string{"a", "word ", "<b>&", "\"", "\\", "\n\t", "\x00\x1f\x7f", "\u2028\u2029", "é", "漢", "🙂", "\u009b\u202e\u200b", "\xff", "\xe2\x80", "\xf0\x9f\x99"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(kinds[rng.IntN(len(kinds))])
	}
	return b.String()
}

// A string written in windows is jsonout.Append's bytes, and every
// piece emitted between windows is whole UTF-8: no character and no
// escape is cut, whatever the window and piece sizes.
func TestStrInWindowsIsTheStringsEncoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for round := range 300 {
		s := longJSONText(rng, 1+rng.IntN(200))
		want := jsonout.Append(nil, s)
		window, pieceSize := 1+round%9, round%5
		var got []byte
		pieces := 0
		w := jsonWriter{pieceSize: pieceSize, stringWindow: window, emit: func(piece []byte) error {
			if !utf8.Valid(piece) {
				t.Fatalf("window %d: piece %q is not whole UTF-8", window, piece)
			}
			got = append(got, piece...)
			pieces++
			return nil
		}}
		w.str(s)
		if got = append(got, w.b...); !bytes.Equal(got, want) {
			t.Fatalf("window %d, pieces of %d: %q\nwant %q", window, pieceSize, got, want)
		}
		if len(s) > 2*window+pieceSize && pieces < 2 {
			t.Fatalf("window %d: a string of %d bytes in %d pieces", window, len(s), pieces)
		}
	}
}

// A document far longer than a piece, as the reference lists a cut one
// under "excluded_docs", is streamed in pieces of about the piece size,
// the same bytes as the result written whole.
func TestStreamIndentedJSONCutsALongDocumentIntoPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	long := longJSONText(rng, 40*jsonStringWindow)
	r := &Result{
		ContextBlock: long[:1000],
		ExcludedDocs: []value.Document{{Content: long, Score: 0.5, Source: "long.txt"}},
		Trace:        Trace{docTraces: traceTableOf([]DocTrace{{Fate: FateExcluded}})},
	}
	r.Trace.docs = r.ExcludedDocs
	want, err := r.AppendIndentedJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	const pieceSize = 4 << 10
	var got []byte
	largest := 0
	rest, err := r.StreamIndentedJSON(nil, pieceSize, func(piece []byte) error {
		got = append(got, piece...)
		largest = max(largest, len(piece))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got = append(got, rest...); !bytes.Equal(got, want) {
		t.Fatal("in windows the JSON differs from AppendIndentedJSON's")
	}
	// A window escapes to at most six bytes a byte (\u00XX).
	if limit := pieceSize + 6*jsonStringWindow; largest > limit {
		t.Fatalf("a piece of %d bytes for a %d-byte document; want at most %d", largest, len(long), limit)
	}
}
