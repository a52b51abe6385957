package docs

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// isCSVHeader reports whether the first row of data, read as CSV, names a
// content column. Detection needs that much: prose and YAML rarely have a
// first line with a cell that is exactly "content", "text", "page_content"
// or "chunk_text".
func isCSVHeader(data []byte) bool {
	r := csv.NewReader(bytes.NewReader(data))
	header, err := r.Read()
	if err != nil && !errors.Is(err, csv.ErrFieldCount) {
		return false
	}
	_, ok := csvContentColumn(header)
	return ok
}

// csvContentColumn returns the index of the content column, preferring
// the names in the order the JSON records do (loaders.RecordText).
func csvContentColumn(header []string) (int, bool) {
	for _, want := range loaders.RecordText {
		for i, h := range header {
			if csvColumnName(h) == want {
				return i, true
			}
		}
	}
	return 0, false
}

func csvColumnName(h string) string {
	return strings.ToLower(strings.TrimSpace(h))
}

// parseCSV reads comma-separated records under a header row. The content
// column is "content", "text", "page_content" or "chunk_text"; "score" (empty cell means
// 1.0) and "source" are optional; every other column becomes a metadata
// string under its header name. Without a source column the source is the
// "id" column, as for JSON records.
//
// Content is kept as written, except that encoding/csv turns CRLF inside a
// quoted field into LF. encoding/csv's errors name the line and column.
func parseCSV(name string, data []byte) ([]value.Document, error) {
	r := csv.NewReader(bytes.NewReader(data))
	header, err := r.Read()
	if err != nil {
		return nil, csvError(name, err, nil, 0)
	}
	layout, err := csvLayoutOf(name, header)
	if err != nil {
		return nil, err
	}
	var docs []value.Document
	for {
		record, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, csvError(name, err, record, len(header))
		}
		line, _ := r.FieldPos(0)
		doc, err := layout.document(name, loaders.Place{Line: line}, record)
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
	return docs, nil
}

// csvLayout is where a CSV header puts the document's fields.
type csvLayout struct {
	header                                 []string
	contentCol, scoreCol, sourceCol, idCol int
}

// csvLayoutOf reads a header row: a content column, every column named
// once.
func csvLayoutOf(name string, header []string) (csvLayout, error) {
	contentCol, ok := csvContentColumn(header)
	if !ok {
		return csvLayout{}, &loaders.Error{Name: name, Line: 1, Msg: fmt.Sprintf("CSV header %q has no content column; expected %s", header, loaders.RecordText.Alternatives())}
	}
	l := csvLayout{header: header, contentCol: contentCol, scoreCol: -1, sourceCol: -1, idCol: -1}
	seen := map[string]int{}
	for i, h := range header {
		col := csvColumnName(h)
		if col == "" {
			return csvLayout{}, &loaders.Error{Name: name, Line: 1, Msg: fmt.Sprintf("CSV header column %d has no name; every column needs one", i+1)}
		}
		if first, dup := seen[col]; dup {
			return csvLayout{}, &loaders.Error{Name: name, Line: 1, Msg: fmt.Sprintf("CSV header names %s twice (columns %d and %d)", loaders.Quoted(col), first+1, i+1)}
		}
		seen[col] = i
		switch col {
		case "score":
			l.scoreCol = i
		case "source":
			l.sourceCol = i
		case "id":
			l.idCol = i
		}
	}
	return l, nil
}

// document makes one record's document, at p for its errors.
func (l csvLayout) document(name string, p loaders.Place, record []string) (value.Document, error) {
	content := record[l.contentCol]
	var score float64 = 1
	if l.scoreCol >= 0 && strings.TrimSpace(record[l.scoreCol]) != "" {
		var err error
		score, err = loaders.ParseScore(p, name, "score", record[l.scoreCol])
		if err != nil {
			return value.Document{}, err
		}
	}
	meta := map[string]any{}
	for i, cell := range record {
		if i != l.contentCol && i != l.scoreCol && i != l.sourceCol {
			meta[strings.TrimSpace(l.header[i])] = cell
		}
	}
	source := ""
	switch {
	case l.sourceCol >= 0:
		source = record[l.sourceCol]
	case l.idCol >= 0:
		source = record[l.idCol]
	}
	return value.Document{Content: content, Score: score, Source: source, Metadata: meta}, nil
}

// csvError reports a CSV parse error at its line, and for a short or long
// row says how many fields it had against the header.
func csvError(name string, err error, record []string, want int) error {
	var parseErr *csv.ParseError
	if !errors.As(err, &parseErr) {
		return &loaders.Error{Name: name, Msg: "invalid CSV", Err: err}
	}
	if errors.Is(err, csv.ErrFieldCount) {
		return &loaders.Error{Name: name, Line: parseErr.StartLine,
			Msg: fmt.Sprintf("CSV row has %s fields; the header has %s", numfmt.Thousands(len(record)), numfmt.Thousands(want)), Err: csv.ErrFieldCount}
	}
	return &loaders.Error{Name: name, Line: parseErr.Line, Column: parseErr.Column, Msg: "invalid CSV", Err: parseErr.Err}
}
