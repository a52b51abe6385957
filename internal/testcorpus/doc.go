// Package testcorpus locates the real recorded requests, chat histories
// and retrieval results that tests in several packages read (see
// README.md beside this file), so the repository holds one copy of them,
// with their licences.
package testcorpus
