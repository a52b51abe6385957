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

// docKeys are the documents' dedup keys, interned: ID[i] is document
// i's key number, -1 without one, and Name[n] says key n as the trace
// names it ("url arxiv.org/abs/2307.03172").
type docKeys struct {
	ID   []int32
	Name []string
}

// dedupKeys returns the documents' keys under k, worked out the first
// time k is asked for, so a knob change does not canonicalise every URL
// again; nil when k is none.
func (a *Analysis) dedupKeys(k DedupKey) *docKeys {
	if k == "" || k == DedupKeyNone {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if dk, ok := a.keys[k]; ok {
		return dk
	}
	dk := &docKeys{ID: make([]int32, len(a.Docs))}
	ids := make(map[string]int32)
	field, byField := strings.CutPrefix(string(k), dedupKeyMetadata)
	for i, d := range a.Docs {
		name := ""
		if byField {
			if v := metadataText(d.Metadata[field]); v != "" {
				name = "metadata " + field + " = " + v
			}
		} else if u, ok := DocumentURL(d); ok {
			name = "url " + u
		}
		if name == "" {
			dk.ID[i] = -1
			continue
		}
		id, seen := ids[name]
		if !seen {
			id = int32(len(dk.Name))
			ids[name] = id
			dk.Name = append(dk.Name, name)
		}
		dk.ID[i] = id
	}
	if a.keys == nil {
		a.keys = make(map[DedupKey]*docKeys)
	}
	a.keys[k] = dk
	return dk
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

// DocumentURL is the document's canonical URL (CanonicalURL): from a URL
// field of its metadata, else its source, when either is a URL. The URL
// dedup key and the findings' same-source check both read it.
func DocumentURL(d value.Document) (string, bool) {
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
	// Only a scheme's or an address's first bytes are lower-cased: a
	// source that is no URL may be as long as a document (50 MB of ACGT
	// was copied whole to be compared with "www."). Only ASCII letters
	// lower to h, t, p, s and w, so nothing longer can match.
	if scheme, rest, ok := strings.Cut(s, "://"); ok {
		if len(scheme) > len("https") {
			return "", false
		}
		if sc := strings.ToLower(scheme); sc != "http" && sc != "https" {
			return "", false
		}
		s = rest
	} else if !strings.HasPrefix(strings.ToLower(s[:min(len(s), len("www."))]), "www.") {
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
