package views

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/themes"
	"ctxlab/tui/rows"
)

// typography are the non-ASCII characters the renderers write as plain
// punctuation or frame, which read without a legend: each is named so a
// new glyph cannot hide among them.
var typography = map[rune]string{
	'«': "quotes an elided span", '»': "quotes an elided span", '“': "quotes typed text", '”': "quotes typed text",
	'×': "in 80×24", '÷': "division in a sentence", '–': "en dash in titles", '—': "em dash in sentences",
	'…': "ellipsis of cut text", '≤': "less or equal in a sentence", '≥': "greater or equal in a sentence",
	'−': "minus sign", '±': "plus or minus in an estimate's error", '─': "rules under titles", '│': "the footer's separator",
	'↑': "key names", '↓': "key names", '←': "key names",
}

// drawnGlyphs collects every non-ASCII symbol in a string literal of
// the views', the workbench's and the document rows' renderers, with
// where it was first seen.
func drawnGlyphs(t *testing.T) map[rune]string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"*.go", "../*.go", "../rows/*.go"} {
		matched, err := filepath.Glob(pattern)
		if err != nil || len(matched) == 0 {
			t.Fatalf("%s: %d files (%v)", pattern, len(matched), err)
		}
		files = append(files, matched...)
	}
	fset := token.NewFileSet()
	glyphs := map[rune]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || (lit.Kind != token.STRING && lit.Kind != token.CHAR) {
				return true
			}
			text, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, r := range text {
				if _, seen := glyphs[r]; r > unicode.MaxASCII && !unicode.IsLetter(r) && !seen {
					glyphs[r] = fset.Position(lit.Pos()).String()
				}
			}
			return true
		})
	}
	if len(glyphs) < 20 {
		t.Fatalf("found only %d glyphs: the scan is broken", len(glyphs))
	}
	return glyphs
}

func TestLegendExplainsEveryGlyphTheRenderersDraw(t *testing.T) {
	for _, palette := range []themes.Palette{themes.Dark, themes.Mono} {
		legend := ansi.Strip(Legend(themes.New(palette), 200))
		for r, where := range drawnGlyphs(t) {
			if _, plain := typography[r]; plain {
				continue
			}
			if !strings.ContainsRune(legend, r) {
				t.Errorf("%s theme: the legend does not explain %q (U+%04X), drawn at %s", palette.Name, r, r, where)
			}
		}
	}
}

// The labels the budget and the strip draw come from their maps and
// forms: the legend names each.
func TestLegendNamesEveryComponentAndStripLabel(t *testing.T) {
	legend := ansi.Strip(Legend(themes.New(themes.Dark), 200))
	for _, name := range window.ComponentNames {
		// The short form the narrow grid draws, and on the same line
		// the words every other screen uses.
		short, words := "██ "+window.ComponentShort(name)+" ", " "+window.ComponentWords(name)+":"
		tied := false
		for _, line := range strings.Split(legend, "\n") {
			if i := strings.Index(line, short); i >= 0 && strings.Contains(line[i:], words) {
				tied = true
			}
		}
		if !tied {
			t.Errorf("no legend line ties %q to %q", short, words)
		}
	}
	for _, l := range rows.StripLabels() {
		if !strings.Contains(legend, l) {
			t.Errorf("the legend does not name %q", l)
		}
	}
}

// constantsOfType reads the values of a package's string constants of a
// type from its source, so a fate added to the engine is walked here
// without anyone listing it.
func constantsOfType(t *testing.T, dir, typeName string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var values []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			if id, ok := spec.Type.(*ast.Ident); !ok || id.Name != typeName {
				return true
			}
			for _, v := range spec.Values {
				if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					values = append(values, s)
				}
			}
			return true
		})
	}
	if len(values) == 0 {
		t.Fatalf("no constants of type %s in %s", typeName, dir)
	}
	return values
}

// The legend shows each fate and component in the colour the screen
// draws it with, so it must render them with the same styles.
func TestLegendDrawsEachFateAndComponentInItsOwnColour(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	for _, palette := range []themes.Palette{themes.Dark, themes.Light} {
		st := themes.New(palette)
		legend := Legend(st, 200)
		for _, f := range pipeline.Fates() {
			glyph, tone := rows.FateLook(f)
			if want := tone.Style(st).Render(glyph); !strings.Contains(legend, want) {
				t.Errorf("%s: the legend lacks document fate %q drawn as %q", palette.Name, f, want)
			}
		}
		for _, f := range constantsOfType(t, "../../core/memory", "Fate") {
			glyph, style := MemoryLook(st, memory.Fate(f))
			if f == string(memory.Dropped) {
				// The Memory view greys a dropped message's ✗; the
				// legend's ✗ is the documents' red, and says so.
				style = st.Excluded
			}
			if want := style.Render(glyph); !strings.Contains(legend, want) {
				t.Errorf("%s: the legend lacks message fate %q drawn as %q", palette.Name, f, want)
			}
		}
		for _, name := range window.ComponentNames {
			if want := ComponentStyle(st, name).Render("██ " + window.ComponentShort(name)); !strings.Contains(legend, want) {
				t.Errorf("%s: the legend lacks component %s in its colour", palette.Name, name)
			}
		}
	}
}

func TestLegendFitsEveryWidth(t *testing.T) {
	for _, palette := range []themes.Palette{themes.Dark, themes.Mono} {
		for _, width := range []int{40, 76, 116, 156} {
			for i, line := range strings.Split(Legend(themes.New(palette), width), "\n") {
				if w := ansi.StringWidth(line); w > width {
					t.Errorf("%s, width %d: line %d is %d wide: %q", palette.Name, width, i, w, ansi.Strip(line))
				}
			}
		}
	}
}
