// Package history loads chat histories: lists of role/content messages in
// JSON, JSON Lines or YAML, the message lists of request bodies and
// cassettes, and plain-text transcripts (transcript.go).
package history
