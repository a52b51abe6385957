package pipeline

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"ctxlab/core/value"
)

// DedupKey says what besides the text makes two documents the same: none
// (the reference's content alone), the canonical URL, or a metadata
// field ("metadata:doc_id"). Documents sharing a key are exact
// duplicates of the first kept one.
type DedupKey string

const (
	DedupKeyNone DedupKey = "none"
	DedupKeyURL  DedupKey = "url"
	// dedupKeyMetadata prefixes the field name of a metadata key.
	dedupKeyMetadata = "metadata:"
)

// ParseDedupKey accepts none, url or metadata:FIELD.
func ParseDedupKey(s string) (DedupKey, error) {
	switch t := strings.TrimSpace(s); {
	case t == "" || t == string(DedupKeyNone):
		return DedupKeyNone, nil
	case t == string(DedupKeyURL):
		return DedupKeyURL, nil
	case strings.HasPrefix(t, dedupKeyMetadata) && strings.TrimSpace(t[len(dedupKeyMetadata):]) != "":
		return DedupKey(dedupKeyMetadata + strings.TrimSpace(t[len(dedupKeyMetadata):])), nil
	}
	return "", fmt.Errorf("unknown dedup key %q (expected none, url or metadata:FIELD)", s)
}

// urlFields are the metadata fields a loader leaves a document's URL in
// when its source is something else; the source is the URL otherwise.
var urlFields = []string{"url", "source_url", "link"}

// keys returns each document's key as the trace names it ("url
// arxiv.org/abs/2307.03172"), "" for a document without one; nil when
// the key is none.
func (k DedupKey) keys(docs []value.Document) []string {
	if k == "" || k == DedupKeyNone {
		return nil
	}
	out := make([]string, len(docs))
	field, byField := strings.CutPrefix(string(k), dedupKeyMetadata)
	for i, d := range docs {
		if byField {
			if v := metadataText(d.Metadata[field]); v != "" {
				out[i] = "metadata " + field + " = " + v
			}
			continue
		}
		if u, ok := documentURL(d); ok {
			out[i] = "url " + u
		}
	}
	return out
}

// metadataText is a metadata value as a key: strings trimmed, numbers and
// booleans spelled, anything else (absent, null, a list) no key.
func metadataText(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// documentURL is the document's canonical URL: from a URL field of its
// metadata, else its source, when either is a URL.
func documentURL(d value.Document) (string, bool) {
	for _, f := range urlFields {
		if s, ok := d.Metadata[f].(string); ok {
			if u, ok := CanonicalURL(s); ok {
				return u, true
			}
		}
	}
	return CanonicalURL(d.Source)
}

// arxivPath matches an arXiv paper's abs, html or pdf page, with its
// version and .pdf suffixes, capturing the paper's id.
var arxivPath = regexp.MustCompile(`^/(?:abs|html|pdf)/(.+?)(?:v\d+)?(?:\.pdf)?$`)

// CanonicalURL reduces a URL to what names the page: no scheme, no
// "www.", no default port, query, fragment or trailing slash, the host
// lower-cased, and an arXiv paper's abs, html and pdf pages, any
// version, to arxiv.org/abs/ID. It reports false for text that is not
// an http(s) URL or a www. address, so a file name is never a URL key.
func CanonicalURL(raw string) (string, bool) {
	s := strings.TrimSpace(raw)
	if scheme, rest, ok := strings.Cut(s, "://"); ok {
		if sc := strings.ToLower(scheme); sc != "http" && sc != "https" {
			return "", false
		}
		s = rest
	} else if !strings.HasPrefix(strings.ToLower(s), "www.") {
		return "", false
	}
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	host, path, _ := strings.Cut(s, "/")
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	host = strings.TrimSuffix(strings.TrimSuffix(host, ":80"), ":443")
	if host == "" {
		return "", false
	}
	path = "/" + strings.TrimRight(path, "/")
	if host == "arxiv.org" || host == "export.arxiv.org" {
		if m := arxivPath.FindStringSubmatch(path); m != nil {
			return "arxiv.org/abs/" + m[1], true
		}
	}
	if path == "/" {
		return host, true
	}
	return host + path, true
}
