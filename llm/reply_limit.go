package llm

import (
	"errors"
	"io"
	"net/http"
)

// MaxReplySize is the most bytes read from one endpoint reply. A summary
// is at most a few thousand tokens, tens of kilobytes of JSON; a reply
// beyond this is a broken or hostile server, and reading it whole once
// drove ctxlab out of memory (a 1 GiB content field). The rest of the
// reply is not read and the call fails, so the extractive summary stands in.
const MaxReplySize = 1 << 20

// errReplyTooLarge ends the read of a reply past MaxReplySize.
var errReplyTooLarge = errors.New("reply too large")

// replyLimit is an http.RoundTripper whose response bodies fail once they
// pass limit bytes.
type replyLimit struct {
	next  http.RoundTripper
	limit int64
}

func (t replyLimit) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if resp != nil && resp.Body != nil {
		resp.Body = &limitedBody{body: resp.Body, left: t.limit}
	}
	return resp, err
}

// limitedBody reads at most left bytes of body, then fails.
type limitedBody struct {
	body io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more tells a reply of exactly the limit from a longer one.
		var probe [1]byte
		if n, err := b.body.Read(probe[:]); n > 0 {
			return 0, errReplyTooLarge
		} else if err != nil {
			return 0, err
		}
		return 0, nil
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.body.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *limitedBody) Close() error { return b.body.Close() }

// withReplyLimit returns a copy of client whose replies are capped.
func withReplyLimit(client *http.Client, limit int64) *http.Client {
	limited := *client
	next := client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	limited.Transport = replyLimit{next: next, limit: limit}
	return &limited
}
