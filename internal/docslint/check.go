package main

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// rule is one kind of history the checker refuses.
type rule struct {
	what    string
	pattern *regexp.Regexp
}

// rules are matched against one line of text at a time.
var rules = []rule{
	{"a numbered session or round of work", regexp.MustCompile(`(?i)\b(session|round)s?[ -]\d+\b`)},
	{"a session or round of work", regexp.MustCompile(`(?i)\b(this|the last|the latest|an earlier|a later) round\b|\bthis (work )?session\b`)},
	{"a machine-load note", regexp.MustCompile(`(?i)\bload (average )?(of |was |is )?\d|\bat load\b|\bloaded machine\b|\bshared (2|two)-core machine\b`)},
	{"a path of the machine it was written on", regexp.MustCompile(`(^|[\s"'(=:` + "`" + `])/(tmp|work|home|Users)/`)},
	{"a log timestamp", regexp.MustCompile(`\b\d{1,2}:\d{2}(:\d{2})?(\s*[-–]\s*\d{1,2}:\d{2}(:\d{2})?)? UTC\b`)},
	// Another project's issue is cited as owner/repo#N, which the
	// characters before the number rule out; a document number (#15) is
	// not an issue unless a word says so.
	{"this project's own issue number", regexp.MustCompile(`(?i)(^|[^\w./-])(issues?|bugs?|PRs?|pull requests?|tickets?) #?\d+\b|(^|[^\w./-])(fixes|fixed in|closes|closed by) #\d+\b`)},
	{"narration of what was before", regexp.MustCompile(`(?i)\bbefore this change\b|\bused to\b|\bpreviously\b|\bnow measures\b|\bearlier today\b|\bfixed here\b|\buntil this change\b`)},
}

// Finding is one line that breaks a rule.
type Finding struct {
	File string
	Line int
	What string
	Text string
}

func (f Finding) String() string {
	text := strings.TrimSpace(f.Text)
	if len(text) > 160 {
		text = text[:157] + "..."
	}
	return fmt.Sprintf("%s:%d: %s: %s", f.File, f.Line, f.What, text)
}

// checkText applies every rule to each line of text, whose first line is
// line first of file.
func checkText(file string, first int, text string) []Finding {
	var findings []Finding
	for i, line := range strings.Split(text, "\n") {
		for _, r := range rules {
			if r.pattern.MatchString(line) {
				findings = append(findings, Finding{File: file, Line: first + i, What: r.what, Text: line})
			}
		}
	}
	return findings
}

// checkGo applies the rules to the comments of one Go source.
func checkGo(file string, src []byte) []Finding {
	fset := token.NewFileSet()
	tf := fset.AddFile(file, -1, len(src))
	var s scanner.Scanner
	// Errors are the compiler's to report; the comments before one are
	// still read.
	s.Init(tf, src, func(token.Position, string) {}, scanner.ScanComments)
	var findings []Finding
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.COMMENT {
			findings = append(findings, checkText(file, fset.Position(pos).Line, lit)...)
		}
	}
	return findings
}

// Check reads the documentation and the Go comments under root.
func Check(root string) ([]Finding, error) {
	var findings []Finding
	for _, name := range []string{"README.md", "ARCHITECTURE.md"} {
		text, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return nil, err
		}
		findings = append(findings, checkText(name, 1, string(text))...)
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			base := d.Name()
			if rel != "." && (strings.HasPrefix(base, ".") || base == "testdata" || base == "vendor" || base == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(rel, ".go"):
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			findings = append(findings, checkGo(rel, src)...)
		case strings.HasPrefix(rel, "docs/") && strings.HasSuffix(rel, ".md"):
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			findings = append(findings, checkText(rel, 1, string(text))...)
		}
		return nil
	})
	return findings, err
}
