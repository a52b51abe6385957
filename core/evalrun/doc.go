// Package evalrun runs the reference's pipeline over many queries at once,
// each with its own retrieved documents, and measures what reaches the
// context: per query and in aggregate, with context recall when relevance
// judgments are given. It is pure: loaders build a Set, the CLI and the
// workbench render a Report.
package evalrun
