// Package longdoc processes a document longer than the window with the
// article's two strategies, hierarchical summarization and map-reduce: the
// plan of chunks and calls, and the run through a Summarizer.
package longdoc
