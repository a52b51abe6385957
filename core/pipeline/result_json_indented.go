package pipeline

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strconv"

	"ctxlab/core/pycompat"
	"ctxlab/core/value"
	"ctxlab/internal/jsonout"
)

// AppendIndentedJSON appends r exactly as json.Indent(MarshalJSON(r), "",
// "  ") writes it, but without the closing "\n}", so a caller can add keys
// of its own (`ctxlab build` adds "findings"). It writes the bytes in one
// pass instead of marshalling by reflection and indenting a copy: on a
// 29,000-document set the JSON is most of a cold build. Every byte follows
// encoding/json's rules (HTML-safe string escapes, U+2028 and U+2029,
// invalid UTF-8 as U+FFFD, its float spelling for the trace's scores);
// TestAppendIndentedJSONIsMarshalIndented holds it to them.
func (r *Result) AppendIndentedJSON(b []byte) ([]byte, error) {
	return r.StreamIndentedJSON(b, 0, nil)
}

// StreamIndentedJSON is AppendIndentedJSON handing its bytes to emit in
// pieces: once more than pieceSize bytes are ready, at the end of a
// document or of a document's trace, emit receives them (b's start
// included) and the buffer is reused. What is left over, the end of the
// result, is returned. A 29,000-document result is then never held
// whole, nor copied each time its buffer would have doubled. The trace's
// floats, which JSON cannot spell when infinite or NaN, are checked
// first, so that error comes before the first piece; a nil emit appends
// everything.
func (r *Result) StreamIndentedJSON(b []byte, pieceSize int, emit func([]byte) error) ([]byte, error) {
	if err := r.checkFloats(); err != nil {
		return nil, err
	}
	w := jsonWriter{b: b, pieceSize: pieceSize, emit: emit}
	if emit != nil {
		w.stringWindow = jsonStringWindow
	}
	w.open('{')
	w.key("context_block")
	w.str(r.ContextBlock)
	w.key("included_docs")
	if err := w.documents(r.IncludedDocs); err != nil {
		return nil, err
	}
	w.key("excluded_docs")
	if err := w.documents(r.ExcludedDocs); err != nil {
		return nil, err
	}
	w.key("citation_map")
	w.citations(r.CitationMap)
	w.key("tokens_used")
	w.int(r.TokensUsed)
	w.key("tokens_budget")
	w.int(r.TokensBudget)
	w.key("duplicates_removed")
	w.int(r.DuplicatesRemoved)
	w.key("truncated")
	w.bool(r.Truncated)
	w.key("utilization_pct")
	w.pyFloat(r.UtilizationPct)
	w.key("trace")
	if err := w.trace(&r.Trace); err != nil {
		return nil, err
	}
	w.depth--
	return w.b, w.err
}

// jsonWriter appends indented JSON: two spaces a level, a newline before
// every member, as json.Indent lays it out.
type jsonWriter struct {
	b     []byte
	depth int
	first bool // no member written yet at this level

	// emit, if set, takes the bytes written so far once there are more
	// than pieceSize of them (see flushIfFull); err is its first error.
	emit      func([]byte) error
	pieceSize int
	err       error

	// stringWindow, if set, is the longest stretch of a string escaped
	// into the buffer before it may be emitted (str); 0 writes every
	// string whole.
	stringWindow int
}

// flushIfFull hands the bytes written to emit when there are enough of
// them. It is called between members, and between the windows of a long
// string (str), so a piece never ends inside a character or an escape:
// each piece is valid UTF-8 on its own, which is what lets a caller make
// the pieces inert for a terminal one by one.
func (w *jsonWriter) flushIfFull() {
	if w.emit == nil || w.err != nil || len(w.b) <= w.pieceSize {
		return
	}
	w.err = w.emit(w.b)
	w.b = w.b[:0]
}

func (w *jsonWriter) newline() {
	w.b = append(w.b, '\n')
	for range w.depth {
		w.b = append(w.b, ' ', ' ')
	}
}

func (w *jsonWriter) open(c byte) {
	w.b = append(w.b, c)
	w.depth++
	w.first = true
}

// close ends an object or array; an empty one stays on its line ({} or []).
func (w *jsonWriter) close(c byte) {
	w.depth--
	if !w.first {
		w.newline()
	}
	w.b = append(w.b, c)
	w.first = false
}

// member starts an element of an array or object.
func (w *jsonWriter) member() {
	if !w.first {
		w.b = append(w.b, ',')
	}
	w.first = false
	w.newline()
}

func (w *jsonWriter) key(k string) {
	w.member()
	w.b = jsonout.Append(w.b, k)
	w.b = append(w.b, ':', ' ')
}

func (w *jsonWriter) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

func (w *jsonWriter) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

// pyFloat is a float as Python writes it, as the reference's keys are.
func (w *jsonWriter) pyFloat(f float64) {
	repr, _ := pycompat.Float(f).MarshalJSON() // never fails
	w.b = append(w.b, repr...)
}

// checkFloats returns the error float would return for the first trace
// float JSON cannot spell.
func (r *Result) checkFloats() error {
	for i := range r.Trace.Len() {
		d := r.Trace.Doc(i)
		values := [3]float64{r.Trace.Score(i)}
		if d.Duplicate != nil {
			values[1] = d.Duplicate.Similarity
		}
		if d.Nearest != nil {
			values[2] = d.Nearest.Similarity
		}
		for _, f := range values {
			if math.IsInf(f, 0) || math.IsNaN(f) {
				return &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
			}
		}
	}
	return nil
}

// float is encoding/json's spelling of a float64: ES6 number formatting.
func (w *jsonWriter) float(f float64) error {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(w.b); n >= 4 && w.b[n-4] == 'e' && w.b[n-3] == '-' && w.b[n-2] == '0' {
			w.b[n-2] = w.b[n-1]
			w.b = w.b[:n-1]
		}
	}
	return nil
}

// raw appends compact JSON, indented at the current depth.
// citations writes the citation map as orderedCitations marshals it,
// indented, each source a string written in windows (str): marshalled,
// then indented, a source of 50 MB was copied four times over.
func (w *jsonWriter) citations(c map[int]string) {
	keys := make([]int, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	w.open('{')
	for _, k := range keys {
		w.key(strconv.Itoa(k))
		w.str(c[k])
	}
	w.close('}')
}

func (w *jsonWriter) raw(compact []byte) {
	if len(compact) <= 2 {
		w.b = append(w.b, compact...) // {} or []
		return
	}
	var out bytes.Buffer
	prefix := make([]byte, 2*w.depth)
	for i := range prefix {
		prefix[i] = ' '
	}
	_ = json.Indent(&out, compact, string(prefix), "  ") // compact is valid: it was just marshalled
	w.b = append(w.b, out.Bytes()...)
}

func (w *jsonWriter) ints(list []int) {
	if list == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('[')
	for _, n := range list {
		w.member()
		w.int(n)
	}
	w.close(']')
}

func (w *jsonWriter) documents(docs []value.Document) error {
	// documentsJSON never returns nil: an empty list is [].
	w.open('[')
	err := w.members(len(docs), func(w *jsonWriter, i int) error {
		d := &docs[i]
		w.open('{')
		w.key("content")
		w.str(d.Content)
		w.key("score")
		w.pyFloat(d.Score)
		w.key("source")
		w.str(d.Source)
		w.key("metadata")
		if len(d.Metadata) == 0 {
			w.b = append(w.b, '{', '}')
		} else {
			md, err := json.Marshal(d.Metadata)
			if err != nil {
				return err
			}
			w.raw(md)
		}
		w.close('}')
		return nil
	})
	if err != nil {
		return err
	}
	w.close(']')
	return nil
}

func (w *jsonWriter) trace(t *Trace) error {
	w.open('{')
	w.key("docs")
	if t.docTraces.states == nil {
		w.b = append(w.b, "null"...)
	} else {
		w.open('[')
		err := w.members(t.Len(), func(w *jsonWriter, i int) error {
			return w.docTrace(t, i)
		})
		if err != nil {
			return err
		}
		w.close(']')
	}
	w.key("counts")
	w.counts(t.Counts)
	w.key("sorted")
	w.ints(t.Sorted)
	w.key("deduped")
	w.ints(t.Deduped)
	w.key("reordered")
	w.ints(t.Reordered)
	w.key("cited")
	w.ints(t.Cited)
	w.key("budget_used")
	w.int(t.BudgetUsed)
	w.key("tokenizer")
	w.str(t.Tokenizer)
	w.key("budget_mode")
	w.str(string(t.BudgetMode))
	if t.BudgetFirst {
		w.key("budget_first")
		w.bool(true)
	}
	w.close('}')
	return nil
}

func (w *jsonWriter) counts(c StageCounts) {
	w.open('{')
	w.key("input")
	w.int(c.Input)
	w.key("filtered")
	w.int(c.Filtered)
	w.key("duplicates")
	w.int(c.Duplicates)
	w.key("reordered")
	w.bool(c.Reordered)
	w.key("included")
	w.int(c.Included)
	w.key("partial")
	w.int(c.Partial)
	w.key("summarized")
	w.int(c.Summarized)
	w.key("excluded")
	w.int(c.Excluded)
	w.close('}')
}

func (w *jsonWriter) docTrace(t *Trace, i int) error {
	d := t.Doc(i)
	w.open('{')
	w.key("index")
	w.int(int(d.Index))
	w.key("source")
	w.str(t.Source(i))
	w.key("score")
	if err := w.float(t.Score(i)); err != nil {
		return err
	}
	w.key("tokens")
	w.int(t.Tokens(i))
	w.key("filtered")
	w.bool(d.Filtered)
	if r := d.FilterReason(); r != "" {
		w.key("filter_reason")
		w.str(r)
	}
	w.key("sorted_pos")
	w.int(int(d.SortedPos))
	if dup := d.Duplicate; dup != nil {
		w.key("duplicate")
		w.open('{')
		w.key("kind")
		w.str(string(dup.Kind))
		w.key("of")
		w.int(dup.Of)
		w.key("similarity")
		if err := w.float(dup.Similarity); err != nil {
			return err
		}
		if dup.Key != "" {
			w.key("key")
			w.str(dup.Key)
		}
		w.close('}')
	}
	if n := d.Nearest; n != nil {
		w.key("nearest")
		w.open('{')
		w.key("of")
		w.int(n.Of)
		w.key("similarity")
		if err := w.float(n.Similarity); err != nil {
			return err
		}
		w.close('}')
	}
	w.key("pos_before_reorder")
	w.int(int(d.PosBeforeReorder))
	w.key("pos_after_reorder")
	w.int(int(d.PosAfterReorder))
	w.key("fate")
	w.str(d.Fate.String())
	w.key("tokens_kept")
	w.int(d.TokensKept)
	w.key("cut_at")
	w.int(d.CutAt)
	if d.Citation != 0 {
		w.key("citation")
		w.int(int(d.Citation))
	}
	if r := d.BudgetReason(); r != "" {
		w.key("budget_reason")
		w.str(r)
	}
	w.close('}')
	return nil
}
