package trace

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/metrics"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
	"ctxlab/loaders/request"
)

// errFound stops a scan at the span looked for.
var errFound = errors.New("found")

// OpenOptions say how a span is opened: the logs file beside the traces
// file ("" for none) and the options of an imported request.
type OpenOptions struct {
	Logs    string
	Request request.Options
}

// FindSpan reads path until the span with id spanID and returns it with
// its log records from the logs file, if one is given.
func FindSpan(path, spanID, logsPath string) (*Span, []Event, error) {
	return findSpan(path, spanID, logsPath, IsLLM, "an LLM span")
}

// findSpan is FindSpan; an id not found is told the ids of the spans
// that are (a kind, such as "an LLM span").
func findSpan(path, spanID, logsPath string, is func(*Span) bool, kind string) (*Span, []Event, error) {
	id := strings.ToLower(strings.TrimSpace(spanID))
	foreign := formatOfFile(path) != nil
	if foreign && id != "" {
		// A registered format's ids are its own: a Langfuse
		// observation id is any string.
		id = strings.TrimSpace(spanID)
	} else if _, err := hexID(id, 8, "span id"); err != nil || id == "" {
		return nil, nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("--span-id %s is not a span id; expected 16 hex digits (ctxlab traces FILE lists them)", safeQuote(spanID))}
	}
	var found *Span
	var ids []string
	err := Scan(path, func(sp *Span) error {
		if sp.SpanID == id {
			found = sp
			return errFound
		}
		if is(sp) && len(ids) < 5 {
			ids = append(ids, sp.SpanID)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errFound) {
		return nil, nil, err
	}
	if found == nil {
		hint := "the file holds none"
		if len(ids) > 0 {
			hint = "they include " + strings.Join(ids, ", ")
		}
		return nil, nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("no span %s; expected the id of %s: %s (ctxlab traces FILE lists them)", id, kind, hint)}
	}
	var events []Event
	if logsPath != "" {
		// Only the lines holding the span's records are decoded twice;
		// no other span's records are kept.
		logs, err := OpenLogIndex(logsPath)
		if err != nil {
			return nil, nil, err
		}
		defer logs.Close()
		if events, err = logs.Events(id); err != nil {
			return nil, nil, err
		}
	}
	return found, events, nil
}

// OpenSpan opens one LLM span of a traces file as a request: the same
// scenario --request makes of the request body the span recorded, with
// the span's usage as the provider's count it is checked against.
func OpenSpan(path, spanID string, opts OpenOptions) (*core.Scenario, error) {
	sp, events, err := FindSpan(path, spanID, opts.Logs)
	if err != nil {
		return nil, err
	}
	if !IsLLM(sp) {
		return nil, &loaders.Error{Name: path, Line: sp.Line, Msg: fmt.Sprintf("span %s (%s) is not an LLM call; expected a chat or completion span (ctxlab traces FILE lists them)", sp.SpanID, safeQuote(sp.Name))}
	}
	return SpanScenario(path, RequestOf(sp, events), opts.Request)
}

// SpanScenario turns a span's request into a scenario, through the
// request importer (request.Parse) so that it opens exactly as
// the same body given to --request would.
func SpanScenario(path string, req *Request, opts request.Options) (*core.Scenario, error) {
	body, err := req.Body()
	if err != nil {
		return nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("span %s: its request cannot be written as JSON: %v", req.SpanID, err)}
	}
	opts.Interaction = 0
	sc, err := request.Parse(path, body, opts)
	if err != nil {
		var le *loaders.Error
		if errors.As(err, &le) {
			return nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("span %s (%s): %s", req.SpanID, req.Convention, le.Msg), Err: le.Err}
		}
		return nil, fmt.Errorf("%s: span %s: %w", path, req.SpanID, err)
	}
	sc.Name = req.SpanID
	sc.Origin = path + " · span " + req.SpanID
	model := req.Model
	if model == "" {
		model = "no model"
	}
	sc.Description = fmt.Sprintf("trace span %s · %s · %s · %s · %s", req.SpanID, req.Convention, model,
		numfmt.Count(len(req.Tools), "tool", "tools"), numfmt.Count(len(req.Messages), "message", "messages"))
	sc.Notes = append(sc.Notes, req.Notes...)
	if u := req.Usage; u != nil {
		given, b := strings.TrimSpace(opts.Model), u.Billed()
		switch {
		case !req.Content:
			// Nothing to compare the bill with: it is told, not compared.
			sc.Notes = append(sc.Notes, fmt.Sprintf("the span recorded %s input and %s output tokens (%s)",
				numfmt.Thousands(b.InputTokens), numfmt.Thousands(b.OutputTokens), u.Field))
		case given != "" && given != req.Model:
			sc.Notes = append(sc.Notes, fmt.Sprintf("the span recorded %s input tokens for %s; not compared with a count for %s",
				numfmt.Thousands(b.InputTokens), model, given))
		default:
			field := u.Field
			if b.CachedTokens > 0 && b.Convention.IncludesCache() {
				field += fmt.Sprintf(", %s cached included", numfmt.Thousands(b.CachedTokens))
			}
			rec := metrics.Recorded(b, field)
			sc.Recorded = &rec
		}
	} else {
		sc.Notes = append(sc.Notes, "the span records no token usage: there is no bill to check the count against")
	}
	return sc, nil
}

// Count is ctxlab's count of a scenario's request as sent, the number
// assemble compares with the bill.
func Count(sc *core.Scenario) (int, error) {
	n, _, err := measure(sc)
	return n, err
}

// measure counts a scenario's request as sent and says whether it
// overflows its max input (the model's window less the reply reserve).
func measure(sc *core.Scenario) (used int, overflows bool, err error) {
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, SkipFindings: true}, sc.Settings)
	if err != nil {
		return 0, false, err
	}
	return ev.Assembly.Used, ev.Overflow != nil || ev.BudgetProblem != nil, nil
}
