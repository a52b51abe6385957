package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
)

// ErrorKind classifies a failed summary call.
type ErrorKind string

const (
	KindTimeout     ErrorKind = "timeout"      // no answer within Config.Timeout
	KindCanceled    ErrorKind = "canceled"     // the caller gave up
	KindUnreachable ErrorKind = "unreachable"  // connection refused, DNS, TLS
	KindRateLimited ErrorKind = "rate-limited" // HTTP 429
	KindAuth        ErrorKind = "auth"         // HTTP 401 or 403
	KindHTTP        ErrorKind = "http"         // any other HTTP error status
	KindMalformed   ErrorKind = "malformed"    // a body that is not a chat completion
	KindEmpty       ErrorKind = "empty"        // no choices, or an empty message
	KindRequest     ErrorKind = "request"      // the request could not be built
	KindTooLarge    ErrorKind = "too-large"    // a reply over MaxReplySize, cut
)

// Error is a failed summary call. Its text names the endpoint and the
// model, says what went wrong in words, and never holds the API key.
type Error struct {
	Endpoint string    // base URL without credentials or query
	Model    string    //
	Kind     ErrorKind //
	Status   int       // HTTP status, 0 when there was no response
	Detail   string    // what went wrong, for people
	Err      error     // the cause, for errors.Is and errors.As
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("LLM summarizer (%s, model %s): %s", e.Endpoint, e.Model, e.Detail)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// maxDetailRunes caps how much of a server's own message an error quotes.
const maxDetailRunes = 200

// classify turns whatever the SDK returned into an *Error. resp is the
// raw response when one arrived: the status decides the kind even when
// the SDK failed to parse an error body.
func (s *OpenAISummarizer) classify(err error, resp *http.Response, callerCtx context.Context) *Error {
	e := &Error{Endpoint: s.cfg.Endpoint(), Model: s.cfg.Model, Err: err}
	var apiErr *openai.Error
	// The note of an echoed key goes after the whole detail: the
	// server's message is cut to maxDetailRunes.
	echoed := false
	switch {
	case errors.Is(err, context.DeadlineExceeded) && callerCtx.Err() == nil:
		e.Kind, e.Detail = KindTimeout, "request timed out after "+formatTimeout(s.cfg.Timeout)
	case errors.Is(err, context.DeadlineExceeded):
		e.Kind, e.Detail = KindTimeout, "request timed out (the caller's deadline passed)"
	case errors.Is(err, context.Canceled):
		e.Kind, e.Detail = KindCanceled, "request canceled"
	case errors.Is(err, errReplyTooLarge):
		e.Status = statusOf(resp)
		e.Kind, e.Detail = KindTooLarge, fmt.Sprintf("the reply is larger than %s, the most ctxlab reads from an endpoint; the rest was not read", replySizeText)
	case errors.As(err, &apiErr):
		e.Status = apiErr.StatusCode
		var message string
		message, echoed = s.scrub(apiErr.Message)
		e.Kind, e.Detail = statusDetail(apiErr.StatusCode, message)
		if e.Kind == KindRateLimited {
			if wait := retryAfterText(apiErr.Response); wait != "" {
				e.Detail += "; " + wait
			}
		}
	case resp != nil && resp.StatusCode >= 400:
		// The SDK could not read the error body (HTML from a proxy,
		// plain text from a local server) and returned that instead.
		e.Status = resp.StatusCode
		e.Kind, e.Detail = statusDetail(resp.StatusCode, "")
	case resp != nil:
		e.Kind, e.Detail = KindMalformed, "malformed response: "+responseProblem(err, resp)
	default:
		e.Kind, e.Detail = KindUnreachable, "cannot reach the endpoint: "+transportProblem(err)
	}
	detail, echoedInDetail := s.scrub(e.Detail)
	e.Detail = detail
	if echoed || echoedInDetail {
		e.Detail += "; " + echoNote
	}
	return e
}

// formatTimeout prints whole seconds as "2s" and anything finer as Go does.
func formatTimeout(d time.Duration) string {
	if d > 0 && d%time.Second == 0 {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

// statusDetail words an HTTP error status, quoting the server's message.
func statusDetail(status int, message string) (ErrorKind, string) {
	text := fmt.Sprintf("HTTP %d", status)
	if st := http.StatusText(status); st != "" {
		text += " " + st
	}
	var kind ErrorKind
	var detail string
	switch {
	case status == http.StatusTooManyRequests:
		kind, detail = KindRateLimited, "rate limited ("+text+")"
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		kind, detail = KindAuth, "authentication failed ("+text+"): check the API key"
	case status == http.StatusNotFound:
		kind, detail = KindHTTP, "not found ("+text+"): check the base URL (it usually ends in /v1) and the model name"
	case status >= 500:
		kind, detail = KindHTTP, "server error ("+text+")"
	default:
		kind, detail = KindHTTP, "request rejected ("+text+")"
	}
	if m := strings.TrimSpace(message); m != "" {
		if r := []rune(m); len(r) > maxDetailRunes {
			m = string(r[:maxDetailRunes]) + "…"
		}
		detail += ": " + m
	}
	return kind, detail
}

// responseProblem says why a 2xx body was not a chat completion.
func responseProblem(err error, resp *http.Response) string {
	ct := resp.Header.Get("Content-Type")
	if ct != "" && !strings.Contains(ct, "json") {
		return fmt.Sprintf("expected a JSON chat completion, got Content-Type %q", ct)
	}
	return "the body is not a chat completion (" + err.Error() + ")"
}

// transportProblem words a failure to get any response.
func transportProblem(err error) string {
	var dnsErr *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused (is the server running and the port right?)"
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("cannot resolve host %q", dnsErr.Name)
	case errors.Is(err, syscall.ECONNRESET):
		return "the connection was reset"
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return "the connection timed out"
	}
	return err.Error()
}

// replySizeText is MaxReplySize in words.
const replySizeText = "1 MiB (1,048,576 bytes)"

// scrub removes the API key and any password in the base URL from text
// a server or library produced, and turns control characters into
// spaces, since server messages end up on a terminal. echoed reports a
// copy of a secret in another form than its own, for the caller to note
// after the text (echoNote).
func (s *OpenAISummarizer) scrub(text string) (_ string, echoed bool) {
	text, echoed = s.redact(text)
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text), echoed
}

// redact replaces the API key and any password in the base URL in text
// that came back from the endpoint: each as it is, then each copy
// redactEchoes finds (another case, hidden characters between its
// characters, encoded, reversed or in part), which echoed reports.
// A secret shorter than minEchoedPart is a placeholder (a local server
// takes any key), replaced only as it is.
func (s *OpenAISummarizer) redact(text string) (_ string, echoed bool) {
	secrets := []string{s.cfg.APIKey.Reveal()}
	if u, err := url.Parse(s.cfg.BaseURL); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok {
			secrets = append(secrets, pw)
		}
	}
	for _, secret := range secrets {
		if secret != "" {
			text = strings.ReplaceAll(text, secret, redacted)
		}
	}
	for _, secret := range secrets {
		if utf8.RuneCountInString(secret) >= minEchoedPart {
			var found bool
			text, found = redactEchoes(text, secret)
			echoed = echoed || found
		}
	}
	return text, echoed
}
