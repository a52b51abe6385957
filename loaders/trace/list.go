package trace

import (
	"runtime"
	"sort"
	"sync"
	"time"

	"ctxlab/loaders/request"
)

// SpanSummary is one LLM span of a listing: no message bodies, which are
// read again when the span is opened.
type SpanSummary struct {
	SpanID string
	Name   string
	Model  string
	Start  time.Time
	// Counted is ctxlab's count of the request as sent (what assemble
	// --span-id reports); nil when the span holds usage only, or its
	// request could not be read (Note says why).
	Counted *int
	// Billed is the input tokens the span recorded; nil when none.
	Billed *int
	// Overflows is true when the request as counted does not fit the
	// model's window less the reply reserve.
	Overflows  bool
	Convention string
	// Note says why Counted is missing or leaves something out.
	Note string
}

// TraceSummary is one trace of a listing.
type TraceSummary struct {
	TraceID string
	// Start is the earliest start of any of its spans.
	Start   time.Time
	Service string
	// Spans counts every span of the trace; LLM holds its LLM spans in
	// time order.
	Spans int
	LLM   []SpanSummary
	// Retrievals are its retrieval spans, in time order.
	Retrievals []RetrievalSummary
}

// maxListedQuery is the most runes of a retrieval's query a listing
// keeps: the query is opened whole with the span.
const maxListedQuery = 200

// RetrievalSummary is one retrieval span of a listing.
type RetrievalSummary struct {
	SpanID, Name, Query string
	Start               time.Time
	Documents           int
}

// ListOptions control ListTraces.
type ListOptions struct {
	// Logs are the log records of a logs file, by span id (ReadLogs).
	Logs Logs
	// Request are the options each span's request is opened with, for
	// its count.
	Request request.Options
}

// ListTraces reads a traces file once and summarizes its traces, in the
// order of their start. Each LLM span's request is counted as it is read
// (by one worker per CPU, while the file is read on) and let go, so the
// listing holds no message bodies.
func ListTraces(path string, opts ListOptions) ([]TraceSummary, error) {
	byID := map[string]int{} // index in order
	var order []*TraceSummary
	type job struct {
		sp  *Span
		out *SpanSummary
	}
	// The spans waiting for a worker are held with their bodies: a few
	// per worker.
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan job, 4*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				*j.out = summarize(path, j.sp, opts)
			}
		}()
	}
	var slots [][]*SpanSummary // per trace, the LLM spans' summaries
	err := Scan(path, func(sp *Span) error {
		i, seen := byID[sp.TraceID]
		if !seen {
			i = len(order)
			byID[sp.TraceID] = i
			order = append(order, &TraceSummary{TraceID: sp.TraceID, Start: sp.Start})
			slots = append(slots, nil)
		}
		t := order[i]
		t.Spans++
		if !sp.Start.IsZero() && (t.Start.IsZero() || sp.Start.Before(t.Start)) {
			t.Start = sp.Start
		}
		if t.Service == "" {
			t.Service = sp.Service
		}
		if IsRetrieval(sp) && !IsLLM(sp) {
			r := RetrievalOf(sp)
			query := r.Query
			if q := []rune(query); len(q) > maxListedQuery {
				query = string(q[:maxListedQuery-1]) + "…"
			}
			t.Retrievals = append(t.Retrievals, RetrievalSummary{SpanID: sp.SpanID, Name: sp.Name, Query: query, Start: sp.Start, Documents: len(r.Docs)})
			return nil
		}
		if !IsLLM(sp) {
			return nil
		}
		out := &SpanSummary{}
		slots[i] = append(slots[i], out)
		jobs <- job{sp, out}
		return nil
	})
	close(jobs)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	out := make([]TraceSummary, len(order))
	for i, t := range order {
		for _, s := range slots[i] {
			t.LLM = append(t.LLM, *s)
		}
		sort.SliceStable(t.LLM, func(a, b int) bool { return t.LLM[a].Start.Before(t.LLM[b].Start) })
		sort.SliceStable(t.Retrievals, func(a, b int) bool { return t.Retrievals[a].Start.Before(t.Retrievals[b].Start) })
		out[i] = *t
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start.Before(out[b].Start) })
	return out, nil
}

func summarize(path string, sp *Span, opts ListOptions) SpanSummary {
	req := RequestOf(sp, opts.Logs[sp.SpanID])
	s := SpanSummary{SpanID: sp.SpanID, Name: sp.Name, Model: req.Model, Start: sp.Start, Convention: req.Convention}
	if req.Usage != nil {
		billed := req.Usage.Input
		s.Billed = &billed
	}
	if !req.Content {
		s.Note = "usage only: the messages are in OTLP logs (--logs FILE)"
		if sp.Request != nil && len(req.Notes) > 0 {
			s.Note = req.Notes[0]
		}
		return s
	}
	for _, n := range req.Notes {
		if n == noteNoToolDefinitions {
			s.Note = "counted without tool definitions: the instrumentation records none"
		}
	}
	sc, err := SpanScenario(path, req, opts.Request)
	if err == nil {
		var n int
		if n, s.Overflows, err = measure(sc); err == nil {
			s.Counted = &n
		}
	}
	if err != nil {
		s.Note = err.Error()
	}
	return s
}
