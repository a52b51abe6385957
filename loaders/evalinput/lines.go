package evalinput

import (
	"bytes"
	"encoding/json"

	"ctxlab/core/evalrun"
	"ctxlab/loaders"
)

// numberedLine is one non-blank line of a line-oriented eval file.
type numberedLine struct {
	number int // 1-based
	// text is the line's bytes in the file read whole, not a copy: a
	// string of each line held a file of one 50 MB record twice over.
	text []byte
}

// readEvalFile reads one of an evaluation's files, checked for UTF-8 and
// for content; what names what it should hold, for the empty-file error.
func readEvalFile(path, what string) ([]numberedLine, error) {
	data, err := loaders.ReadInputPath(path, "loading "+what, what)
	if err != nil {
		return nil, err
	}
	return splitEvalLines(path, data, what)
}

// splitEvalLines splits data into its non-blank lines, numbered.
func splitEvalLines(name string, data []byte, what string) ([]numberedLine, error) {
	data = loaders.StripBOM(data)
	if loaders.IsBlank(data) {
		return nil, loaders.EmptyError(name, what)
	}
	if err := loaders.CheckUTF8(name, data); err != nil {
		return nil, err
	}
	var lines []numberedLine
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		text := bytes.TrimRight(line, "\r")
		if len(bytes.TrimSpace(text)) != 0 {
			lines = append(lines, numberedLine{number: n + 1, text: text})
		}
	}
	return lines, nil
}

// jsonLineObject decodes one JSON Lines record with encoding/json,
// numbers kept exact.
func jsonLineObject(name string, l numberedLine, expected string) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(l.text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, &loaders.Error{Name: name, Line: l.number, Msg: "is not JSON; expected " + expected, Err: err}
	}
	if dec.More() {
		return nil, &loaders.Error{Name: name, Line: l.number, Msg: "holds more than one JSON value; expected one object per line"}
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, &loaders.Error{Name: name, Line: l.number, Msg: "is " + loaders.Describe(v) + "; expected " + expected}
	}
	return obj, nil
}

// idLine decodes line l, an object, and reads its id, the first of keys
// present; an id missing or empty is an error naming keys[0].
func idLine(name string, l numberedLine, expected string, keys ...string) (map[string]any, loaders.Place, string, error) {
	p := loaders.Place{Line: l.number}
	obj, err := jsonLineObject(name, l, expected)
	if err != nil {
		return nil, p, "", err
	}
	id, ok, err := firstString(p, name, obj, keys...)
	if err == nil && (!ok || id == "") {
		err = p.Err(name, "has no %q; expected %s", keys[0], expected)
	}
	return obj, p, id, err
}

// firstString returns the string under the first of keys present in
// obj (ids may be numbers); present is false when none is.
func firstString(p loaders.Place, name string, obj map[string]any, keys ...string) (value string, present bool, err error) {
	for _, key := range keys {
		v, ok := obj[key]
		if !ok || v == nil {
			continue
		}
		s, ok := loaders.IDString(v)
		if !ok {
			return "", true, p.Err(name, "%q is %s; expected a string", key, loaders.Describe(v))
		}
		return s, true, nil
	}
	return "", false, nil
}

// passage is a document's content as an evaluation sends it: the text,
// after its title and a blank line when it has one. The loaders join
// them only once the file's bytes are no longer held (see titled), so a
// large document is not held three times, in the file, as its decoded
// text and joined.
func passage(title, text string) string {
	if title == "" {
		return text
	}
	return title + "\n\n" + text
}

// docTitle is the title of document doc of query query, joined to its
// text by joinTitles once the run's lines are dropped.
type docTitle struct {
	query, doc int
	title      string
}

// joinTitles makes each titled document's content its passage. One text
// is held twice at a time, not every one.
func joinTitles(queries []evalrun.Query, titles []docTitle) {
	for _, t := range titles {
		d := &queries[t.query].Docs[t.doc]
		d.Content = passage(t.title, d.Content)
	}
}
