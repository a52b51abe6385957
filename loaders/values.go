package loaders

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"
)

// ContentFields lists the field names that may hold a document's text, in
// order of preference; the first present with a non-null value is read.
type ContentFields []string

// RecordText is for a record's own fields (JSON and YAML records, CSV
// columns, LangChain documents, LlamaIndex nodes, Tavily results): ctxlab's
// "content", LlamaIndex's and Pinecone's "text", LangChain's
// "page_content", and "chunk_text", the field Pinecone's integrated-embedding
// records and its documentation use.
var RecordText = ContentFields{"content", "text", "page_content", "chunk_text"}

// StoredText is for text kept inside a vector-store hit (Pinecone's
// metadata, Qdrant's payload): RecordText plus "document", where
// qdrant-client's add() (FastEmbed) stores it. "document" is not read at a
// record's top level: rerank APIs (Cohere, Jina) return "document" as an
// object around the text, and such a response should be told it is not a
// supported format, not that its document is not a string.
var StoredText = append(RecordText[:len(RecordText):len(RecordText)], "document")

// find returns the first field of f present in obj with a non-null value.
func (f ContentFields) find(obj map[string]any) (key string, value any, ok bool) {
	for _, k := range f {
		if v, present := obj[k]; present && v != nil {
			return k, v, true
		}
	}
	return "", nil, false
}

// has reports whether obj carries one of the fields at all.
func (f ContentFields) Has(obj map[string]any) bool {
	_, _, ok := f.find(obj)
	return ok
}

// HasString reports whether the field find picks holds a string.
func (f ContentFields) HasString(obj map[string]any) bool {
	_, v, ok := f.find(obj)
	_, isString := v.(string)
	return ok && isString
}

// missing is the message for a record without text; it lists every
// accepted name because the user's exporter may use any of them:
// missing "content" (or "text", "page_content", ...).
func (f ContentFields) missing() string {
	return fmt.Sprintf("missing %q (or %s)", f[0], strings.Join(quoteAll(f[1:]), ", "))
}

// alternatives lists the names as a sentence: "content", "text" or "page_content".
func (f ContentFields) Alternatives() string {
	q := quoteAll(f)
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strconv.Quote(n)
	}
	return out
}

// read extracts the document text from obj, with errors that say what was
// found instead. in names the object holding the text when it is nested
// ("metadata", "payload"), and is "" for a top-level record. It returns the
// field the text came from and the text.
func (f ContentFields) Read(p Place, name string, obj map[string]any, in string) (string, string, error) {
	key, v, ok := f.find(obj)
	if !ok {
		if in != "" {
			return "", "", p.Err(name, "%s in %q", f.missing(), in)
		}
		return "", "", p.Err(name, "%s", f.missing())
	}
	field := key
	if in != "" {
		field = in + "." + key
	}
	s, isString := v.(string)
	if !isString {
		return "", "", p.Err(name, "%q is %s; expected a string", field, Describe(v))
	}
	if err := CheckStringUTF8(p, name, fmt.Sprintf("%q", field), s); err != nil {
		return "", "", err
	}
	return key, s, nil
}

// ParseScore reads a score. Absent or null means the reference's default
// 1.0. Numeric strings are accepted because CSV and some exporters write
// numbers as text; NaN and infinities are rejected because sorting and the
// relevance header would silently misbehave on them.
//
// field names the value in errors ("score", "distance").
func ParseScore(p Place, name, field string, v any) (float64, error) {
	if v == nil {
		return 1.0, nil
	}
	var f float64
	switch x := v.(type) {
	case float64, int64, uint64, int:
		f, _ = AsFloat(x)
	case json.Number:
		parsed, err := strconv.ParseFloat(string(x), 64)
		if errors.Is(err, strconv.ErrSyntax) {
			return 0, p.Err(name, "%s %s is not a number", field, x)
		}
		f = parsed
	case string:
		// A range error is an overflow to ±Inf (rejected below) or an
		// underflow to 0, which is the nearest number and accepted.
		parsed, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if errors.Is(err, strconv.ErrSyntax) {
			return 0, p.Err(name, "%s %s is not a number", field, Quoted(x))
		}
		if math.IsNaN(parsed) || math.IsInf(parsed, 0) {
			return 0, p.Err(name, "%s %s is not finite; expected a finite number", field, Quoted(x))
		}
		f = parsed
	default:
		return 0, p.Err(name, "%s is %s; expected a number", field, Describe(v))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, p.Err(name, "%s %v is not finite; expected a finite number", field, f)
	}
	return f, nil
}

// IDString renders an id (string or number) as a source; ok is false for
// other kinds, which cannot name a source sensibly.
func IDString(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case int64:
		return strconv.FormatInt(x, 10), true
	case uint64:
		return strconv.FormatUint(x, 10), true
	case int:
		return strconv.Itoa(x), true
	case json.Number:
		return string(x), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", false
		}
		return strconv.FormatFloat(x, 'f', -1, 64), true
	}
	return "", false
}

// FallbackSource applies the rule shared by every format: metadata.source,
// then the id, used only when the record has no source of its own.
func FallbackSource(meta map[string]any, ids ...any) string {
	if s, ok := IDString(meta["source"]); ok {
		return s
	}
	for _, id := range ids {
		if s, ok := IDString(id); ok {
			return s
		}
	}
	return ""
}

// MetadataMap checks that a metadata value is an object (null and absent
// give an empty map, so consumers never meet a nil map). It returns a
// shallow copy: YAML aliases can make records share one map, and loaders
// add keys such as "id" per document.
func MetadataMap(p Place, name, field string, v any) (map[string]any, error) {
	switch x := v.(type) {
	case nil:
		return map[string]any{}, nil
	case map[string]any:
		return maps.Clone(x), nil
	}
	return nil, p.Err(name, "%q is %s; expected an object", field, Describe(v))
}

// jsonSafe replaces NaN and infinities inside metadata with their names as
// strings. YAML can express them, but encoding/json cannot write them, and
// `ctxlab build --format json` must not fail on a metadata field. The
// names are strconv's (NaN, +Inf, -Inf), as in every message ctxlab
// writes with %v; only the reference's JSON spells them Python's way
// (core's pycompat.floatRepr).
func jsonSafe(v any) any {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
	case map[string]any:
		for k, e := range x {
			x[k] = jsonSafe(e)
		}
	case []any:
		for i, e := range x {
			x[i] = jsonSafe(e)
		}
	}
	return v
}

// JSONSafeMap is jsonSafe for a metadata map.
func JSONSafeMap(m map[string]any) map[string]any {
	jsonSafe(m)
	return m
}

// WithoutKey returns a shallow copy of m without key, for payloads whose
// text field becomes the document content and should not be kept twice.
func WithoutKey(m map[string]any, key string) map[string]any {
	out := maps.Clone(m)
	delete(out, key)
	return out
}

// Describe names the kind of a decoded value for error messages.
func Describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "the string " + Quoted(x)
	case bool:
		return fmt.Sprintf("the boolean %v", x)
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case float64, int64, uint64, int, json.Number:
		return fmt.Sprintf("the number %v", x)
	}
	return fmt.Sprintf("a %T", v)
}

// EachObject reads each item of list, which must be an object, with read;
// what says what an item should be, for the error naming one that is not.
func EachObject[T any](name string, list []any, at func(int) Place, what string, read func(Place, map[string]any) (T, error)) ([]T, error) {
	out := make([]T, 0, len(list))
	for i, item := range list {
		obj, ok := AsMap(item)
		if !ok {
			return nil, at(i).Err(name, "is %s; expected %s", Describe(item), what)
		}
		v, err := read(at(i), obj)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func AsMap(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	return m, ok
}

func AsList(v any) ([]any, bool) {
	l, ok := v.([]any)
	return l, ok
}

// AsFloat reads a number of any kind the JSON and YAML decoders leave:
// float64, the integer kinds, or a json.Number. ok is false for anything
// else, a json.Number that does not parse included.
func AsFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	case int:
		return float64(x), true
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return 0, false
}
