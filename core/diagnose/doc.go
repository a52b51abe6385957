// Package diagnose turns what an assembly and the RAG builder decided
// into findings a person can act on: the request over its max input, a
// component cut to its allocation, strong documents lost while weaker
// ones were sent, near duplicates that state a different fact, unused
// allocations, history or tool results taking most of the window, a
// document that is mostly its citation header and token counts that are
// estimates. Each finding is one plain sentence with numbers and typed
// references to the rows it is about, so the command line prints it and
// the workbench can jump to those rows without parsing it.
//
// It is given the parts it reads (Input), not core's Evaluation, so it
// sits below the root package, which calls it.
package diagnose
