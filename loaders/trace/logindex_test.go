package trace

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// logsOfSpans is a JSON Lines logs file of lines lines, each with a
// record for each of spans spans in turn, so that every span has records
// on every line and every line records of many spans; each record's body
// says its line and span.
func logsOfSpans(lines, spans int) string {
	var b strings.Builder
	for l := range lines {
		var recs []string
		for s := range spans {
			recs = append(recs, fmt.Sprintf(`{"timeUnixNano":"%d","eventName":"gen_ai.user.message","body":{"kvlistValue":{"values":[{"key":"content","value":{"stringValue":"line %d span %d"}}]}},"traceId":"%032x","spanId":"%016x"}`,
				1000+l, l, s, 1, s+1))
		}
		fmt.Fprintf(&b, `{"resourceLogs":[{"scopeLogs":[{"logRecords":[%s]}]}]}`+"\n", strings.Join(recs, ","))
	}
	return b.String()
}

// TestLogIndexEvents: a span's records read through the index are the
// ones ReadLogs holds for it, in the same order, whether the file is
// JSON Lines or one request, and whether its lines are decoded again or
// remembered.
func TestLogIndexEvents(t *testing.T) {
	manyLines := writeTemp(t, "many.jsonl", logsOfSpans(3*recentLines, 5))
	oneRequest := writeTemp(t, "one.json", strings.ReplaceAll(strings.TrimSpace(logsOfSpans(1, 5)), `,"`, ",\n  \""))
	for _, path := range []string{otelLogs, manyLines, oneRequest} {
		want, err := ReadLogs(path)
		if err != nil {
			t.Fatal(err)
		}
		idx, err := OpenLogIndex(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 {
			t.Fatalf("%s: no records", path)
		}
		// Twice: from the file, then (in part) from the lines kept.
		for range 2 {
			for id, evs := range want {
				got, err := idx.Events(id)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, evs) {
					t.Errorf("%s: span %s: %d records through the index, %d read whole; want the same", path, id, len(got), len(evs))
				}
			}
		}
		if got, err := idx.Events("0000000000000abc"); err != nil || got != nil {
			t.Errorf("%s: a span with no records: %v, %v", path, got, err)
		}
		idx.Close()
	}
}

// TestLogIndexBadRecord: a bad record is reported when the index is
// made, as ReadLogs reports it.
func TestLogIndexBadRecord(t *testing.T) {
	good := logsOfSpans(3, 2)
	bad := writeTemp(t, "bad.jsonl", good+`{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"spanId":"xyz"}]}]}]}`+"\n")
	_, want := ReadLogs(bad)
	_, err := OpenLogIndex(bad)
	if want == nil || err == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("index: %v; read whole: %v; want the same error at line 4", err, want)
	}
}

// TestListTracesLogIndex: a listing with the logs file indexed is the
// listing with its records read whole.
func TestListTracesLogIndex(t *testing.T) {
	logs, err := ReadLogs(otelLogs)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := OpenLogIndex(otelLogs)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	want, err := ListTraces(otelTraces, ListOptions{Logs: logs})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ListTraces(otelTraces, ListOptions{LogIndex: idx})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("listing with the index:\n%+v\nwith the records read whole:\n%+v", got, want)
	}
	counted := 0
	for _, tr := range got {
		for _, s := range tr.LLM {
			if s.Counted != nil {
				counted++
			}
		}
	}
	if counted == 0 {
		t.Error("no span counted from the logs")
	}
}
