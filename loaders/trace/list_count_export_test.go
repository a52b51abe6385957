package trace

import "ctxlab/loaders/request"

// ListedBothWays summarizes every LLM span of path as a listing does,
// counted directly (spanCounter) and opened on the full path; direct
// says how many spans the direct count took.
func ListedBothWays(path string, logs Logs, opts request.Options) (counted, opened []SpanSummary, direct int, err error) {
	c := newSpanCounter(path, opts)
	err = Scan(path, func(sp *Span) error {
		if !IsLLM(sp) {
			return nil
		}
		if _, _, ok := c.count(RequestOf(sp, logs[sp.SpanID])); ok {
			direct++
		}
		counted = append(counted, summarize(path, sp, logs[sp.SpanID], ListOptions{Logs: logs, Request: opts, counter: c}))
		opened = append(opened, summarize(path, sp, logs[sp.SpanID], ListOptions{Logs: logs, Request: opts}))
		return nil
	})
	return counted, opened, direct, err
}
