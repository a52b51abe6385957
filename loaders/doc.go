// Package loaders holds what every loader of ctxlab's inputs shares:
// reading a file or stdin within the input size limit, the *Error every
// loader reports bad input with, and the JSON and YAML decoding they build
// on. The loaders themselves are its sub-packages, one per kind of input:
//
//   - docs: document sets (JSON, JSON Lines, YAML, CSV, a directory,
//     prose, the outputs of vector stores, frameworks and Tavily).
//   - request: request bodies (OpenAI Chat Completions, Anthropic
//     Messages, either inside a VCR cassette) and their recorded usage.
//   - history: chat histories and transcripts.
//   - scenario: scenario files, budget files, settings files for diff,
//     and writing a scenario back.
//   - evalinput: a retrieval run with its corpus, queries and relevance
//     judgments for eval.
//   - prices: price tables.
//   - metricslog: the metrics log monitor reads and assemble appends to.
//   - trace: OTLP traces, whose LLM spans open as requests and whose
//     retrieval spans open as document sets.
//
// Every file and stdin is read through input.go (OpenInput, ReadInput,
// NewInputReader), which enforces the input size limit (--max-input-size)
// and checks for invalid UTF-8 and NUL bytes while reading. A JSON Lines
// document set is streamed, decoded in blocks of whole lines; an input
// the stream does not vouch for, and the other inputs (OTLP traces aside:
// see trace), are read whole within the limit and parsed by the library's
// parser (encoding/json, encoding/csv, go.yaml.in/yaml/v3, YAML first
// checked against --max-yaml-size), which gives any error. Input that
// opens like JSON is parsed as JSON and, when that fails and its name
// does not say JSON, as YAML; an input that is neither is told both
// errors (json_or_yaml.go).
//
// Formats are detected from the content (a flag can force one), never from
// the file name, except that .md/.markdown/.txt files are prose. Every
// problem with the input is an *Error naming the file, the line or record,
// and what was expected, on one line; nothing here panics on input.
//
// The helpers the sub-packages share are exported from here for them: a
// decoded input and where its records came from (Tree, Place), the
// messages errors are built of (Quoted, Describe, InputError), VCR
// cassette framing (cassette.go), YAML node readers (yaml_node.go) and
// the rule that keeps a scenario's files inside its folder (paths.go).
package loaders
