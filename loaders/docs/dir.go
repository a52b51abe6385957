package docs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"ctxlab/core/value"
	"ctxlab/loaders"
)

// textExtensions are the files a directory load reads (case-insensitive).
var textExtensions = []string{".md", ".markdown", ".txt"}

func IsTextFile(path string) bool {
	return slices.Contains(textExtensions, strings.ToLower(filepath.Ext(path)))
}

// loadDir reads every .md/.markdown/.txt file under root, recursively, in
// order of their slash-separated relative paths, so the document order does
// not depend on the platform. Files and directories whose names start with
// "." (.git, editor backups) are skipped, and symlinked directories are not
// followed, which rules out cycles. The source is the relative path, or
// "path#pN" per paragraph. Every path passed over is listed with why; a
// hidden directory once, not each file in it.
func loadDir(root string, perParagraph bool) ([]value.Document, []SkippedFile, error) {
	var rels []string
	var skipped []SkippedFile
	realRoot := loaders.PathRoot(root)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, walkErr error) error {
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		skip := func(reason string) { skipped = append(skipped, SkippedFile{Path: rel, Reason: reason}) }
		if walkErr != nil {
			if path == root {
				return walkErr
			}
			// An unreadable subdirectory is told, not the end of the load.
			if d != nil && d.IsDir() {
				skipped = append(skipped, SkippedFile{Path: rel + "/", Reason: skipUnreadable})
				return filepath.SkipDir
			}
			skip(skipUnreadable)
			return nil
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				skipped = append(skipped, SkippedFile{Path: rel + "/", Reason: skipHiddenDir})
				return filepath.SkipDir
			}
			skip(skipHiddenFile)
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			info, err := os.Stat(path)
			switch {
			case err != nil:
				skip(skipBrokenLink)
				return nil
			case info.IsDir():
				skipped = append(skipped, SkippedFile{Path: rel + "/", Reason: skipLinkedDir})
				return nil
			case !info.Mode().IsRegular():
				skip(skipSpecial)
				return nil
			case !loaders.Inside(path, realRoot):
				// A document set is the directory's files: a link out of
				// it (to ~/.ssh, to /etc) would put a file nobody chose
				// in the context.
				skip(skipLinkOut)
				return nil
			}
		} else if !d.Type().IsRegular() {
			skip(skipSpecial)
			return nil
		}
		if !IsTextFile(path) {
			skip(skipNotText)
			return nil
		}
		rels = append(rels, rel)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("reading directory %s: %w", root, err)
	}
	if len(rels) == 0 {
		return nil, skipped, &loaders.Error{Name: root, Msg: "no .md, .markdown or .txt files in this directory or below; expected text documents"}
	}
	slices.Sort(rels)
	var docs []value.Document
	for _, rel := range rels {
		path := filepath.Join(root, filepath.FromSlash(rel))
		data, err := loaders.ReadInputFile(path)
		if err != nil {
			return nil, nil, loaders.InputError("loading documents", err)
		}
		fileDocs, err := textDocuments(path, string(loaders.StripBOM(data)), rel, perParagraph)
		if err != nil {
			return nil, nil, err
		}
		docs = append(docs, fileDocs...)
	}
	return docs, skipped, nil
}

// ParseText reads one text or Markdown file (or stdin) as one document, or
// one per paragraph. Unlike a file inside a directory, an empty one is an
// error: it was named explicitly and holds nothing.
func ParseText(name string, data []byte, source string, perParagraph bool) ([]value.Document, error) {
	return parseTextString(name, string(data), source, perParagraph)
}

// parseTextString is ParseText on text already in a string, which the
// documents then share rather than copy.
func parseTextString(name, text, source string, perParagraph bool) ([]value.Document, error) {
	text = strings.TrimPrefix(text, string(loaders.UTF8BOM))
	if strings.TrimSpace(text) == "" {
		return nil, loaders.EmptyError(name, "text")
	}
	return textDocuments(name, text, source, perParagraph)
}

// textDocuments turns one file's bytes into documents, keeping content
// byte-exact. An empty file inside a directory still becomes a document, so
// it shows up in the trace (filtered as too short) instead of vanishing.
func textDocuments(name, text, source string, perParagraph bool) ([]value.Document, error) {
	if !utf8.ValidString(text) {
		return nil, loaders.CheckUTF8(name, []byte(text))
	}
	if !perParagraph {
		return []value.Document{{Content: text, Score: 1, Source: source, Metadata: map[string]any{}}}, nil
	}
	var docs []value.Document
	for i, para := range paragraphs(text) {
		docs = append(docs, value.Document{
			Content:  para.text,
			Score:    1,
			Source:   fmt.Sprintf("%s#p%d", source, i+1),
			Metadata: map[string]any{"paragraph": int64(i + 1), "line": int64(para.line)},
		})
	}
	return docs, nil
}

type paragraph struct {
	text string
	line int // 1-based line the paragraph starts on
}

// paragraphs splits text at blank (whitespace-only) lines. Each paragraph
// is the exact bytes from the start of its first line to the end of its
// last line, without that line's terminator.
func paragraphs(text string) []paragraph {
	var out []paragraph
	start, end, startLine := -1, -1, 0
	line := 0
	for pos := 0; pos < len(text); {
		line++
		lineEnd := strings.IndexByte(text[pos:], '\n')
		next := len(text)
		if lineEnd >= 0 {
			lineEnd += pos
			next = lineEnd + 1
		} else {
			lineEnd = len(text)
		}
		content := strings.TrimSuffix(text[pos:lineEnd], "\r")
		if strings.TrimSpace(content) == "" {
			if start >= 0 {
				out = append(out, paragraph{text: text[start:end], line: startLine})
				start = -1
			}
		} else {
			if start < 0 {
				start, startLine = pos, line
			}
			end = pos + len(content)
		}
		pos = next
	}
	if start >= 0 {
		out = append(out, paragraph{text: text[start:end], line: startLine})
	}
	return out
}
