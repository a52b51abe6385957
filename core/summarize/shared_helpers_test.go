// The tests of core/summarize share these helpers with the tests of
// core/memory/summary_test.go. Test files cannot import each other across
// packages, so coresplit copied them here; change them in both places.

package summarize

import (
	"context"
	"fmt"
)

// recordingSummarizer returns "sum<k>" for its k-th call and records the
// requests.
type recordingSummarizer struct {
	reqs []Request
	err  error
}

func (r *recordingSummarizer) Summarize(_ context.Context, req Request) (string, error) {
	if r.err != nil {
		return "", r.err
	}
	r.reqs = append(r.reqs, req)
	return fmt.Sprintf("sum%d", len(r.reqs)), nil
}
