package trace

import (
	"bufio"
	"io"
	"os"
	"sync"

	"ctxlab/loaders"
)

// LogIndex is a logs file indexed by span id: for each span, the lines
// that hold its records, not the records. A span's records are decoded
// again from those lines when it asks for them (Events), so a listing or
// an opened span holds the message bodies of a few lines at a time, not
// of the whole file. The file is checked whole when the index is made:
// a bad record is reported then, as ReadLogs reports it.
type LogIndex struct {
	path string
	f    *os.File
	// spans are, by span id, the indexes in lines of the lines holding
	// its records, in file order.
	spans map[string][]int32
	lines []indexedLine
	// whole is the records of a file holding one request, which has no
	// lines to read again.
	whole Logs
	// proto says the file is OTLP protobuf: lines are then its messages
	// (indexProto).
	proto bool

	mu     sync.Mutex
	recent []decodedLine // the lines decoded last, the newest last
}

type indexedLine struct {
	line int
	at   rawLine
}

type decodedLine struct {
	index  int32
	bySpan Logs
}

// recentLines is how many decoded lines a LogIndex keeps: the spans of
// one exporter batch are usually asked for one after another.
const recentLines = 16

// OpenLogIndex reads an OTLP logs file (JSON, or protobuf: protobuf.go)
// once and indexes its records by span id. Close it when done.
func OpenLogIndex(path string) (*LogIndex, error) {
	f, err := openFile(path, "logs")
	if err != nil {
		return nil, err
	}
	x := &LogIndex{path: path, f: f, spans: map[string][]int32{}}
	br := bufio.NewReaderSize(f, 1<<20)
	if form := sniffProto(br); form != notProto {
		err = x.indexProto(br, form)
	} else {
		err = x.indexJSON(br)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return x, nil
}

// indexJSON indexes an OTLP JSON logs file: the lines of JSON Lines, the
// records of a file holding one request.
func (x *LogIndex) indexJSON(r io.Reader) error {
	path := x.path
	return scanRequestsAt(path, r, "resourceLogs", "logs", func(line int, at rawLine, data []byte) error {
		if line == 0 {
			x.whole = Logs{}
			return decodeLogs(path, line, data, func(spanID string, ev Event) {
				x.whole[spanID] = append(x.whole[spanID], ev)
			})
		}
		i := int32(len(x.lines))
		x.lines = append(x.lines, indexedLine{line: line, at: at})
		return decodeLogs(path, line, data, func(spanID string, _ Event) {
			if ls := x.spans[spanID]; len(ls) == 0 || ls[len(ls)-1] != i {
				x.spans[spanID] = append(ls, i)
			}
		})
	})
}

// Close closes the logs file.
func (x *LogIndex) Close() error { return x.f.Close() }

// Events are the records of the span with id spanID, in file order: what
// ReadLogs(path)[spanID] holds. It is safe for concurrent use.
func (x *LogIndex) Events(spanID string) ([]Event, error) {
	if x == nil {
		return nil, nil
	}
	if x.whole != nil {
		return x.whole[spanID], nil
	}
	var out []Event
	for _, i := range x.spans[spanID] {
		bySpan, err := x.decoded(i)
		if err != nil {
			return nil, err
		}
		out = append(out, bySpan[spanID]...)
	}
	return out, nil
}

// decoded is the records of lines[i] by span id.
func (x *LogIndex) decoded(i int32) (Logs, error) {
	x.mu.Lock()
	for _, d := range x.recent {
		if d.index == i {
			x.mu.Unlock()
			return d.bySpan, nil
		}
	}
	x.mu.Unlock()
	l := x.lines[i]
	data := make([]byte, l.at.n)
	if _, err := x.f.ReadAt(data, l.at.off); err != nil {
		e := &loaders.Error{Name: x.path, Line: l.line, Msg: "cannot be read again", Err: err}
		if x.proto {
			e.Line, e.Record = 0, l.line
		}
		return nil, e
	}
	bySpan := Logs{}
	collect := func(spanID string, ev Event) { bySpan[spanID] = append(bySpan[spanID], ev) }
	var err error
	if x.proto {
		err = decodeProtoLogs(x.path, l.line, l.at.off, data, collect)
	} else {
		err = decodeLogs(x.path, l.line, trimLine(l.line, data), collect)
	}
	if err != nil {
		return nil, err
	}
	x.mu.Lock()
	if len(x.recent) == recentLines {
		x.recent = append(x.recent[:0], x.recent[1:]...)
	}
	x.recent = append(x.recent, decodedLine{index: i, bySpan: bySpan})
	x.mu.Unlock()
	return bySpan, nil
}
