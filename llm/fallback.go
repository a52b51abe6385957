package llm

import (
	"context"
	"fmt"

	"ctxlab/core/summarize"
)

// FallbackError reports that the primary summarizer failed and the
// fallback's summary was used instead. It is passed to the report
// function, not returned: the caller got a summary.
type FallbackError struct {
	Err      error  // the primary's failure
	Fallback string // the fallback's name, e.g. "extractive"
}

// Error implements error.
func (e *FallbackError) Error() string {
	return fmt.Sprintf("%s; used the %s summary instead", e.Err, e.Fallback)
}

// Unwrap returns the primary's failure.
func (e *FallbackError) Unwrap() error { return e.Err }

// WithFallback returns a Summarizer that asks primary and, on any error,
// asks fallback (nil means summarize.ExtractiveSummarizer) and reports the
// primary's error, wrapped in a *FallbackError, to report (which may be
// nil). A nil primary means no model is configured: fallback alone
// answers and nothing is reported. When the caller's own context is done the error is returned as it
// is: nobody is waiting for a stand-in summary. When the fallback fails
// too, both errors are returned.
func WithFallback(primary, fallback summarize.Summarizer, report func(error)) summarize.Summarizer {
	if fallback == nil {
		fallback = summarize.ExtractiveSummarizer{}
	}
	if primary == nil {
		return fallback
	}
	return fallbackSummarizer{primary: primary, fallback: fallback, report: report}
}

type fallbackSummarizer struct {
	primary, fallback summarize.Summarizer
	report            func(error)
}

// Summarize implements summarize.Summarizer.
func (f fallbackSummarizer) Summarize(ctx context.Context, req summarize.Request) (string, error) {
	out, err := f.primary.Summarize(ctx, req)
	if err == nil {
		return out, nil
	}
	if ctx.Err() != nil {
		return "", err
	}
	name := summarizerName(f.fallback)
	out, fbErr := f.fallback.Summarize(ctx, req)
	if fbErr != nil {
		return "", fmt.Errorf("%w; the %s fallback failed too: %w", err, name, fbErr)
	}
	if f.report != nil {
		f.report(&FallbackError{Err: err, Fallback: name})
	}
	return out, nil
}

// summarizerName is a summarizer's Name, or "fallback" when it has none.
func summarizerName(s summarize.Summarizer) string {
	if n, ok := s.(interface{ Name() string }); ok {
		return n.Name()
	}
	return "fallback"
}
