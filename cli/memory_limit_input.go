package cli

import (
	"os"

	"ctxlab/internal/memlimit"
	"ctxlab/loaders"
)

// limitMemoryForInput sets Go's soft memory limit from the size of the
// files a command is about to load (the documents, and a history read
// with them), so the parser's peak (the input, its decoded values, and
// for YAML the parser's node tree, all at once) is collected near the
// limit instead of growing to twice its live heap while no limit is set
// yet. A named file is measured before it is read; a pipe's size is
// known once it is read, and the loader reports it (docInputRead).
// limitMemoryFor later keeps the lower of this and the limit from the
// documents; limitMemoryForScenario replaces it with the limit from
// everything loaded.
func limitMemoryForInput(env Env, paths ...string) {
	if !env.SetsMemoryLimit {
		return
	}
	total := int64(0)
	for _, path := range paths {
		if path == "" || path == "-" {
			continue
		}
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			total += info.Size() // a directory's files are measured as they load; a bad path is the loader's to report
		}
	}
	if total > 0 {
		memlimit.Apply(env.Getenv, total, 0)
	}
}

// docInputRead is the loader's report of a piped input's size, for
// limitMemoryForInput's limit: nil when the command does not own its
// process.
func docInputRead(env Env) func(bytes int) {
	if !env.SetsMemoryLimit {
		return nil
	}
	return func(bytes int) { memlimit.Apply(env.Getenv, int64(bytes), 0) }
}

// limitMemoryForEval sets the soft limit from the size of an eval's
// files before they are read: eval set none before, and its loading
// let the heap reach 190 MB on a 51 MB run whose live peak is 123 MB.
func limitMemoryForEval(env Env, files loaders.EvalFiles) {
	if !env.SetsMemoryLimit {
		return
	}
	total := int64(0)
	for _, path := range []string{files.Run, files.Corpus, files.Queries, files.Qrels} {
		if info, err := os.Stat(path); path != "" && err == nil && info.Mode().IsRegular() {
			total += info.Size()
		}
	}
	if total > 0 {
		memlimit.ApplyLimit(env.Getenv, memlimit.ForEval(total))
	}
}
