// Package diagnose turns what an assembly and the RAG builder decided
// into findings a person can act on: the request over its max input, a
// component cut to its allocation, strong documents lost while weaker
// ones were sent, near duplicates that state a different fact, unused
// allocations, history or tool results taking most of the window, a
// document that is mostly its citation header and token counts that are
// estimates. Each finding is one plain sentence with numbers and typed
// references to the rows it is about, so the command line prints it and
// the workbench can jump to those rows without parsing it. Findings come
// worst first.
//
// Of two similar documents that differ, it says which is probably stale
// (stale.go) and quotes the changed fact as a phrase (worddiff.go); it
// notices one source sent under two URLs (same_source.go, through
// pipeline.DocumentURL). A name from input is quoted by internal/quoted,
// so a long source costs each finding a bounded excerpt. The documents'
// words and the pairs already compared are kept in Texts, which core
// hands to the next evaluation of the same documents.
//
// It is given the parts it reads (Input), not core's Evaluation, so it
// sits below the root package, which calls it.
package diagnose
