// Package request loads captured API request bodies (OpenAI Chat
// Completions, Anthropic Messages), on their own or inside a VCR cassette,
// and splits each into a scenario measured as sent: system prompt, tools,
// history, retrieved documents and the user's turn. A cassette's recorded
// usage is read beside it (cassette_usage.go), tool definitions are
// checked (tool_check.go), and the shape of a body is detected from its
// content (detect.go).
package request
