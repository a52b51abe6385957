package llm

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"ctxlab/internal/numfmt"
)

// retryAfterText words a rate-limited reply's Retry-After header, so the
// user knows how long the endpoint wants them to wait: "the endpoint asks
// to wait 30 seconds before retrying". ctxlab itself does not wait (by
// default it does not retry: the extractive summary stands in at once),
// and an hour-long Retry-After is never slept through. "" when the reply
// says nothing usable.
func retryAfterText(resp *http.Response) string {
	if resp == nil {
		return ""
	}
	if ms, err := strconv.ParseInt(strings.TrimSpace(resp.Header.Get("Retry-After-Ms")), 10, 64); err == nil && ms >= 0 {
		return "the endpoint asks to wait " + numfmt.Thousands(int(ms)) + " milliseconds before retrying"
	}
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return ""
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil && secs >= 0 {
		unit := " seconds"
		if secs == 1 {
			unit = " second"
		}
		return "the endpoint asks to wait " + numfmt.Thousands(int(secs)) + unit + " before retrying"
	}
	if at, err := http.ParseTime(v); err == nil {
		return "the endpoint asks to wait until " + at.UTC().Format(time.RFC1123) + " before retrying"
	}
	return ""
}
