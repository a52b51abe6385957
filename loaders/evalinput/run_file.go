package evalinput

import (
	"bytes"
	"unicode"
)

// openRun reads a run file whole, within the input size limit, as every
// eval file is read: as a TREC run, or, when its first line that is not
// blank opens a JSON object, as JSON Lines, returned as its lines.
func openRun(path string) (*trecRun, []numberedLine, error) {
	lines, err := readEvalFile(path, "a retrieval run")
	if err != nil {
		return nil, nil, err
	}
	if bytes.HasPrefix(bytes.TrimLeftFunc(lines[0].text, unicode.IsSpace), []byte("{")) {
		return nil, lines, nil
	}
	run, err := parseTRECRun(path, lines)
	return run, nil, err
}

// parseTRECRun parses a TREC run's lines.
func parseTRECRun(name string, lines []numberedLine) (*trecRun, error) {
	run := &trecRun{queryOf: map[string]int32{}, docOf: map[string]int32{}}
	for _, l := range lines {
		if err := run.add(name, l.number, l.text); err != nil {
			return nil, err
		}
	}
	run.queryOf, run.docOf, run.fields = nil, nil, nil
	return run, nil
}
