package loaders

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"

	"ctxlab/core/value"
)

// streamJSONLines reads a JSON Lines file of plain document records one
// line at a time, so a large retrieval run is never held whole beside its
// documents. handled is false for anything else, or for a file with any
// problem (a record spread over lines, a byte-order mark, invalid UTF-8 or
// JSON, a bad field, a single value that might be a wrapper shape): the
// caller then reads the file whole, which says what is wrong exactly as it
// always has. The documents are those the whole-file reader makes from the
// same records.
func streamJSONLines(path string) (docs []value.Document, handled bool, err error) {
	// The bounded reader checks the size limit and stops at the first
	// byte that is not text, as for every input.
	f, err := OpenInput(path)
	if err != nil {
		return nil, false, inputError("loading documents", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var long []byte    // a line longer than the reader's buffer, put together
	var scratch []byte // plainLine's, for unescaping
	for lineNo := 1; ; lineNo++ {
		line, readErr := r.ReadSlice('\n')
		for errors.Is(readErr, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			line, readErr = r.ReadSlice('\n')
			long = append(long, line...)
			line = long
		}
		if readErr != nil && readErr != io.EOF {
			return nil, false, inputError("loading documents", readErr)
		}
		if trimmed := bytes.Trim(line, " \t\r\n"); len(trimmed) > 0 {
			doc, ok := streamedRecord(path, trimmed, lineNo, len(docs) == 0, &scratch)
			if !ok {
				return nil, false, nil
			}
			docs = append(docs, doc)
		}
		if readErr == io.EOF {
			break
		}
	}
	// One value may be a wrapper (Chroma, Tavily, a cassette) or a lone
	// record: the whole-file reader tells them apart.
	return docs, len(docs) >= 2, nil
}

// streamedRecord decodes one line holding one plain record: the plainest
// records directly (plainLine), any other through encoding/json.
func streamedRecord(path string, line []byte, lineNo int, first bool, scratch *[]byte) (value.Document, bool) {
	if line[0] != '{' || !utf8.Valid(line) {
		return value.Document{}, false
	}
	if doc, ok := plainLine(line, scratch); ok {
		return doc, true
	}
	return generalRecord(path, line, lineNo, first)
}

// generalRecord decodes a line holding one record of any plain shape
// through encoding/json, as the whole-file reader does.
func generalRecord(path string, line []byte, lineNo int, first bool) (value.Document, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || dec.InputOffset() != int64(len(line)) {
		return value.Document{}, false
	}
	obj, ok := normalizeJSON(v).(map[string]any)
	if !ok {
		return value.Document{}, false
	}
	// The whole-file reader decides the shape of a list by its first
	// element; streaming goes on only when that is plain records.
	if first && detectShape([]any{obj}, false) != FormatJSON {
		return value.Document{}, false
	}
	doc, err := plainRecord(place{line: lineNo}, path, obj)
	return doc, err == nil
}
