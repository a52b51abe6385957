package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// copyrightGlob is where every installed Debian package keeps its licence
// text: real, repetitive prose (the same GPL and MIT paragraphs hundreds of
// times), the near-duplicate load deduplication exists for.
const copyrightGlob = "/usr/share/doc/*/copyright"

// blankLine separates paragraphs: a line holding only spaces or tabs.
var blankLine = regexp.MustCompile(`\n[ \t]*\n`)

// corpusRecord is one line of the generated JSONL, ctxlab's own document
// format, which the reference driver reads too.
type corpusRecord struct {
	Content string  `json:"content"`
	Score   float64 `json:"score"`
	Source  string  `json:"source"`
}

// corpusStats says what was written.
type corpusStats struct {
	files, paragraphs int
	bytes             int64
}

// writeCopyrightCorpus writes every paragraph of the copyright files, in
// sorted path order and file order, as JSONL to out. A paragraph's score
// depends on its position alone, so the set is the same on every run of
// the same machine.
func writeCopyrightCorpus(out string) (corpusStats, error) {
	paths, err := filepath.Glob(copyrightGlob)
	if err != nil {
		return corpusStats{}, err
	}
	sort.Strings(paths)
	f, err := os.Create(out)
	if err != nil {
		return corpusStats{}, err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	var st corpusStats
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			continue // a dangling symlink or an unreadable file is not a paragraph
		}
		st.files++
		for _, para := range paragraphs(string(data)) {
			rec := corpusRecord{Content: para.text, Score: positionScore(st.paragraphs), Source: fmt.Sprintf("%s#%d", path, para.n)}
			if err := enc.Encode(rec); err != nil {
				f.Close()
				return st, err
			}
			st.paragraphs++
			st.bytes += int64(len(para.text))
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return st, err
	}
	return st, f.Close()
}

// paragraph is one paragraph of a file and its number there, counting
// the empty stretches between blank lines too, so a paragraph's number
// does not change when another's text does.
type paragraph struct {
	text string
	n    int
}

// paragraphs splits a file's text at blank lines, trimmed, empty ones
// left out; invalid UTF-8 becomes U+FFFD, and a blank line is blank
// whatever the line ending.
func paragraphs(text string) []paragraph {
	text = strings.ReplaceAll(strings.ToValidUTF8(text, "\uFFFD"), "\r\n", "\n")
	var out []paragraph
	for n, para := range blankLine.Split(text, -1) {
		if para = strings.TrimSpace(para); para != "" {
			out = append(out, paragraph{text: para, n: n + 1})
		}
	}
	return out
}

// positionScore spreads scores over [0.001, 1.000] by a fixed
// permutation of the paragraph's position, so equal scores (and the
// reference's stable tie order) occur but are rare.
func positionScore(i int) float64 {
	return float64((i*7919)%1000+1) / 1000
}
