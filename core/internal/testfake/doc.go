// Package testfake holds stand-ins the engine's tests share across
// packages: a tokenizer that counts words, so a test can state budgets in
// words, and a summarizer that answers predictably and records what it was
// asked. Only tests import it.
package testfake
