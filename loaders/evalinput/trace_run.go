package evalinput

import (
	"fmt"

	"ctxlab/loaders"
	"ctxlab/loaders/trace"
)

// traceRunLines reads a traces file's retrieval spans as the lines of a
// JSON Lines run, one query a span, as ctxlab traces FILE --format run
// writes them: the span's query, and its documents with their ids and
// scores. A line's number is the span's line in the file (0 for a file
// holding one request), so an error names the span's place.
func traceRunLines(path string) ([]numberedLine, error) {
	var lines []numberedLine
	err := trace.Scan(path, func(sp *trace.Span) error {
		if !trace.IsRetrieval(sp) || trace.IsLLM(sp) {
			return nil
		}
		line, _, err := trace.RetrievalOf(sp).RunRecord()
		if err != nil {
			return &loaders.Error{Name: path, Line: sp.Line, Msg: fmt.Sprintf("span %s: %v", sp.SpanID, err)}
		}
		lines = append(lines, numberedLine{number: max(sp.Line, len(lines)+1), text: line})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, &loaders.Error{Name: path, Msg: "is a traces file with no retrieval spans; expected OpenInference RETRIEVER spans or retrieval.documents to read as a run"}
	}
	return lines, nil
}
