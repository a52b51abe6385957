package trace

import (
	"bytes"
	"errors"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
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
	// MessagesInLogs: the span records no messages, as the OpenTelemetry
	// GenAI instrumentation writes them to OTLP logs, and no logs file
	// gave them; it opens with --logs LOGS.
	MessagesInLogs bool
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
	// LogIndex, when Logs is nil, is the logs file indexed (OpenLogIndex):
	// each LLM span's records are read from it as the span is counted,
	// so the listing holds a few lines' records at a time.
	LogIndex *LogIndex
	// Request are the options each span's request is opened with, for
	// its count.
	Request request.Options

	// counter counts spans without opening them (spanCounter); nil
	// opens every span.
	counter *spanCounter
}

// ListTraces reads a traces file once and summarizes its traces, in the
// order of their start. The lines of a JSON Lines file are independent
// requests: one worker per CPU decodes a line and counts each of its LLM
// spans' requests while the file is read on, and the summaries are
// gathered in file order, so the listing is the same whatever the number
// of workers. Nothing of a span but its summary outlives its line: the
// listing holds no message bodies.
func ListTraces(path string, opts ListOptions) ([]TraceSummary, error) {
	return listTraces(path, opts, runtime.GOMAXPROCS(0))
}

// spanItem is what a listing keeps of one span.
type spanItem struct {
	traceID, service string
	start            time.Time
	llm              *SpanSummary
	retrieval        *RetrievalSummary
}

func itemOf(path string, sp *Span, opts ListOptions) (spanItem, error) {
	it := spanItem{traceID: sp.TraceID, service: sp.Service, start: sp.Start}
	switch {
	case IsRetrieval(sp) && !IsLLM(sp):
		r := RetrievalOf(sp)
		query := r.Query
		if q := []rune(query); len(q) > maxListedQuery {
			query = string(q[:maxListedQuery-1]) + "…"
		}
		it.retrieval = &RetrievalSummary{SpanID: sp.SpanID, Name: sp.Name, Query: query, Start: sp.Start, Documents: len(r.Docs)}
	case IsLLM(sp):
		logs := opts.Logs[sp.SpanID]
		if opts.Logs == nil {
			var err error
			if logs, err = opts.LogIndex.Events(sp.SpanID); err != nil {
				return it, err
			}
		}
		s := summarize(path, sp, logs, opts)
		it.llm = &s
	}
	return it, nil
}

// errStopped stops a listing's read after a worker's error.
var errStopped = errors.New("stopped")

// listJob is a line (or a registered format's span) waiting for a
// worker, then for its turn to be gathered.
type listJob struct {
	run   func() ([]spanItem, error)
	items []spanItem
	err   error
	done  chan struct{}
}

// listTraces is ListTraces with the given number of workers; 1 reads and
// counts on the calling goroutine's pace, one span after another.
func listTraces(path string, opts ListOptions, workers int) ([]TraceSummary, error) {
	workers = max(workers, 1)
	opts.counter = newSpanCounter(path, opts.Request)
	f, err := openFile(path, "traces")
	if err != nil {
		return nil, err
	}
	defer f.Close()

	// At most a few jobs per worker are in flight, each holding its line.
	jobs := make(chan *listJob, 2*workers)
	queue := make(chan *listJob, 4*workers)
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j.items, j.err = j.run()
				close(j.done)
			}
		}()
	}
	var idx listIndex
	var jobErr error
	gathered := make(chan struct{})
	go func() {
		defer close(gathered)
		for j := range queue {
			<-j.done
			if jobErr != nil {
				continue
			}
			if j.err != nil {
				jobErr = j.err
				stopped.Store(true)
				continue
			}
			for i := range j.items {
				idx.add(&j.items[i])
			}
		}
	}()
	submit := func(run func() ([]spanItem, error)) error {
		if stopped.Load() {
			return errStopped
		}
		j := &listJob{run: run, done: make(chan struct{})}
		queue <- j
		jobs <- j
		return nil
	}
	scanErr := scanTraceRequests(path, f, func(sp *Span) error {
		// A registered format decodes on this goroutine; its spans
		// are counted by the workers.
		return submit(func() ([]spanItem, error) {
			it, err := itemOf(path, sp, opts)
			return []spanItem{it}, err
		})
	}, func(line int, data []byte) error {
		if line > 0 {
			// The reader's buffer is read on: the line is copied.
			data = bytes.Clone(data)
		}
		return submit(func() ([]spanItem, error) {
			var items []spanItem
			err := decodeTraces(path, line, data, func(sp *Span) error {
				it, err := itemOf(path, sp, opts)
				items = append(items, it)
				return err
			})
			return items, err
		})
	})
	close(jobs)
	close(queue)
	wg.Wait()
	<-gathered
	switch {
	case jobErr != nil:
		return nil, jobErr
	case scanErr != nil && !errors.Is(scanErr, errStopped):
		return nil, scanErr
	}
	return idx.traces(), nil
}

// listIndex gathers spans, in file order, into traces.
type listIndex struct {
	byID  map[string]int // index in order
	order []*TraceSummary
}

func (x *listIndex) add(it *spanItem) {
	if x.byID == nil {
		x.byID = map[string]int{}
	}
	i, seen := x.byID[it.traceID]
	if !seen {
		i = len(x.order)
		x.byID[it.traceID] = i
		x.order = append(x.order, &TraceSummary{TraceID: it.traceID, Start: it.start})
	}
	t := x.order[i]
	t.Spans++
	if !it.start.IsZero() && (t.Start.IsZero() || it.start.Before(t.Start)) {
		t.Start = it.start
	}
	if t.Service == "" {
		t.Service = it.service
	}
	if it.retrieval != nil {
		t.Retrievals = append(t.Retrievals, *it.retrieval)
	}
	if it.llm != nil {
		t.LLM = append(t.LLM, *it.llm)
	}
}

// traces are the traces gathered, their spans in time order, in the order
// of their start.
func (x *listIndex) traces() []TraceSummary {
	out := make([]TraceSummary, len(x.order))
	for i, t := range x.order {
		sort.SliceStable(t.LLM, func(a, b int) bool { return t.LLM[a].Start.Before(t.LLM[b].Start) })
		sort.SliceStable(t.Retrievals, func(a, b int) bool { return t.Retrievals[a].Start.Before(t.Retrievals[b].Start) })
		out[i] = *t
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start.Before(out[b].Start) })
	return out
}

func summarize(path string, sp *Span, logs []Event, opts ListOptions) SpanSummary {
	req := RequestOf(sp, logs)
	s := SpanSummary{SpanID: sp.SpanID, Name: sp.Name, Model: req.Model, Start: sp.Start, Convention: req.Convention}
	if req.Usage != nil {
		billed := req.Usage.Billed().InputTokens
		s.Billed = &billed
	}
	if !req.Content {
		s.Note = "usage only: the messages are in OTLP logs (--logs FILE)"
		if sp.Request != nil && len(req.Notes) > 0 {
			s.Note = req.Notes[0]
		}
		s.MessagesInLogs = slices.Contains(req.Notes, NoteNoContent)
		return s
	}
	for _, n := range req.Notes {
		if n == noteNoToolDefinitions {
			s.Note = "counted without tool definitions: the instrumentation records none"
		}
	}
	if n, over, ok := opts.counter.count(req); ok {
		s.Counted, s.Overflows = &n, over
		return s
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
