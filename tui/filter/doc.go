// Package filter is the document list's filter: the input a query is
// typed in (/), the query in force and the documents it matched. A query
// matches a document's source fuzzily, its matched characters kept for
// the list to highlight, and its content fuzzily within a tight span or
// as a plain substring (match.go). Matching runs in a command; a result
// (ResultMsg) is installed only if its version is the newest, so typing
// fast never shows an older query's rows.
package filter
