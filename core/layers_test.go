package core

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// engineLayers is the engine's layering, bottom up, as ARCHITECTURE.md
// draws it: a package may import only packages of a lower layer, so the
// graph points one way and no part reaches up into the root.
var engineLayers = [][]string{
	{"ctxlab/core/value", "ctxlab/core/usage", "ctxlab/core/pycompat", "ctxlab/internal/numfmt", "ctxlab/internal/nearname", "ctxlab/internal/choice", "ctxlab/internal/workerpanic", "ctxlab/internal/jsonout", "ctxlab/internal/quoted"},
	{"ctxlab/core/tokens"},
	{"ctxlab/core/summarize"},
	{"ctxlab/core/pipeline", "ctxlab/core/window"},
	{"ctxlab/core/memory", "ctxlab/core/metrics", "ctxlab/core/longdoc"},
	{"ctxlab/core/diagnose"},
	{"ctxlab/core"},
	{"ctxlab/core/fix", "ctxlab/core/sweep"},
	{"ctxlab/core/evalrun", "ctxlab/core/trajectory"},
}

// impureImports are what the engine must never import: it reads no files,
// opens no connection and draws nothing.
var impureImports = []string{"os", "os/exec", "io/fs", "net", "net/http", "syscall", "github.com/charmbracelet/"}

func TestEngineImportsPointDown(t *testing.T) {
	layerOf := map[string]int{}
	for i, layer := range engineLayers {
		for _, pkg := range layer {
			layerOf[pkg] = i
		}
	}
	seen := 0
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if strings.HasPrefix(dir, "internal/") {
			return nil // test helpers, imported by tests only
		}
		pkg := "ctxlab/core"
		if dir != "." {
			pkg += "/" + dir
		}
		from, ok := layerOf[pkg]
		if !ok {
			t.Errorf("%s: package %s has no layer in engineLayers (and ARCHITECTURE.md)", path, pkg)
			return nil
		}
		seen++
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, spec := range file.Imports {
			imported, _ := strconv.Unquote(spec.Path.Value)
			for _, impure := range impureImports {
				if imported == impure || (strings.HasSuffix(impure, "/") && strings.HasPrefix(imported, impure)) {
					t.Errorf("%s imports %s: the engine is pure", path, imported)
				}
			}
			if !strings.HasPrefix(imported, "ctxlab/") {
				continue
			}
			to, ok := layerOf[imported]
			if !ok || to >= from {
				t.Errorf("%s (%s, layer %d) imports %s (layer %d, or none): imports must point down", path, pkg, from, imported, to)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 50 {
		t.Fatalf("checked %d files; expected the whole engine", seen)
	}
}
