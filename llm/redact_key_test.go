package llm

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// percentAll percent-encodes every byte of s, in upper or lower case hex.
func percentAll(s string, lower bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if lower {
			fmt.Fprintf(&b, "%%%02x", s[i])
		} else {
			fmt.Fprintf(&b, "%%%02X", s[i])
		}
	}
	return b.String()
}

// between puts sep between every character of s.
func between(s, sep string) string { return strings.Join(strings.Split(s, ""), sep) }

// TestRedactFindsEveryFormOfTheKey: the key in another case, with
// characters a screen does not show between its characters, split, in
// part, reversed, percent-encoded or base64-encoded (each alphabet,
// padded or not, at each alignment, as a Basic credential) is replaced
// and the reply is said to have echoed it; the leak, the part of the
// echo that carried the key, is gone. Text without the key, and runs
// of it shorter than minEchoedPart, stand.
func TestRedactFindsEveryFormOfTheKey(t *testing.T) {
	t.Parallel()
	b64 := func(enc *base64.Encoding, s string) string { return enc.EncodeToString([]byte(s)) }
	middle := func(s string) string { return s[4 : len(s)-4] } // the characters the key alone decides
	const odd = "k3y+with/slash=and&more~chars"
	for _, c := range []struct {
		name, key, text, leak string
		echoed                bool
	}{
		{name: "as it is", key: testKey, text: "Bearer " + testKey, leak: testKey},
		{name: "upper case", key: testKey, text: "key " + strings.ToUpper(testKey) + " seen", leak: strings.ToUpper(testKey), echoed: true},
		{name: "lower case", key: testKey, text: strings.ToLower(testKey), leak: strings.ToLower(testKey), echoed: true},
		{name: "U+200B between characters", key: testKey, text: "Bearer " + between(testKey, "\u200b"), leak: between(testKey, "\u200b")[:20], echoed: true},
		{name: "joiners, word joiner, BOM", key: testKey, text: between(testKey, "\u200c\u200d\u2060\ufeff"), leak: "SECRET", echoed: true},
		{name: "soft hyphen and bidi marks (Cf)", key: testKey, text: between(testKey, "\u00ad\u202e"), leak: "0\u00ad\u202e1", echoed: true},
		{name: "split by a line break", key: testKey, text: "sk-test-SEC\nRET-0123456789 ok", leak: "RET-0123456789", echoed: true},
		{name: "split in two quoted parts", key: testKey, text: `"sk-test-SECR" + "ET-0123456789"`, leak: "ET-0123456789", echoed: true},
		{name: "a long part", key: testKey, text: "the tail 0123456789 of it", leak: "0123456789", echoed: true},
		{name: "reversed", key: testKey, text: "backwards: 9876543210-TERCES-tset-ks", leak: "9876543210-TERCES", echoed: true},
		{name: "reversed, upper case", key: testKey, text: strings.ToUpper("9876543210-TERCES-tset-ks"), leak: "TERCES", echoed: true},
		{name: "percent-encoded", key: testKey, text: "k=" + percentAll(testKey, false), leak: percentAll(testKey, false)[:30], echoed: true},
		{name: "percent-encoded, lower hex", key: testKey, text: "k=" + percentAll(testKey, true) + "&x=1", leak: percentAll(testKey, true)[30:], echoed: true},
		{name: "query-escaped", key: odd, text: "?key=" + url.QueryEscape(odd) + "&x=1", leak: "slash%3Dand", echoed: true},
		{name: "path-escaped", key: odd, text: "/keys/" + url.PathEscape(odd), leak: "with", echoed: true},
		{name: "base64 std", key: testKey, text: "b=" + b64(base64.StdEncoding, testKey), leak: middle(b64(base64.StdEncoding, testKey)), echoed: true},
		{name: "base64 raw std", key: odd, text: b64(base64.RawStdEncoding, odd), leak: middle(b64(base64.RawStdEncoding, odd)), echoed: true},
		{name: "base64 URL", key: odd + "??>>", text: b64(base64.URLEncoding, odd+"??>>"), leak: middle(b64(base64.URLEncoding, odd+"??>>")), echoed: true},
		{name: "base64 raw URL", key: odd + "??>>", text: b64(base64.RawURLEncoding, odd+"??>>"), leak: middle(b64(base64.RawURLEncoding, odd+"??>>")), echoed: true},
		{name: "base64, one byte in", key: testKey, text: b64(base64.StdEncoding, "x"+testKey+"y"), leak: middle(b64(base64.StdEncoding, "x"+testKey+"y")), echoed: true},
		{name: "base64, two bytes in", key: testKey, text: b64(base64.StdEncoding, "xy"+testKey), leak: middle(b64(base64.StdEncoding, "xy"+testKey)), echoed: true},
		{name: "base64 Basic credential", key: testKey, text: "Authorization: Basic " + b64(base64.StdEncoding, "user:"+testKey), leak: middle(b64(base64.StdEncoding, "user:"+testKey)), echoed: true},
		{name: "base64 across line breaks", key: testKey, text: func() string {
			e := b64(base64.StdEncoding, "Bearer "+testKey)
			return e[:10] + "\r\n" + e[10:]
		}(), leak: middle(b64(base64.StdEncoding, "Bearer "+testKey))[8:], echoed: true},
		{name: "no key", key: testKey, text: "a summary of the order ORD-48213: replacement only"},
		{name: "a run shorter than the least", key: testKey, text: "SECRET- and 3456789", leak: "", echoed: false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &OpenAISummarizer{cfg: Config{APIKey: Secret(c.key), BaseURL: "http://localhost:1/v1"}}
			got, echoed := s.redact(c.text)
			if echoed != c.echoed {
				t.Errorf("echoed %v, want %v: %q", echoed, c.echoed, got)
			}
			if c.leak != "" && (strings.Contains(got, c.leak) || !strings.Contains(got, redacted)) {
				t.Errorf("%q still holds %q", got, c.leak)
			}
			if c.leak == "" && got != c.text {
				t.Errorf("%q became %q", c.text, got)
			}
		})
	}
}

// TestEchoOfTheKeyIsNotedInSummaryAndError: a summary that echoes the
// key upper-cased, and an error message that echoes it base64-encoded,
// longer than an error quotes, reach the caller redacted, with the note.
func TestEchoOfTheKeyIsNotedInSummaryAndError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		w.Header().Set("Content-Type", "application/json")
		if strings.HasPrefix(r.URL.Path, "/fail/") {
			w.WriteHeader(http.StatusBadRequest)
			// Past maxDetailRunes: the note must follow the cut.
			io.WriteString(w, `{"error":{"message":"bad credential `+base64.StdEncoding.EncodeToString([]byte(key))+strings.Repeat(" and more", 40)+`","type":"x","code":null,"param":null}}`)
			return
		}
		io.WriteString(w, chatCompletion("the key was "+strings.ToUpper(key)+", reversed "+reverseRunes(key)))
	}))
	defer srv.Close()
	got, err := newTestSummarizer(t, srv.URL, 0).Summarize(context.Background(), conversationReq)
	if err != nil {
		t.Fatal(err)
	}
	if want := "the key was [redacted], reversed [redacted]\n\n[ctxlab: " + echoNote + "]"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	_, err = newTestSummarizer(t, srv.URL+"/fail", 0).Summarize(context.Background(), conversationReq)
	var llmErr *Error
	if !errors.As(err, &llmErr) || strings.Contains(err.Error(), base64.StdEncoding.EncodeToString([]byte(testKey))[4:20]) ||
		!strings.Contains(err.Error(), "[redacted]") || !strings.Contains(err.Error(), echoNote) {
		t.Errorf("error %v", err)
	}
}
