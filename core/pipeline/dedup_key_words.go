package pipeline

import "strings"

// SharedKey says what a duplicate the dedup key made shares with the
// kept document, for a note: "URL" under the url key, the field's name
// under a metadata key; "" when its text made it a duplicate. A
// document with the same URL is the same source, not a copy of its
// text, and is worded so.
func (d *Duplicate) SharedKey() string {
	if d == nil || d.Key == "" {
		return ""
	}
	if strings.HasPrefix(d.Key, "url ") {
		return "URL"
	}
	if rest, ok := strings.CutPrefix(d.Key, "metadata "); ok {
		field, _, _ := strings.Cut(rest, " = ")
		return field
	}
	return "key"
}

// KeyValue is the key's value alone ("arxiv.org/abs/2307.03172"), "" for
// a duplicate by its text.
func (d *Duplicate) KeyValue() string {
	if d == nil || d.Key == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(d.Key, "url "); ok {
		return rest
	}
	if rest, ok := strings.CutPrefix(d.Key, "metadata "); ok {
		if _, v, ok := strings.Cut(rest, " = "); ok {
			return v
		}
	}
	return d.Key
}
