// Package sample holds the data ctxlab opens when it is given no input: a
// support knowledge base and two other document sets, three chat histories,
// and one scenario per use case plus one that overflows. Everything is
// embedded in the binary so the program runs from any directory.
//
// The scenario files sit at the top of the folder and refer to documents
// and histories by paths relative to themselves that stay inside it (for
// example docs/support_kb.jsonl), so they open from any working folder,
// embedded or on disk, under the rule that a scenario reads only inside
// its own folder.
// README.md in this directory lists what each file demonstrates, including
// which documents are exact or near duplicates of which, so tests can rely
// on it.
package sample
