package loaders

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"ctxlab/core/value"
)

// csvPeekBytes is how much of a file's start streamCSVRecords reads to
// detect CSV: its header row must end within it.
const csvPeekBytes = 64 << 10

// streamCSVRecords reads a CSV documents file straight from the file,
// never whole: held whole, one 50 MB cell was in memory four times (the
// file, encoding/csv's line and record buffers, the cell's string), 4.4
// times the file at the peak. detect says the format is to be detected:
// the file's start must then be what detectDocuments takes for CSV (not
// JSON, a first row naming a content column) with the row ending within
// it. handled is false for anything else and for a file with any
// problem: the caller then reads it whole, which says what is wrong
// exactly as it always has.
func streamCSVRecords(input docInput, detect bool) (docs []value.Document, handled bool, err error) {
	path := input.name
	f, _, err := input.open()
	if err != nil {
		return nil, false, inputError("loading documents", err)
	}
	defer f.Close()
	in := &readErrors{r: f}
	br := bufio.NewReaderSize(in, csvPeekBytes)
	start, err := br.Peek(csvPeekBytes)
	whole := err != nil // the file is all in start (or unreadable: read whole, it says so)
	if whole && in.err != nil {
		return nil, false, nil
	}
	if bytes.HasPrefix(start, utf8BOM) {
		br.Discard(len(utf8BOM))
		start = start[len(utf8BOM):]
	}
	if isBlank(start) || (detect && !csvHeaderWithin(start, whole)) {
		return nil, false, nil
	}
	docs, ok := csvDocuments(path, br)
	if !ok || in.err != nil {
		return nil, false, nil
	}
	return docs, true, nil
}

// csvHeaderWithin reports whether start, the beginning of a file (all of
// it when whole), opens as detectDocuments reads CSV, judged on start
// alone (detectedFromStart).
func csvHeaderWithin(start []byte, whole bool) bool {
	format, judged := detectedFromStart(start, whole)
	return judged && format == FormatCSV
}

// readErrors passes reads on and keeps the first error that is not the
// end of the input, which encoding/csv would report as a CSV error.
type readErrors struct {
	r   io.Reader
	err error
}

func (e *readErrors) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) && e.err == nil {
		e.err = err
	}
	return n, err
}
