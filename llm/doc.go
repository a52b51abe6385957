// Package llm holds the summarizer that asks a model: any endpoint that
// speaks OpenAI's chat completions protocol (OpenAI, or a local Ollama,
// vLLM or llama.cpp server), through the official openai-go SDK. It lives
// outside core because it does network I/O; core only sees the
// summarize.Summarizer interface.
//
// API keys are held in a Secret, which prints, logs and marshals as
// "[redacted]", and every error this package returns has the key removed
// even when a server echoes it back, in any case, with invisible
// characters between its characters, percent- or base64-encoded,
// reversed or in part (8 characters or more); a reply that echoed it in
// such a form says so.
package llm
