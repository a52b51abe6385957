package loaders

import (
	"bytes"
	"encoding/csv"
	"errors"
)

// detectedFromStart is the syntax detectDocuments gives a file that
// begins with start (all of it when whole): JSON when it opens like
// JSON, CSV when its first row names a content column, else YAML.
// judged is false when start alone cannot tell: the first row, which
// encoding/csv reads line by line (a quoted cell over several), may run
// on past it, read to its end with its last line cut short or a quote
// still open.
func detectedFromStart(start []byte, whole bool) (format string, judged bool) {
	if looksLikeJSON(start) {
		return FormatJSON, true
	}
	if !whole && len(start) == 0 {
		return "", false
	}
	r := csv.NewReader(bytes.NewReader(start))
	header, err := r.Read()
	if !whole && r.InputOffset() >= int64(len(start)) && (errors.Is(err, csv.ErrQuote) || start[len(start)-1] != '\n') {
		return "", false
	}
	if err != nil && !errors.Is(err, csv.ErrFieldCount) {
		return FormatYAML, true
	}
	if _, isCSV := csvContentColumn(header); isCSV {
		return FormatCSV, true
	}
	return FormatYAML, true
}
