package docs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// writeTree creates files (slash-separated relative paths) under a temp dir.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestLoadDirectory(t *testing.T) {
	root := writeTree(t, map[string]string{
		"b.md":              "Bee.\n",
		"a/z.txt":           "  Zed, indented and unterminated",
		"a.md":              "\xEF\xBB\xBFAy.\n",
		"guide/Intro.MD":    "# Intro\n\nFirst paragraph\nstill first.\r\n   \r\nSecond.\n\n\n",
		"empty.txt":         "",
		"data.json":         `[{"content": "not read"}]`,
		".git/notes.md":     "hidden dir",
		".draft.md":         "hidden file",
		"guide/image.png":   "\x89PNG",
		"guide/sub/deep.md": "deep",
	})
	docs, format, err := Load(root, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if format != FormatDir {
		t.Errorf("format = %q, want dir", format)
	}
	want := []value.Document{
		doc("Ay.\n", 1, "a.md", nil),
		doc("  Zed, indented and unterminated", 1, "a/z.txt", nil),
		doc("Bee.\n", 1, "b.md", nil),
		doc("", 1, "empty.txt", nil),
		doc("# Intro\n\nFirst paragraph\nstill first.\r\n   \r\nSecond.\n\n\n", 1, "guide/Intro.MD", nil),
		doc("deep", 1, "guide/sub/deep.md", nil),
	}
	if !reflect.DeepEqual(docs, want) {
		t.Errorf("documents differ\n got: %#v\nwant: %#v", docs, want)
	}

	docs, _, err = Load(root, nil, Options{Format: FormatDir, PerParagraph: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range docs {
		got = append(got, d.Source+"="+d.Content)
	}
	wantParas := []string{
		"a.md#p1=Ay.",
		"a/z.txt#p1=  Zed, indented and unterminated",
		"b.md#p1=Bee.",
		"guide/Intro.MD#p1=# Intro",
		"guide/Intro.MD#p2=First paragraph\nstill first.",
		"guide/Intro.MD#p3=Second.",
		"guide/sub/deep.md#p1=deep",
	}
	if !reflect.DeepEqual(got, wantParas) {
		t.Errorf("paragraphs differ\n got: %q\nwant: %q", got, wantParas)
	}
	if meta := docs[4].Metadata; meta["paragraph"] != int64(2) || meta["line"] != int64(3) {
		t.Errorf("paragraph metadata = %v, want paragraph 2 at line 3", meta)
	}
}

func TestParagraphs(t *testing.T) {
	tests := []struct {
		in   string
		want []paragraph
	}{
		{"", nil},
		{"\n\n", nil},
		{"one", []paragraph{{"one", 1}}},
		{"one\ntwo\n\nthree\n", []paragraph{{"one\ntwo", 1}, {"three", 4}}},
		{"\r\n  a \r\n\t\r\n b\r\n", []paragraph{{"  a ", 2}, {" b", 4}}},
	}
	for _, tt := range tests {
		if got := paragraphs(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("paragraphs(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

func TestLoadDocumentsPaths(t *testing.T) {
	root := writeTree(t, map[string]string{
		"notes.md":      "Note: this looks like YAML but is prose.\n\nSecond para.\n",
		"empty.md":      " \n",
		"docs.jsonl":    `{"content": "x", "score": 0.5}`,
		"bad.md":        "ok\n\xff",
		"only/a.csv":    "content\nx\n",
		"nothing/.keep": "",
	})
	t.Run("markdown file is one text document", func(t *testing.T) {
		path := filepath.Join(root, "notes.md")
		docs, format, err := Load(path, nil, Options{})
		if err != nil || format != FormatText || len(docs) != 1 || docs[0].Source != filepath.ToSlash(path) ||
			docs[0].Content != "Note: this looks like YAML but is prose.\n\nSecond para.\n" {
			t.Errorf("got %v %q %#v", err, format, docs)
		}
		docs, _, err = Load(path, nil, Options{PerParagraph: true})
		if err != nil || len(docs) != 2 || docs[1].Content != "Second para." || !strings.HasSuffix(docs[1].Source, "notes.md#p2") {
			t.Errorf("per paragraph: %v %#v", err, docs)
		}
	})
	t.Run("file format is detected", func(t *testing.T) {
		docs, format, err := Load(filepath.Join(root, "docs.jsonl"), nil, Options{})
		if err != nil || format != FormatJSONL || len(docs) != 1 || docs[0].Score != 0.5 {
			t.Errorf("got %v %q %#v", err, format, docs)
		}
	})
	t.Run("stdin", func(t *testing.T) {
		docs, format, err := Load("-", strings.NewReader(`[{"text": "from stdin"}]`), Options{})
		if err != nil || format != FormatJSON || docs[0].Content != "from stdin" {
			t.Errorf("got %v %q %#v", err, format, docs)
		}
		docs, format, err = Load("-", strings.NewReader("a\n\nb"), Options{Format: FormatText, PerParagraph: true})
		if err != nil || format != FormatText || len(docs) != 2 || docs[1].Source != "stdin#p2" {
			t.Errorf("text from stdin: %v %q %#v", err, format, docs)
		}
	})

	bad := []struct {
		name string
		path string
		opts Options
		want string
	}{
		{"missing path", filepath.Join(root, "nope.json"), Options{}, "loading documents: " + filepath.Join(root, "nope.json") + ": no such file or directory"},
		{"empty text file", filepath.Join(root, "empty.md"), Options{}, "empty.md: input is empty; expected text"},
		{"invalid utf-8 text file", filepath.Join(root, "bad.md"), Options{}, "bad.md: line 2: invalid UTF-8 at byte offset 3 (byte 0xff)"},
		{"directory without text files", filepath.Join(root, "only"), Options{}, "only: no .md, .markdown or .txt files in this directory or below"},
		{"directory with only hidden files", filepath.Join(root, "nothing"), Options{}, "nothing: no .md, .markdown or .txt files"},
		{"forced format on a directory", root, Options{Format: FormatJSON}, `is a directory; format "json" needs a file`},
		{"dir format on a file", filepath.Join(root, "docs.jsonl"), Options{Format: FormatDir}, "is a file; the dir format needs a directory"},
		{"dir format on stdin", "-", Options{Format: FormatDir}, "stdin: the dir format needs a directory path"},
		{"empty stdin", "-", Options{}, "stdin: input is empty; expected documents"},
		{"unknown format", root, Options{Format: "pdf"}, `unknown format "pdf"`},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Load(tt.path, strings.NewReader(""), tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
	t.Run("missing path wraps fs.ErrNotExist", func(t *testing.T) {
		_, _, err := Load(filepath.Join(root, "nope.json"), nil, Options{})
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("errors.Is(%v, fs.ErrNotExist) = false", err)
		}
	})
	t.Run("invalid utf-8 inside a directory names the file", func(t *testing.T) {
		dir := writeTree(t, map[string]string{"good.md": "fine", "sub/bad.txt": "line one\nli\xc0ne two"})
		_, _, err := Load(dir, nil, Options{})
		want := filepath.Join(dir, "sub", "bad.txt") + ": line 2: invalid UTF-8 at byte offset 11 (byte 0xc0)"
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error = %v, want prefix %q", err, want)
		}
	})
}
