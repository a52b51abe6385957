// Package pipeline is the retrieval pipeline of the reference, reproduced
// byte for byte with the heuristic tokenizer (see ARCHITECTURE.md): the analysis of each
// document done once (tokens, hashes, shingles), then the stages filter,
// dedup, lost-in-the-middle reorder and budget, the Build that runs them
// into a Result with a Trace of every document's fate, and the article's
// reranking and simple RAG variants.
//
// # Analysis
//
// Analyze takes a document set once; every Build and Sweep on it reuses
// what the Analysis has found. The score order is sorted once per set
// (the sort stage skips the filtered documents in it). Token counts
// (TokenCounts, 4 bytes a document, a count past MaxTokenCount kept as
// that) are made by CountTokens on every core, cancellable and with
// progress, so a command can draw a progress bar and the workbench can
// count in the background. Near-duplicate pairs are found on first need,
// per shingle size, down to the threshold asked for, and reused for any
// higher one; the search is an exact PPJoin on every core:
// shingle_hashes.go hashes the word windows, shingle_distinct.go and
// shingle_index.go number the shingles several documents share rarest
// first (a shingle one document holds is counted and kept nowhere),
// shingle_shared.go, class_finder.go and chunk_list.go gather them,
// shingle_groups.go merges the shingles the same documents hold, and
// near_pairs.go and near_probe.go join the groups.
//
// # Trace and Result
//
// A Trace gives every input document exactly one Fate and the reasons
// for it. It is held in two parts (trace_table.go): an 8-byte state for
// every document (its fate and the filter's reason) and a full DocTrace
// (positions, citation, tokens kept, cut offset, duplicate, nearest,
// budget reason) only for the documents that got past the filter.
// Readers see whole DocTraces through Trace.Doc, with Len, Fate and
// Filtered for loops over every document, and read the source, score and
// token count from the document and the analysis (Trace.Source, Score,
// Tokens). The Result's JSON is written by hand, byte for byte what
// encoding/json writes for the reference's keys, and can be streamed in
// pieces (StreamIndentedJSON), long arrays formatted on every core and a
// long string escaped a window at a time.
//
// # Beyond the reference
//
// Retrieval options the reference lacks, each off by default: a minimum
// score, similarity or distance scores in the filter and the sort, top-k
// after dedup, dedup by URL or by a metadata key, charging headers in the
// budget (strict mode), budgeting before the reorder, and a synopsis for
// a document that does not fit (the reference's unused
// summarize_overflow). The article's two-stage retrieval ranks the
// candidates with BM25 against the query (bm25.go, bm25_index.go), and
// BuildSimpleRAG is its RAGContextManager.
//
// Sweep runs the stages once per value of one option and reads each
// point from the stages' outcome, with one scratch trace for every value;
// CachedSweep remembers the last sweep of each option on the Analysis, so
// asking again with only the swept option changed does not sweep again.
// A point also counts the documents the article's assembler still sends
// once it cuts the block to the retrieved context's allocation
// (sweep_assembler_cut.go), which evalrun reuses per query.
package pipeline
