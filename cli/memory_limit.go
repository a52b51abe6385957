package cli

import (
	"ctxlab/core/value"
	"ctxlab/internal/memlimit"
)

// limitMemoryFor sets Go's soft memory limit from the documents `build`
// loaded (unless the user set GOMEMLIMIT, or the command does not own
// its process), so a large set is collected as it nears a few times its
// size instead of growing to twice its peak live heap. It only lowers
// the limit set before loading from the file's size.
func limitMemoryFor(env Env, docs []value.Document) {
	if env.SetsMemoryLimit {
		memlimit.ApplyLimit(env.Getenv, memlimit.ForBuild(documentBytes(docs), len(docs)))
	}
}

// documentBytes is the text a document set holds: what its memory grows
// with, whatever the encoding it was read from.
func documentBytes(docs []value.Document) int64 {
	n := int64(0)
	for _, d := range docs {
		n += int64(len(d.Content) + len(d.Source))
	}
	return n
}
