package filter

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/value"
)

// TestMatchingUntilTheQuerysOwnResult checks that the filter says it is
// still matching while the rows in force are an earlier query's, so the
// list's title never counts them as the new query's.
func TestMatchingUntilTheQuerysOwnResult(t *testing.T) {
	f := New()
	f.Open()
	ev := &core.Evaluation{Documents: []value.Document{{Source: "kb/refunds.md"}}}
	f, _, _ = f.Update(keyMsg("r"), ev)
	if !f.Matching() {
		t.Error("typing r: not matching before r's result")
	}
	f.Apply(ResultMsg{version: f.version, query: "r", docs: map[int]bool{0: true}})
	if f.Matching() {
		t.Error("matching after r's own result")
	}
	f, _, _ = f.Update(keyMsg("e"), ev)
	if !f.Matching() || !f.Active() {
		t.Errorf("typing e: matching %v, active %v; want r's rows in force while re is matched", f.Matching(), f.Active())
	}
	f.Apply(ResultMsg{version: f.version, query: "re", docs: map[int]bool{0: true}})
	if f.Matching() {
		t.Error("matching after re's own result")
	}
}
