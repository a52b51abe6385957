// Package loaders turns files into core values: retrieved documents in the
// formats retrieval systems emit, and chat histories.
//
// It reads every input ctxlab takes: document sets (JSON, JSON Lines,
// YAML, CSV, a directory, prose, the outputs of vector stores and
// frameworks), chat histories, request bodies (OpenAI Chat Completions,
// Anthropic Messages, either inside a VCR cassette), scenario files,
// budget files, price tables, settings files for diff, metrics logs, and
// a retrieval run with its corpus, queries and relevance judgments for
// eval. A scenario's settings are read through core's knob table, each
// key with its line number (scenario_knobs.go), and written back the same
// way (export_scenario.go).
//
// Every file and stdin is read through input.go (OpenInput, ReadInput,
// NewInputReader), which enforces the input size limit (--max-input-size)
// and checks for invalid UTF-8 and NUL bytes while reading. Large inputs
// are read a part at a time where the format allows it (JSON Lines in
// blocks of whole lines, a JSON array an element at a time, a YAML list a
// run of items at a time, CSV a record at a time, a TREC run a line at a
// time); an input those readers do not vouch for is parsed whole, and the
// whole-input parser gives any error. Input that opens like JSON is
// parsed as JSON and, when that fails and its name does not say JSON, as
// YAML; an input that is neither is told both errors (json_or_yaml.go).
//
// Formats are detected from the content (a flag can force one), never from
// the file name, except that .md/.markdown/.txt files are prose. Every
// problem with the input is an *Error naming the file, the line or record,
// and what was expected, on one line; nothing here panics on input.
//
// Decisions a user may need to know, also documented where they are made:
//   - Score defaults to 1.0 when absent or null; numeric strings are
//     accepted; NaN and infinities are rejected.
//   - Source falls back to metadata.source, then the id, only when the
//     record has no "source" key; an explicit "" stays "".
//   - Chroma: score = 1 − distance; the distance is kept in metadata.
//   - LangChain similarity_search_with_score and Qdrant scores are kept as
//     given, even where the store returns a distance.
//   - Document content is kept byte-exact, except that CSV turns CRLF inside
//     quoted fields into LF and a leading UTF-8 BOM is dropped.
package loaders
