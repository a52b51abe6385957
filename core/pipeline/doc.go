// Package pipeline is the retrieval pipeline of the reference, reproduced
// byte for byte (see ARCHITECTURE.md): the analysis of each
// document done once (tokens, hashes, shingles), then the stages filter,
// dedup, lost-in-the-middle reorder and budget, the Build that runs them
// into a Result with a Trace of every document's fate, and the article's
// reranking and simple RAG variants.
package pipeline
