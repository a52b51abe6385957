package pipeline

import (
	"bytes"
	"errors"
	"runtime"
	"testing"

	"ctxlab/core/tokens"
)

// parallelResult is a result long enough for members to format its
// arrays in blocks, with metadata on some documents and some included.
func parallelResult(t testing.TB) *Result {
	docs := benchDocs(5 * jsonMembersBlock * 3)
	for i := range docs {
		if i%7 == 0 {
			docs[i].Metadata = map[string]any{"page": i, "tags": []any{"a", "<b>"}}
		}
	}
	opts := DefaultOptions()
	opts.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
	opts.Budget = 20_000
	r, err := Build(Analyze(docs), opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Blocks formatted on several cores are emitted as the same bytes as
// writing the members one after another, whatever the piece size.
func TestStreamIndentedJSONInParallelIsTheSameBytes(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	r := parallelResult(t)
	want, err := r.AppendIndentedJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, pieceSize := range []int{1, 4 << 10, 256 << 10} {
		var got []byte
		rest, err := r.StreamIndentedJSON(nil, pieceSize, func(piece []byte) error {
			got = append(got, piece...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got = append(got, rest...); !bytes.Equal(got, want) {
			at := 0
			for at < min(len(got), len(want)) && got[at] == want[at] {
				at++
			}
			t.Fatalf("pieces of %d: differs at byte %d:\n got %q\nwant %q", pieceSize, at, got[max(0, at-80):min(len(got), at+80)], want[max(0, at-80):min(len(want), at+80)])
		}
	}
}

// A failing write stops the stream with its error, the workers ended.
func TestStreamIndentedJSONInParallelStopsAtAWriteError(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	r := parallelResult(t)
	full := errors.New("disk full")
	// A piece a document up to the excluded ones, then a piece a block:
	// the write fails among the blocks.
	failAt := len(r.IncludedDocs) + 3
	if len(r.ExcludedDocs) < 4*jsonMembersBlock {
		t.Fatalf("%d excluded documents: too few for blocks", len(r.ExcludedDocs))
	}
	pieces := 0
	_, err := r.StreamIndentedJSON(nil, 1, func([]byte) error {
		if pieces++; pieces == failAt {
			return full
		}
		return nil
	})
	if !errors.Is(err, full) {
		t.Fatalf("error %v, want the write's", err)
	}
	if pieces != failAt {
		t.Fatalf("%d pieces written, want none after the failing one (%d)", pieces, failAt)
	}
}
