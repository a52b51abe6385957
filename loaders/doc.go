// Package loaders turns files into core values: retrieved documents in the
// formats retrieval systems emit, and chat histories.
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
