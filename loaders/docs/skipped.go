package docs

import (
	"slices"
	"strings"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// Set is what LoadSet read: the documents, the format it
// used, and the files of a directory it did not read.
type Set struct {
	Docs   []value.Document
	Format string
	// Skipped lists, in path order, each file or directory a directory
	// load passed over and why, so a missing document is never a mystery.
	Skipped []SkippedFile
}

// SkippedFile is one path a directory load did not read.
type SkippedFile struct {
	// Path is relative to the directory, slash-separated; a directory
	// ends in "/".
	Path   string
	Reason string
}

// Why a directory load passes over a path.
const (
	skipNotText    = "not .md, .markdown or .txt"
	skipHiddenFile = "hidden (its name starts with a dot)"
	skipHiddenDir  = "hidden directory (its name starts with a dot), not read"
	skipLinkedDir  = "a link to a directory, not followed"
	skipBrokenLink = "a link to nothing that can be read"
	skipSpecial    = "not a regular file"
	skipLinkOut    = "a link to a file outside the directory, not followed"
	skipUnreadable = "could not be read"
)

// SkipNotes words the skipped paths for a user, one line per reason
// with every path it applies to: "skipped 2 files in docs that are not
// .md, .markdown or .txt: a.pdf, img/b.png". Paths are made inert for a
// terminal.
func (s Set) SkipNotes(dir string) []string {
	var reasons []string
	paths := map[string][]string{}
	for _, f := range s.Skipped {
		if _, seen := paths[f.Reason]; !seen {
			reasons = append(reasons, f.Reason)
		}
		paths[f.Reason] = append(paths[f.Reason], safetext.Line(f.Path))
	}
	slices.Sort(reasons)
	var notes []string
	for _, reason := range reasons {
		ps := paths[reason]
		what := numfmt.Count(len(ps), "file", "files")
		if reason == skipHiddenDir || reason == skipLinkedDir {
			what = numfmt.Count(len(ps), "directory", "directories")
		}
		notes = append(notes, "skipped "+what+" in "+safetext.Line(dir)+", "+reason+": "+strings.Join(ps, ", "))
	}
	return notes
}
