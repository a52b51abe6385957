package metricslog

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"ctxlab/core/metrics"
	"ctxlab/loaders"
)

// metricsTailSize is how much of a log's end is read to check its last
// line: far more than one record, so a log is never read whole per append.
const metricsTailSize = 64 << 10

// Check makes sure path can take an appended metrics record
// before anything else is done: it opens the file for appending (creating
// it when missing, as Append would) and refuses a file that is
// not a metrics log, so a command can fail on a bad --metrics-out before
// it prints a report or takes the screen.
func Check(path string) error {
	f, err := openMetricsLog(path)
	if err != nil {
		return err
	}
	lockMetricsLog(f, false)
	_, err = metricsLogTail(path, f)
	if closeErr := f.Close(); err == nil && closeErr != nil {
		err = fmt.Errorf("%s: %w", path, closeErr)
	}
	return err
}

// Append appends m to the JSON Lines metrics log at path, as
// the article's ContextMonitor records it, and returns the alert the record
// raised ("" when none). The file is created when missing. A log whose
// last line lacks its newline (an append cut short, an editor's save) gets
// one first, so the new record starts a line of its own instead of
// corrupting the last; a file whose last line is not a metrics record is
// refused, since appending would bury a record in a file the monitor
// cannot read. The alert is returned even when the write fails, as
// metrics.Monitor.Record does.
func Append(path string, m metrics.ContextMetrics) (alert string, err error) {
	alert, _ = metrics.AlertFor(m)
	f, err := openMetricsLog(path)
	if err != nil {
		return alert, err
	}
	defer f.Close()
	lockMetricsLog(f, true)
	needsNewline, err := metricsLogTail(path, f)
	if err != nil {
		return alert, err
	}
	if needsNewline {
		if _, err := f.Write([]byte{'\n'}); err != nil {
			return alert, fmt.Errorf("%s: %w", path, err)
		}
	}
	if _, err := metrics.NewMonitor(f).Record(m); err != nil {
		return alert, fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return alert, fmt.Errorf("%s: %w", path, err)
	}
	return alert, nil
}

// openMetricsLog opens path to read its tail and append to it. Only a
// regular file is a log: a record written to a FIFO with no reader, or to
// a device, is lost while the command reports it appended.
func openMetricsLog(path string) (*os.File, error) {
	if info, err := os.Stat(path); err == nil {
		if err := checkMetricsLogMode(path, info); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	// Checked again on what was opened: the path may have been replaced
	// between the two.
	info, err := f.Stat()
	if err == nil {
		err = checkMetricsLogMode(path, info)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkMetricsLogMode refuses a directory, FIFO, device or socket.
func checkMetricsLogMode(path string, info os.FileInfo) error {
	switch {
	case info.IsDir():
		return &loaders.Error{Name: path, Msg: "is a directory; expected a metrics log file (JSON Lines)"}
	case !info.Mode().IsRegular():
		return &loaders.Error{Name: path, Msg: "is not a regular file (a pipe, a device or a socket); expected a metrics log file (JSON Lines) to append to"}
	}
	return nil
}

// metricsLogTail checks the last line of the log in f and reports whether
// it lacks its newline. An empty file, or one of blank lines only, is a
// log with no record yet.
func metricsLogTail(path string, f *os.File) (needsNewline bool, err error) {
	info, err := f.Stat()
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	size := info.Size()
	if size == 0 {
		return false, nil
	}
	start := max(size-metricsTailSize, 0)
	tail := make([]byte, size-start)
	if _, err := f.ReadAt(tail, start); err != nil && err != io.EOF {
		return false, fmt.Errorf("reading %s: %w", path, err)
	}
	needsNewline = tail[len(tail)-1] != '\n'
	trimmed := bytes.TrimRight(tail, " \t\r\n")
	if len(trimmed) == 0 {
		return needsNewline, nil
	}
	lastStart := bytes.LastIndexByte(trimmed, '\n') + 1
	if lastStart == 0 && start > 0 {
		return false, &loaders.Error{Name: path, Msg: fmt.Sprintf("its last line is longer than %d KiB; expected a metrics log (JSON Lines of ContextMetrics records) to append to", metricsTailSize>>10)}
	}
	// The line number is known when the whole file was read.
	at := &loaders.Error{Name: path}
	if start == 0 {
		at.Line = 1 + bytes.Count(trimmed[:lastStart], []byte{'\n'})
	}
	last := trimmed[lastStart:]
	if at.Line == 1 {
		last = loaders.StripBOM(last)
	}
	const expected = "expected a metrics log (JSON Lines of ContextMetrics records) to append to"
	if loaders.CheckUTF8(path, last) != nil {
		at.Msg = "the last line is not text (invalid UTF-8); " + expected
		return false, at
	}
	if _, err := metrics.ParseLine(last); err != nil {
		at.Msg = fmt.Sprintf("the last line is not a metrics record (%v); %s", err, expected)
		return false, at
	}
	return needsNewline, nil
}

// unwrapPath drops an *os.PathError's own copy of the path, which the
// message already names.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
