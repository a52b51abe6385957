package loaders

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// csvRecordsAgree reads in with csvRecords and with encoding/csv: when
// csvRecords reads it all, encoding/csv must read the same records
// without an error. It reports whether csvRecords read it.
func csvRecordsAgree(t *testing.T, in string) bool {
	t.Helper()
	fast := newCSVRecords(strings.NewReader(in))
	var got [][]string
	for {
		record, ok := fast.next()
		if !ok {
			return false
		}
		if record == nil {
			break
		}
		got = append(got, record)
	}
	r := csv.NewReader(strings.NewReader(in))
	var want [][]string
	for {
		record, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%q: csvRecords read %q, encoding/csv says %v", in, got, err)
		}
		want = append(want, record)
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%q: csvRecords read %q, encoding/csv %q", in, got, want)
	}
	return true
}

// TestCSVRecordsAsEncodingCSV: over random input of cells, quotes
// (doubled, opening, closing, bare), commas, LF, CRLF and lone CR,
// empty lines and rows of other lengths, csvRecords reads what
// encoding/csv reads or declines; it reads the plain cases.
func TestCSVRecordsAsEncodingCSV(t *testing.T) {
	parts := []string{"a", "bc", " ", ",", ",", "\n", "\n", "\r\n", "\r", "\"", "\"\"", "\"x,y\"", "\"multi\nline\"", "é漢", "\t", "\n\n"}
	rng := rand.New(rand.NewPCG(13, 5))
	read := 0
	for range 50_000 {
		var b strings.Builder
		for range rng.IntN(14) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		if csvRecordsAgree(t, b.String()) {
			read++
		}
	}
	if read < 5_000 {
		t.Errorf("csvRecords read only %d of 50,000 inputs", read)
	}
	for _, in := range []string{"content,score\nx,1\n", "a\r\nb\r\n", "\"q\"\"uote\",\"multi\r\nline\"\n", "\n\na,b\n\nc,d", "a,\n,b\n", ""} {
		if !csvRecordsAgree(t, in) {
			t.Errorf("%q: declined", in)
		}
	}
}

// FuzzCSVRecords: csvRecords reads what encoding/csv reads, or declines.
func FuzzCSVRecords(f *testing.F) {
	for _, seed := range []string{"content,score\nx,1\n", "\"a\"\"b\",\"c\nd\"\r\n", "a,\"b\"x\n", "a\rb\n", "\n\na\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		csvRecordsAgree(t, string(in))
	})
}

// TestCSVCellHeldOnce: reading one cell of 8 MB allocates it twice (its
// blocks as read, then its string), where encoding/csv's line buffer,
// record buffer (both grown by append) and string held it eight times.
func TestCSVCellHeldOnce(t *testing.T) {
	cell := strings.Repeat("word ", 8<<20/5)
	in := "content,score\n" + cell + ",0.5\n"
	docs, ok := csvDocuments("t.csv", bytes.NewReader([]byte(in)))
	if !ok || len(docs) != 1 || docs[0].Content != cell {
		t.Fatalf("not read: ok %v, %d documents", ok, len(docs))
	}
	allocated := func(read func()) uint64 {
		var before, after runtimeMemStats
		readMemStats(&before)
		read()
		readMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	data := []byte(in)
	fast := allocated(func() { csvDocuments("t.csv", bytes.NewReader(data)) })
	slow := allocated(func() { parseCSVFrom("t.csv", bytes.NewReader(data)) })
	if fast > uint64(len(cell))*5/2 || fast >= slow {
		t.Errorf("reading an 8 MB cell allocated %d bytes (encoding/csv %d); want twice the cell at most", fast, slow)
	}
}

type runtimeMemStats = runtime.MemStats

func readMemStats(m *runtime.MemStats) {
	runtime.GC()
	runtime.ReadMemStats(m)
}
