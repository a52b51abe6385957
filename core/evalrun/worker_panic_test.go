package evalrun

import (
	"context"
	"testing"

	"ctxlab/internal/workerpanic/panictest"
)

// TestForEachQueryRaisesAWorkersPanic: a query whose work panics reaches
// the caller with the worker's value and stack, once the other queries'
// workers have stopped.
func TestForEachQueryRaisesAWorkersPanic(t *testing.T) {
	t.Parallel()
	panictest.Expect(t, "query 7 boom", "ctxlab/core/evalrun.forEachQuery.func1", func() {
		_ = forEachQuery(context.Background(), 20, func(i int) {
			if i == 7 {
				panic("query 7 boom")
			}
		})
	})
}
