// Package tokens counts and cuts text in tokens: the tokenizers (tiktoken
// BPE encodings and the whitespace heuristic), the table of known models
// with their encodings and context windows, and the splitting of text into
// token-bounded chunks.
package tokens
