package cli

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/history"
	_ "ctxlab/loaders/langfuse"  // Langfuse exports, wherever a traces file is read
	_ "ctxlab/loaders/langsmith" // LangSmith runs, likewise
	"ctxlab/loaders/request"
	"ctxlab/loaders/trace"
)

const tracesUsage = `
ctxlab traces lists the traces of an OTLP JSON traces file (the
OpenTelemetry Collector file exporter's one request a line, or one OTLP/HTTP
JSON body), or a Langfuse export (a trace's Download JSON, or JSON Lines
of observations, each GENERATION an LLM span and its observation id the
span id), or LangSmith runs (one run, an array, or one a line; each llm
run an LLM span): for each trace its start, service and spans, and for each LLM
span, in time order, its model, the input tokens ctxlab counts in the
request it recorded and the input tokens the span says were billed. Spans
are read under the OpenTelemetry GenAI, OpenInference and OpenLLMetry
conventions. The OpenTelemetry GenAI instrumentations write the messages
to OTLP logs: give that file with --logs, or those spans list their bill
alone. Open a span as a request with
ctxlab assemble --request FILE --span-id ID [--logs FILE], replay a
trace's LLM spans as a trajectory with
ctxlab replay --trajectory FILE --trace-id ID [--logs FILE], and choose
among the traces in the workbench with ctxlab --traces FILE [--logs FILE].

Usage:
  ctxlab traces FILE [--logs FILE] [--format text|json|run]

  Retrieval spans (OpenInference RETRIEVER spans) are listed with their
  query and number of documents; --docs FILE --span-id ID opens one as a
  document set with its query, in build, assemble and the workbench.
  --format run writes the retrieval spans as a run for ctxlab eval, one
  JSON line per span: {"qid": SPAN_ID, "query", "docs": [{"id", "text",
  "score"}]}, a document's id its document.id, else its metadata's id,
  else its source (url); judge them with a qrels file:
  ctxlab traces FILE --format run > run.jsonl
  ctxlab eval --run run.jsonl --qrels QRELS
`

// spanFlags are --span-id and --logs, which open one span of a traces
// file given to --request.
type spanFlags struct {
	id   string
	logs string
}

func (f *spanFlags) register(fs *flagSet) {
	fs.StringVar(&f.id, "span-id", "", "--request is an OTLP JSON traces file or a Langfuse export: open this LLM span (a GENERATION's observation id) as the request (ctxlab traces FILE lists them)")
	fs.StringVar(&f.logs, "logs", "", "with --span-id: the OTLP JSON logs file holding the span's messages (OpenTelemetry GenAI instrumentations)")
}

// check refuses --span-id without a traces file and --logs without an
// LLM span.
func (f *spanFlags) check(fs *flagSet, request, docs string) error {
	switch {
	case f.logs != "" && (f.id == "" || request == ""):
		return fmt.Errorf("--logs goes with --request FILE --span-id ID: it holds the messages of the LLM span opened")
	case f.id == "":
		return nil
	case request == "" && docs == "":
		return fmt.Errorf("--span-id opens a span of an OTLP JSON traces file: an LLM span with --request FILE, a retrieval span with --docs FILE")
	case request == "-" || docs == "-":
		return fmt.Errorf("--span-id needs the traces file by name, not stdin")
	case flagWasSet(fs, "interaction"):
		return fmt.Errorf("--span-id and --interaction: a span is one request already; give one of them")
	}
	for _, name := range []string{"doc-format", "per-paragraph"} {
		if docs != "" && flagWasSet(fs, name) {
			return fmt.Errorf("--%s and --span-id: a retrieval span's documents are read as the span recorded them", name)
		}
	}
	return nil
}

// retrievalSpan opens the retrieval span --span-id names in the traces
// file given to --docs, for build and sweep, with its notes on stderr;
// nil without --span-id.
func (f *buildFlags) retrievalSpan(env Env, fs *flagSet) (*core.Scenario, error) {
	if f.spanID == "" {
		return nil, nil
	}
	switch {
	case f.docs == "" || f.docs == "-":
		return nil, fmt.Errorf("--span-id takes a retrieval span of an OTLP JSON traces file given by name to --docs")
	case flagWasSet(fs, "doc-format") || flagWasSet(fs, "per-paragraph"):
		return nil, fmt.Errorf("--doc-format and --per-paragraph do not go with --span-id: a retrieval span's documents are read as the span recorded them")
	}
	sc, err := trace.OpenRetrieval(f.docs, f.spanID)
	if err != nil {
		return nil, err
	}
	for _, n := range sc.Notes {
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+safetext.Line(n))
	}
	return sc, nil
}

// openRetrieval opens a retrieval span of the traces file given to
// --docs as its document set and query, with --history if given.
func (f *spanFlags) openRetrieval(env Env, d *docsFlags) (*core.Scenario, error) {
	sc, err := trace.OpenRetrieval(d.path, f.id)
	if err != nil {
		return nil, err
	}
	if d.history != "" {
		if sc.History, err = history.Load(d.history, env.Stdin); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

func (f *spanFlags) open(path string, opts request.Options) (*core.Scenario, error) {
	return trace.OpenSpan(path, f.id, trace.OpenOptions{Logs: f.logs, Request: opts})
}

// tracesOutput is the JSON listing.
type tracesOutput struct {
	Traces []traceJSON `json:"traces"`
}

type traceJSON struct {
	TraceID string     `json:"trace_id"`
	Start   string     `json:"start"`
	Service string     `json:"service"`
	Spans   []spanJSON `json:"spans"`
	// AllSpans counts every span of the trace, LLM or not.
	AllSpans   int                  `json:"all_spans"`
	Retrievals []traceRetrievalJSON `json:"retrievals"`
}

type traceRetrievalJSON struct {
	SpanID    string `json:"span_id"`
	Name      string `json:"name"`
	Start     string `json:"start"`
	Query     string `json:"query"`
	Documents int    `json:"documents"`
}

type spanJSON struct {
	SpanID     string `json:"span_id"`
	Name       string `json:"name"`
	Model      string `json:"model"`
	Start      string `json:"start"`
	Counted    *int   `json:"counted"`
	Billed     *int   `json:"billed"`
	Overflows  bool   `json:"overflows"`
	Convention string `json:"convention"`
	Note       string `json:"note,omitempty"`
}

func runTraces(env Env, args []string) error {
	var format, logsPath string
	fs := newFlagSet(env, "traces", tracesUsage)
	fs.StringVar(&format, "format", "text", "output: text, json, or run (the retrieval spans as a run for ctxlab eval)")
	fs.StringVar(&logsPath, "logs", "", "OTLP JSON logs file with the messages of OpenTelemetry GenAI spans")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if format != "run" {
		if err := checkFormat(format); err != nil {
			return fmt.Errorf("%w, or run", err)
		}
	}
	switch len(files) {
	case 0:
		return fmt.Errorf("traces: no traces file: pass an OTLP JSON traces file")
	case 1:
	default:
		return fmt.Errorf("traces: one traces file at a time, got %s files", numfmt.Thousands(len(files)))
	}
	if format == "run" {
		if logsPath != "" {
			return fmt.Errorf("--logs holds the messages of LLM spans; --format run writes the retrieval spans, which carry their documents")
		}
		return writeRetrievalRun(env, files[0])
	}
	var logs *trace.LogIndex
	if logsPath != "" {
		if logs, err = trace.OpenLogIndex(logsPath); err != nil {
			return err
		}
		defer logs.Close()
	}
	list, err := trace.ListTraces(files[0], trace.ListOptions{LogIndex: logs})
	if err != nil {
		return err
	}
	if format == "json" {
		return writeJSON(env.Stdout, tracesJSON(list))
	}
	return writeTraces(env.Stdout, files[0], logsPath, list)
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func tracesJSON(list []trace.TraceSummary) tracesOutput {
	out := tracesOutput{Traces: []traceJSON{}}
	for _, t := range list {
		tj := traceJSON{TraceID: t.TraceID, Start: rfc3339(t.Start), Service: t.Service, AllSpans: t.Spans, Spans: []spanJSON{}, Retrievals: []traceRetrievalJSON{}}
		for _, r := range t.Retrievals {
			tj.Retrievals = append(tj.Retrievals, traceRetrievalJSON{SpanID: r.SpanID, Name: r.Name, Start: rfc3339(r.Start), Query: r.Query, Documents: r.Documents})
		}
		for _, s := range t.LLM {
			tj.Spans = append(tj.Spans, spanJSON{SpanID: s.SpanID, Name: s.Name, Model: s.Model, Start: rfc3339(s.Start),
				Counted: s.Counted, Billed: s.Billed, Overflows: s.Overflows, Convention: s.Convention, Note: s.Note})
		}
		out.Traces = append(out.Traces, tj)
	}
	return out
}

func optCount(n *int) string {
	if n == nil {
		return "—"
	}
	return numfmt.Thousands(*n)
}

// writeTraces is the text listing: a line per trace, then its LLM spans.
// logsPath is the --logs file given, "" for none: the command to open a
// span takes it, or asks for one when a span's messages are in logs.
func writeTraces(out io.Writer, path, logsPath string, list []trace.TraceSummary) error {
	w := bufio.NewWriter(out)
	llm, retrievals := 0, 0
	for _, t := range list {
		llm += len(t.LLM)
		retrievals += len(t.Retrievals)
	}
	fmt.Fprintf(w, "ctxlab traces · %s · %s · %s", safetext.Line(path),
		numfmt.Count(len(list), "trace", "traces"), numfmt.Count(llm, "LLM span", "LLM spans"))
	if retrievals > 0 {
		fmt.Fprintf(w, " · %s", numfmt.Count(retrievals, "retrieval span", "retrieval spans"))
	}
	fmt.Fprintln(w)
	for _, t := range list {
		service := t.Service
		if service == "" {
			service = "no service.name"
		}
		fmt.Fprintf(w, "\ntrace %s · %s · %s · %s\n", safetext.Line(t.TraceID), startText(t.Start), safetext.Line(service), spanWords(t))
		for _, r := range t.Retrievals {
			query := "no query"
			if r.Query != "" {
				query = "query " + quoted(r.Query)
			}
			fmt.Fprintf(w, "  retrieval %s  %s · %s · %s\n", safetext.Line(r.SpanID), cell(r.Name, 24), numfmt.Count(r.Documents, "document", "documents"), query)
		}
		if len(t.LLM) == 0 {
			if len(t.Retrievals) == 0 {
				fmt.Fprintln(w, "  no LLM or retrieval spans")
			}
			continue
		}
		// A Langfuse observation id (a UUID) is longer than an OTLP span id.
		idw := 16
		for _, s := range t.LLM {
			idw = max(idw, len(s.SpanID))
		}
		fmt.Fprintf(w, "  %-*s  %-24s  %-18s  %8s  %8s\n", idw, "span", "name", "model", "counted", "billed")
		for _, s := range t.LLM {
			fmt.Fprintf(w, "  %-*s  %-24s  %-18s  %8s  %8s\n", idw, safetext.Line(s.SpanID), cell(s.Name, 24), cell(s.Model, 18), optCount(s.Counted), optCount(s.Billed))
			if s.Overflows {
				fmt.Fprintf(w, "    ▲ overflows: %s tokens are more than the model's window less the reply reserve\n", optCount(s.Counted))
			}
			if s.Note != "" {
				fmt.Fprintf(w, "    %s\n", safetext.Line(s.Note))
			}
		}
	}
	if llm > 0 {
		logs := ""
		switch {
		case logsPath != "":
			logs = " --logs " + safetext.Line(quoteArg(logsPath))
		case slices.ContainsFunc(list, func(t trace.TraceSummary) bool {
			return slices.ContainsFunc(t.LLM, func(s trace.SpanSummary) bool { return s.MessagesInLogs })
		}):
			logs = " --logs LOGS"
		}
		fmt.Fprintf(w, "\ncounted: ctxlab's count of the request as sent; billed: the input tokens the span recorded.\nOpen one: ctxlab assemble --request %s --span-id ID%s\n", safetext.Line(quoteArg(path)), logs)
	}
	if retrievals > 0 {
		fmt.Fprintf(w, "\nOpen a retrieval's documents: ctxlab build --docs %s --span-id ID\n", safetext.Line(quoteArg(path)))
	}
	return w.Flush()
}

// spanWords counts a trace's spans and, of them, those listed under it:
// "3 spans, 2 LLM calls", "4 spans, 2 LLM calls, 1 retrieval", so the
// count beside the trace matches the rows below it.
func spanWords(t trace.TraceSummary) string {
	words := numfmt.Count(t.Spans, "span", "spans") + ", " + numfmt.Count(len(t.LLM), "LLM call", "LLM calls")
	if len(t.Retrievals) > 0 {
		words += ", " + numfmt.Count(len(t.Retrievals), "retrieval", "retrievals")
	}
	return words
}

func startText(t time.Time) string {
	if t.IsZero() {
		return "no start time"
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

// cell is a table cell: safe for the terminal, cut to width runes.
func cell(s string, width int) string {
	s = safetext.Line(s)
	if s == "" {
		return "—"
	}
	r := []rune(s)
	if len(r) > width {
		return string(r[:width-1]) + "…"
	}
	return strings.TrimSpace(s)
}

// quoteArg writes a path as a shell word: as it is when it holds only
// characters no shell reads specially, else between single quotes.
func quoteArg(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./-+:@,=", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// writeRetrievalRun writes each retrieval span of the file as it is read,
// a JSON line of a run for ctxlab eval.
func writeRetrievalRun(env Env, path string) error {
	w := bufio.NewWriter(env.Stdout)
	spans, unnamed := 0, 0
	err := trace.Scan(path, func(sp *trace.Span) error {
		if !trace.IsRetrieval(sp) || trace.IsLLM(sp) {
			return nil
		}
		line, n, err := trace.RetrievalOf(sp).RunRecord()
		if err != nil {
			return fmt.Errorf("%s: span %s: %w", path, sp.SpanID, err)
		}
		spans++
		unnamed += n
		w.Write(safetext.EscapeJSON(line))
		return w.WriteByte('\n')
	})
	if err != nil {
		return err
	}
	if spans == 0 {
		return fmt.Errorf("%s holds no retrieval spans; expected OpenInference RETRIEVER spans or retrieval.documents for --format run", path)
	}
	if unnamed > 0 {
		fmt.Fprintf(env.Stderr, "ctxlab: note: %s had no id or source and are named by their place (doc-1, doc-2, ...), which no qrels file names\n", numfmt.Count(unnamed, "document", "documents"))
	}
	return w.Flush()
}
