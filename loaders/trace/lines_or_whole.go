package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"ctxlab/loaders"
)

// MaxFormatValue is the longest line, or whole-file value, a format read
// by ScanLinesOrWhole may hold.
const MaxFormatValue = 512 << 20

// LinesOrWhole is what a format read by ScanLinesOrWhole expects, in the
// words of its errors: Line one line's value ("one Langfuse observation
// a line"), Whole the file's forms, Empty what an empty file lacks.
type LinesOrWhole struct {
	Line, Whole, Empty string
}

// ScanLinesOrWhole reads r as JSON Lines, one value a line, or, when its
// first line that is not blank is not a JSON value by itself, as one
// value for the whole file (pretty-printed), and calls fn with each value
// and its line (0 for the whole file). Bad input is a *loaders.Error
// naming the file and the line.
func ScanLinesOrWhole(name string, r io.Reader, what LinesOrWhole, fn func(line int, data []byte) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	line, seen := 0, false
	for {
		data, err := br.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return &loaders.Error{Name: name, Msg: "cannot be read", Err: err}
		}
		if len(data) > MaxFormatValue {
			return &loaders.Error{Name: name, Line: line + 1, Msg: fmt.Sprintf("is longer than %d MiB; expected %s", MaxFormatValue>>20, what.Line)}
		}
		line++
		trimmed := bytes.TrimSpace(data)
		if line == 1 {
			trimmed = bytes.TrimSpace(bytes.TrimPrefix(trimmed, []byte("\ufeff")))
		}
		if len(trimmed) > 0 {
			if !seen && !json.Valid(trimmed) {
				// Not one value a line: one value for the whole file.
				rest, rerr := io.ReadAll(io.LimitReader(br, MaxFormatValue))
				if rerr != nil {
					return &loaders.Error{Name: name, Msg: "cannot be read", Err: rerr}
				}
				whole := append(append(append([]byte(nil), trimmed...), '\n'), rest...)
				if !json.Valid(whole) {
					return &loaders.Error{Name: name, Line: line, Msg: "is not JSON; expected " + what.Whole}
				}
				return fn(0, whole)
			}
			seen = true
			if !json.Valid(trimmed) {
				return &loaders.Error{Name: name, Line: line, Msg: "is not JSON; expected " + what.Line}
			}
			if err := fn(line, trimmed); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	if !seen {
		return loaders.EmptyError(name, what.Empty)
	}
	return nil
}
