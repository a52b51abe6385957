// Package sample holds the data ctxlab opens when it is given no input: a
// support knowledge base and two other document sets, three chat histories,
// and one scenario per use case plus one that overflows. Everything is
// embedded in the binary so the program runs from any directory.
//
// Scenario files refer to documents and histories by paths relative to
// themselves (for example ../docs/support_kb.jsonl); resolve them against
// the scenario's directory with path.Join before opening them in FS.
// README.md in this directory lists what each file demonstrates, including
// which documents are exact or near duplicates of which, so tests can rely
// on it.
package sample
