package llm

import (
	"net/http"
	"testing"
)

func TestRetryAfterText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ header, value, want string }{
		{"Retry-After", "1", "the endpoint asks to wait 1 second before retrying"},
		{"Retry-After", "3600", "the endpoint asks to wait 3,600 seconds before retrying"},
		{"Retry-After-Ms", "250", "the endpoint asks to wait 250 milliseconds before retrying"},
		{"Retry-After", "Wed, 21 Oct 2026 07:28:00 GMT", "the endpoint asks to wait until Wed, 21 Oct 2026 07:28:00 UTC before retrying"},
		{"Retry-After", "-5", ""},
		{"Retry-After", "soon\x1b[2J", ""},
		{"Retry-After", "99999999999999999999999", ""},
		{"X-Other", "5", ""},
	} {
		resp := &http.Response{Header: http.Header{}}
		resp.Header.Set(c.header, c.value)
		if got := retryAfterText(resp); got != c.want {
			t.Errorf("%s: %q gives %q, want %q", c.header, c.value, got, c.want)
		}
	}
	if retryAfterText(nil) != "" {
		t.Error("no response, yet a wait")
	}
}
