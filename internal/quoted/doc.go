// Package quoted shortens a name taken from input (a document's source, a
// tool's name) to what a sentence or a label can quote. Sources are
// usually paths and URLs and names a few words, but each is whatever the
// input's field held, and a retrieval system that put a page's text there
// gives one as long as a document. Name keeps a long one's first 120 and
// last 60 bytes around "…", so findings, fixes, item labels and views
// that name a document hold a bounded copy of its source.
package quoted
