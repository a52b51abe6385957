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
		total += regularFileSize(path)
	}
	if total > 0 {
		memlimit.Apply(env.Getenv, total, 0)
	}
}

// limitMemoryForConversationInput is limitMemoryForInput for a documents
// file beside a chat history or a request file, before they are read:
// the messages at memlimit.PerMessageByte, the documents as ever.
func limitMemoryForConversationInput(env Env, docsPath, messagesPath string) {
	if !env.SetsMemoryLimit {
		return
	}
	docs, messages := regularFileSize(docsPath), regularFileSize(messagesPath)
	if docs+messages > 0 {
		memlimit.ApplyLimit(env.Getenv, memlimit.ForConversation(docs, 0, messages))
	}
}

// regularFileSize is a named regular file's size; 0 for stdin, a
// directory (its files are measured as they load) or a bad path (the
// loader's to report).
func regularFileSize(path string) int64 {
	if path == "" || path == "-" {
		return 0
	}
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		return info.Size()
	}
	return 0
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

// requestInputRead is the request loader's report of a piped request's
// size, for the limit limitMemoryForConversationInput sets from a
// file's: nil when the command does not own its process. Unlimited
// until assemble's report, a 47 MB piped request let the heap reach
// 230 MB while it was decoded.
func requestInputRead(env Env) func(bytes int) {
	if !env.SetsMemoryLimit {
		return nil
	}
	return func(bytes int) { memlimit.ApplyLimit(env.Getenv, memlimit.ForConversation(0, 0, int64(bytes))) }
}

// limitMemoryForEval sets the soft limit from the size of an eval's
// files before they are read: eval set none before, and its loading
// let the heap reach 190 MB on a 51 MB run whose live peak is 123 MB.
func limitMemoryForEval(env Env, files loaders.EvalFiles) {
	if !env.SetsMemoryLimit {
		return
	}
	if total := evalFilesBytes(files); total > 0 {
		memlimit.ApplyLimit(env.Getenv, memlimit.ForEval(total))
	}
}

// evalFilesBytes is the size of an eval's regular files (a pipe counts
// nothing).
func evalFilesBytes(files loaders.EvalFiles) int64 {
	total := int64(0)
	for _, path := range []string{files.Run, files.Corpus, files.Queries, files.Qrels} {
		if info, err := os.Stat(path); path != "" && err == nil && info.Mode().IsRegular() {
			total += info.Size()
		}
	}
	return total
}
