package evalinput

import (
	"fmt"

	"ctxlab/loaders"
)

// corpusEntry is one document of a BEIR-style corpus.
type corpusEntry struct {
	// content is the text alone until joinCorpusTitles makes it the
	// passage, once the corpus's lines are no longer held.
	content string
	title   string
	line    int
}

// parseCorpus reads a corpus in BEIR's corpus.jsonl layout: one object a
// line with "_id", "text" and an optional "title".
func parseCorpus(name string, lines []numberedLine) (map[string]corpusEntry, error) {
	corpus := make(map[string]corpusEntry, len(lines))
	const expected = `an object with "_id", "title" and "text"`
	for _, l := range lines {
		obj, p, id, err := idLine(name, l, expected, "_id", "id")
		if err != nil {
			return nil, err
		}
		if first, dup := corpus[id]; dup {
			return nil, p.Err(name, "document %s is already on line %d; expected each id once", loaders.Quoted(id), first.line)
		}
		text, ok, err := firstString(p, name, obj, "text", "content")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.Err(name, "document %s has no %q; expected %s", loaders.Quoted(id), "text", expected)
		}
		title, _, err := firstString(p, name, obj, "title")
		if err != nil {
			return nil, err
		}
		if err := loaders.CheckStringUTF8(p, name, "text", text); err != nil {
			return nil, err
		}
		corpus[id] = corpusEntry{content: text, title: title, line: l.number}
	}
	return corpus, nil
}

// loadCorpus reads and parses a corpus, each document's content its
// passage.
func loadCorpus(name string) (map[string]corpusEntry, error) {
	corpus, err := readCorpus(name)
	if err != nil {
		return nil, err
	}
	for id, e := range corpus {
		if e.title != "" {
			e.content, e.title = passage(e.title, e.content), ""
			corpus[id] = e
		}
	}
	return corpus, nil
}

// readCorpus is loadCorpus before the titles are joined.
func readCorpus(name string) (map[string]corpusEntry, error) {
	lines, err := readEvalFile(name, "a corpus")
	if err != nil {
		return nil, err
	}
	return parseCorpus(name, lines)
}

// parseQueries reads queries in BEIR's queries.jsonl layout: "_id" and
// "text" a line.
func parseQueries(name string, lines []numberedLine) (map[string]string, error) {
	queries := make(map[string]string, len(lines))
	seen := make(map[string]int, len(lines))
	const expected = `an object with "_id" and "text"`
	for _, l := range lines {
		obj, p, id, err := idLine(name, l, expected, "_id", "id", "qid")
		if err != nil {
			return nil, err
		}
		if first, dup := seen[id]; dup {
			return nil, p.Err(name, "query %s is already on line %d; expected each id once", loaders.Quoted(id), first)
		}
		text, _, err := firstString(p, name, obj, "text", "query")
		if err != nil {
			return nil, err
		}
		seen[id] = l.number
		queries[id] = text
	}
	return queries, nil
}

// missingIn names a file an id was looked up in, for errors.
func missingIn(kind, id, file string) string {
	return fmt.Sprintf("%s %s is not in %s", kind, loaders.Quoted(id), file)
}
