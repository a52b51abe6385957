package evalinput

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"ctxlab/loaders"
)

// trecRun is a TREC run file read a line at a time: "qid Q0 docid rank
// score tag", one retrieved document a line. A line is held only while
// it is parsed; what stays is 24 bytes a line, and each query and
// document id once. Holding the file and a string of every line made a
// 69 MB run of 2 million lines cost 220 MB before a query was built.
type trecRun struct {
	// qids are the queries' ids in the order they first appear; lists[i]
	// is query i's documents in file order.
	qids  []string
	lists [][]trecEntry
	// docIDs are the document ids the run names, each once, in the order
	// they first appear; trecEntry.doc indexes them.
	docIDs []string

	queryOf map[string]int32
	docOf   map[string]int32
	fields  [][]byte // the current line's fields, reused
}

// trecEntry is one line of a TREC run, its query known from its list.
type trecEntry struct {
	rank  int
	score float64
	doc   int32
	line  uint32
}

// trecRunExpected is how errors describe a run line.
const trecRunExpected = `"qid Q0 docid rank score tag"`

// readTRECRun reads a run from r, which checks its bytes (NewInputReader).
// jsonLines is true, and nothing more read, when the first line that is
// not blank opens a JSON object: a JSON Lines run, which the caller reads
// whole; otherwise trec is called once that line is known to be TREC's. Its errors are the ones reading the file whole and then parsing
// it gave: one that r meets anywhere in the file (a NUL byte, invalid
// UTF-8, the size limit) before a line's, an empty file before either.
func readTRECRun(name string, r io.Reader, trec func()) (run *trecRun, jsonLines bool, err error) {
	run = &trecRun{queryOf: map[string]int32{}, docOf: map[string]int32{}}
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte // a line longer than br's buffer, joined
	var lineErr error
	number, seen := 0, false
	for {
		chunk, readErr := br.ReadSlice('\n')
		if errors.Is(readErr, bufio.ErrBufferFull) {
			long = append(long, chunk...)
			// A JSON Lines run's first line may be one 50 MB document:
			// it is known by its first bytes, not held whole to be judged.
			if !seen && opensObject(long, number == 0) {
				return nil, true, nil
			}
			continue
		}
		if readErr != nil && readErr != io.EOF {
			return nil, false, loaders.InputError("loading a retrieval run", readErr)
		}
		line := chunk
		if len(long) > 0 {
			line = append(long, chunk...)
			long = long[:0]
		}
		if readErr == io.EOF && len(line) == 0 {
			break
		}
		number++
		if number == 1 {
			line = loaders.StripBOM(line)
		}
		text := bytes.TrimRight(bytes.TrimSuffix(line, []byte{'\n'}), "\r")
		if lineErr == nil && len(bytes.TrimSpace(text)) != 0 {
			if !seen {
				if opensObject(text, false) {
					return nil, true, nil
				}
				trec()
			}
			seen = true
			lineErr = run.add(name, number, text)
		}
		if readErr == io.EOF {
			break
		}
	}
	switch {
	case !seen:
		return nil, false, loaders.EmptyError(name, "a retrieval run")
	case lineErr != nil:
		return nil, false, lineErr
	}
	run.queryOf, run.docOf, run.fields = nil, nil, nil
	return run, false, nil
}

// opensObject reports whether the line start begins, after white space
// (and the byte order mark on the file's first line), with a JSON
// object's brace.
func opensObject(start []byte, first bool) bool {
	if first {
		start = loaders.StripBOM(start)
	}
	return bytes.HasPrefix(bytes.TrimLeftFunc(start, unicode.IsSpace), []byte("{"))
}

// add parses line number of the run. After an error the caller reads on
// only to find an error of the file's own, which comes first.
func (run *trecRun) add(name string, number int, text []byte) error {
	p := loaders.Place{Line: number}
	if uint64(number) > math.MaxUint32 {
		return p.Err(name, "is beyond line %d; expected a shorter run", uint32(math.MaxUint32))
	}
	run.fields = appendFields(run.fields[:0], text)
	fields := run.fields
	if len(fields) != 6 {
		return p.Err(name, "has %d fields; expected 6: %s", len(fields), trecRunExpected)
	}
	rank, err := strconv.Atoi(string(fields[3]))
	if err != nil {
		return p.Err(name, "rank %s is not a whole number; expected %s", loaders.Quoted(string(fields[3])), trecRunExpected)
	}
	score, err := strconv.ParseFloat(string(fields[4]), 64)
	if err != nil || math.IsNaN(score) || math.IsInf(score, 0) {
		return p.Err(name, "score %s is not a finite number; expected %s", loaders.Quoted(string(fields[4])), trecRunExpected)
	}
	q, ok := run.queryOf[string(fields[0])]
	if !ok {
		q = int32(len(run.qids))
		run.qids = append(run.qids, string(fields[0]))
		run.lists = append(run.lists, nil)
		run.queryOf[run.qids[q]] = q
	}
	doc, ok := run.docOf[string(fields[2])]
	if !ok {
		doc = int32(len(run.docIDs))
		run.docIDs = append(run.docIDs, string(fields[2]))
		run.docOf[run.docIDs[doc]] = doc
	}
	run.lists[q] = append(run.lists[q], trecEntry{rank: rank, score: score, doc: doc, line: uint32(number)})
	return nil
}

// appendFields appends the fields of s, split at white space as
// strings.Fields splits, to dst: a run's two million lines are split
// without a slice of fields each.
func appendFields(dst [][]byte, s []byte) [][]byte {
	start := -1
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(s[i:])
		}
		if unicode.IsSpace(r) {
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}
