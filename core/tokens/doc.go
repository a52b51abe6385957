// Package tokens counts and cuts text in tokens: the tokenizers (tiktoken
// BPE encodings and the whitespace heuristic), the table of known models
// with their encodings and context windows, and the splitting of text into
// token-bounded chunks.
//
// The heuristic is the reference's int(words × 1.3). The BPE encodings
// (cl100k_base, o200k_base) give tiktoken's tokens with an encoder of
// ctxlab's own: a hand-written pre-tokenizer, then a merge of each piece
// over a queue of pairs, a heap (merge_heap.go) or, for pieces of 1 KB
// and more, buckets by rank (merge_buckets.go) with pairs looked up by
// their parts' ranks (merge_pair_cache.go). A piece of 64 KiB or more
// (a pre-token of megabytes: a line of one letter, DNA, Chinese without
// punctuation) goes to a backtracking encoder after github/rust-gems' bpe
// instead (long_piece.go dispatches; backtrack.go, backtrack_vocab.go,
// the double-array trie of the tokens in token_trie.go and a cache of
// dead ends on runs of punctuation in backtrack_chain.go), which keeps
// its stack in a ring of 1,024 tokens and so runs in constant memory.
// Counts of repeated pieces and texts are cached (piececache.go,
// memo.go); CountOnce counts a text that will not be asked about again
// without filling the cache. tiktoken-go is the tests' oracle, not a
// dependency of the encoder.
//
// The vocabularies are compiled into the binary with their rank tables
// and token offsets (vocabularies/*.bpe, made from tiktoken-go-loader's
// files by `make vocabularies`; a test makes them again and compares), so
// loading one only slices the binary, once and only when first needed.
//
// CountJoined counts pieces as if joined without joining them: a long
// piece is counted where it lies, cut where both pre-tokenizers must end
// a piece (piece_ends.go). A chunk is a part of the text, never a copy.
// Pieces splits a text per token for the workbench's token view.
// ObserveLongCounts lets a command hear the progress of long counts made
// where no callback reaches (count_observer.go).
//
// The model table (models.go) maps a model name, by its longest known
// prefix, to its encoding and context window; the price table
// (prices.go) holds list prices per model with their date and source.
package tokens
