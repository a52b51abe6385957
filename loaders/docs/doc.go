// Package docs loads document sets: retrieved documents in the formats
// retrieval systems emit (JSON, JSON Lines, YAML, CSV), a directory of
// text and Markdown files, prose, the outputs of vector stores (Chroma,
// Pinecone, Qdrant) and frameworks (LangChain, LlamaIndex), Tavily
// responses, and the documents inside a VCR cassette. A directory
// load also notes the files it skipped and why.
//
// The format is detected from the content unless Options.Format forces
// one. A file that is a chat request rather than documents is told so
// (kind_hints.go), and RequestHint gives the request loader the converse.
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
package docs
