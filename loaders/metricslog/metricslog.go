package metricslog

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"ctxlab/core/metrics"
	"ctxlab/loaders"
)

// Load reads a monitor's metrics log: JSON Lines of the article's
// ContextMetrics, one record per assembly. Blank lines are skipped (a log
// ends with a newline, and an append that was cut short may leave one); any
// other bad line is an error naming the file and the line, because a report
// that silently skips records would understate the alerts. A log with no
// record is an error matching ErrEmpty, so a caller can report "no
// requests yet" instead of failing.
func Load(path string) ([]metrics.ContextMetrics, error) {
	f, err := loaders.OpenInput(path)
	if err != nil {
		return nil, loaders.InputError("loading metrics", err)
	}
	defer f.Close()
	return readMetrics(path, f)
}

// readMetrics parses a metrics log from r; name appears in errors.
func readMetrics(name string, r io.Reader) ([]metrics.ContextMetrics, error) {
	// bufio.Reader rather than Scanner: a record with a long list of
	// truncated components must not hit Scanner's line limit.
	br := bufio.NewReader(r)
	var records []metrics.ContextMetrics
	for lineNo := 1; ; lineNo++ {
		line, readErr := br.ReadBytes('\n')
		if readErr != nil && !errors.Is(readErr, io.EOF) {
			return nil, loaders.InputError("reading "+name, readErr)
		}
		if lineNo == 1 {
			line = loaders.StripBOM(line)
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if err := loaders.CheckUTF8(name, line); err != nil {
				return nil, &loaders.Error{Name: name, Line: lineNo, Msg: "invalid UTF-8; expected a JSON object"}
			}
			m, err := metrics.ParseLine(line)
			if err != nil {
				return nil, &loaders.Error{Name: name, Line: lineNo, Msg: "invalid metrics record", Err: err}
			}
			records = append(records, m)
		}
		if readErr != nil {
			break
		}
	}
	if len(records) == 0 {
		return nil, loaders.EmptyError(name, "metrics records (JSON Lines written by the monitor)")
	}
	return records, nil
}
