package request

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// editedBodyProblem says, for a cassette interaction, why its recorded
// usage is not the bill of the body it records: the request's recorded
// content-length is not the length of that body written as JSON in any
// of the ways clients write it (jsonStyles), so the
// body was edited after it was sent, and billed as it was then. A
// cassette whose model was renamed without recording again is the common
// case: the bill is the older model's. "" when the lengths agree, or
// when the check cannot tell: no content-length, a body that is not
// plain JSON (compressed, another content type), or a number whose
// spelling clients differ on (1.0 or 1, 1e-05 or 0.00001).
func editedBodyProblem(interaction map[string]any, billed int) string {
	request, _ := loaders.AsMap(interaction["request"])
	if request == nil {
		return ""
	}
	body, ok := loaders.AsMap(request["parsed_body"])
	if !ok {
		return ""
	}
	headers, _ := loaders.AsMap(request["headers"])
	length, _ := headerValue(headers, "content-length")
	recorded, err := strconv.Atoi(length)
	if err != nil || recorded < 0 {
		return ""
	}
	if enc, ok := headerValue(headers, "content-encoding"); ok && enc != "" && !strings.EqualFold(enc, "identity") {
		return ""
	}
	if ct, ok := headerValue(headers, "content-type"); ok && !strings.Contains(strings.ToLower(ct), "json") {
		return ""
	}
	for _, style := range jsonStyles {
		if n, ok := jsonLength(body, style); !ok || n == recorded {
			return ""
		}
	}
	compact, _ := jsonLength(body, jsonStyle{})
	return fmt.Sprintf("the request's recorded content-length is %s bytes, but its body is %s as JSON: the body was edited after it was sent (a model renamed in the cassette, say), so the %s input tokens recorded for it are another body's bill, not compared",
		numfmt.Thousands(recorded), numfmt.Thousands(compact), numfmt.Thousands(billed))
}

// headerValue is a recorded header's value: VCR cassettes record each as
// a list of strings, some writers as a string. Names match in any case.
func headerValue(headers map[string]any, name string) (string, bool) {
	for key, v := range headers {
		if !strings.EqualFold(key, name) {
			continue
		}
		if list, ok := loaders.AsList(v); ok {
			if len(list) != 1 {
				return "", false
			}
			v = list[0]
		}
		switch s := v.(type) {
		case string:
			return strings.TrimSpace(s), true
		case int:
			return strconv.Itoa(s), true
		case int64:
			return strconv.FormatInt(s, 10), true
		}
		return "", false
	}
	return "", false
}

// jsonStyle is one way a client writes JSON.
type jsonStyle struct {
	// spaced: Python's default separators, ", " and ": ".
	spaced bool
	// ascii: text past ASCII written as \u escapes (Python's default).
	ascii bool
	// html: <, > and & written as \u escapes, and U+2028 and U+2029 (Go's
	// encoding/json).
	html bool
}

// jsonStyles are the styles editedBodyProblem accepts: compact with
// text as UTF-8 (JavaScript, httpx), Go's encoding/json, and Python's
// json.dumps with either separators, non-ASCII text escaped or not.
var jsonStyles = []jsonStyle{{}, {html: true}, {ascii: true}, {spaced: true}, {spaced: true, ascii: true}}

// jsonLength is the length in bytes of v written as JSON in a style; ok
// is false when v holds a value whose spelling the style does not decide.
func jsonLength(v any, style jsonStyle) (int, bool) {
	sep := 1 // "," and ":"
	if style.spaced {
		sep = 2
	}
	switch x := v.(type) {
	case nil:
		return 4, true
	case bool:
		return len(strconv.FormatBool(x)), true
	case string:
		return stringLength(x, style), true
	case int, int64, uint64:
		return len(fmt.Sprint(x)), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) || x == math.Trunc(x) || math.Abs(x) < 1e-4 {
			// 1.0 is "1.0" to Python, "1" to JavaScript and Go; small
			// numbers take an exponent in some.
			return 0, false
		}
		return len(strconv.FormatFloat(x, 'f', -1, 64)), true
	case map[string]any:
		n := 2 + max(len(x)-1, 0)*sep
		for key, item := range x {
			m, ok := jsonLength(item, style)
			if !ok {
				return 0, false
			}
			n += stringLength(key, style) + sep + m
		}
		return n, true
	case []any:
		n := 2 + max(len(x)-1, 0)*sep
		for _, item := range x {
			m, ok := jsonLength(item, style)
			if !ok {
				return 0, false
			}
			n += m
		}
		return n, true
	}
	return 0, false
}

// stringLength is the length of s written as a JSON string in a style.
func stringLength(s string, style jsonStyle) int {
	n := 2
	for _, r := range s {
		switch {
		case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t' || r == '\b' || r == '\f':
			n += 2
		case r < 0x20:
			n += 6
		case style.html && (r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029'):
			n += 6
		case r < utf8.RuneSelf:
			n++
		case style.ascii && r > 0xFFFF:
			n += 12
		case style.ascii:
			n += 6
		default:
			n += utf8.RuneLen(r)
		}
	}
	return n
}
