package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/internal/safetext"
)

// evalReportOf is a report of queries with the given texts, as a run
// gives it, with the defaults' settings.
func evalReportOf(texts ...string) *evalrun.Report {
	rep := &evalrun.Report{Settings: core.DefaultSettings()}
	rep.Settings.Rerank, rep.Settings.InitialK, rep.Settings.FinalK = true, 20, 5
	for i, text := range texts {
		rep.Queries = append(rep.Queries, evalrun.QueryResult{
			QID: "q" + strings.Repeat("<&>", i), Query: text, Retrieved: 3, Included: []string{"d1"},
			Lost: map[evalrun.Stage][]string{evalrun.StageBudget: {"d2"}},
		})
	}
	return rep
}

// TestEvalJSONAsMarshalIndent: the streamed report is the bytes
// MarshalIndent gives with what could act on a terminal escaped
// (safetext.EscapeJSON, as every JSON report), a line break after, for
// texts that encoding/json escapes (<, &, U+2028, controls) or leaves raw
// (U+202E, U+009B), and for one longer than the windows it is written in.
func TestEvalJSONAsMarshalIndent(t *testing.T) {
	rep := evalReportOf("", "a <b> & c", "line\u2028sep\u2029 \t\"q\"\\", "bidi \u202e and CSI \u009b31m",
		strings.Repeat("long é 😀 <x> \u2028 ", 20_000), "last")
	set := &evalrun.Set{Judged: true}
	want, err := json.MarshalIndent(evalReportJSON(set, rep), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(safetext.EscapeJSON(want), '\n')
	var got bytes.Buffer
	if err := writeEvalJSON(&got, set, rep); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("streamed report differs from MarshalIndent's:\n%.2000s\nwant\n%.2000s", got.Bytes(), want)
	}
}
