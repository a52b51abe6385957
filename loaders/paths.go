package loaders

// The folder rule for files a scenario names: a path must stay inside the
// scenario's own folder, symlinks resolved. Directories of documents keep
// to the same rule.

import (
	"path/filepath"
	"strings"
)

// PathRoot is the folder a scenario in dir may read from: dir itself,
// absolute, symlinks resolved. The working folder plays no part, so a
// scenario reads the same files wherever ctxlab runs.
func PathRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return abs
}

// Inside reports whether path, cleaned and symlinks resolved, lies inside
// root. A path that does not exist has its longest existing parent
// resolved: loading it fails anyway, with "not found", but a link in
// that parent must not lead the error message elsewhere.
func Inside(path, root string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	abs = resolveExisting(abs)
	rel, err := filepath.Rel(root, abs)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// resolveExisting resolves the symlinks of abs's longest existing prefix
// and appends the rest as written.
func resolveExisting(abs string) string {
	rest := ""
	for p := abs; ; {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}
