package docs

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// Document formats. FormatAuto detects the format from the content.
const (
	FormatAuto       = "auto"
	FormatJSONL      = "jsonl"
	FormatJSON       = "json"
	FormatYAML       = "yaml"
	FormatLangChain  = "langchain"
	FormatLlamaIndex = "llamaindex"
	FormatChroma     = "chroma"
	FormatPinecone   = "pinecone"
	FormatQdrant     = "qdrant"
	FormatTavily     = "tavily"
	FormatCSV        = "csv"
	FormatDir        = "dir"
	FormatText       = "text"
)

// Formats lists every value Options.Format accepts, for --help
// and error messages.
var Formats = []string{
	FormatAuto, FormatJSONL, FormatJSON, FormatYAML, FormatLangChain, FormatLlamaIndex,
	FormatChroma, FormatPinecone, FormatQdrant, FormatTavily, FormatCSV, FormatDir, FormatText,
}

// SupportedShapes describes, on one line, every input the loader
// understands; it ends the error for a file that matches none of them.
const SupportedShapes = `JSON Lines or a JSON array of {content|text|page_content|chunk_text, score, source, metadata}; ` +
	`LangChain [[{page_content, metadata}, score], ...]; ` +
	`LlamaIndex [{node: {text, metadata, id_}, score}, ...]; ` +
	`Chroma {ids, documents, distances, metadatas}; ` +
	`Pinecone {matches: [{id, score, metadata: {text|chunk_text}}]}; ` +
	`Qdrant [{id, score, payload: {text|document}}] or {result: [...]}; ` +
	`Tavily {results: [{url, title, content, score}]}; ` +
	`any of these as YAML or inside a VCR cassette's response.parsed_body; ` +
	`CSV with a header row naming a content column; ` +
	`a directory of .md/.txt files`

// Options controls Load.
type Options struct {
	// Format is one of Formats; "" means FormatAuto.
	Format string
	// PerParagraph makes the dir and text formats produce one document per
	// blank-line-separated paragraph instead of one per file. Other formats
	// already have their own records and ignore it.
	PerParagraph bool
}

// Load reads documents from path: "-" reads stdin, a directory is
// read as a directory of .md/.txt files, and a file ending in .md, .markdown
// or .txt is one text document unless a format is forced. Everything else
// is parsed by Parse. It returns the format it used.
func Load(path string, stdin io.Reader, opts Options) ([]value.Document, string, error) {
	set, err := LoadSet(path, stdin, opts)
	return set.Docs, set.Format, err
}

// LoadSet is Load with the files a directory load
// skipped, for the user to be told.
func LoadSet(path string, stdin io.Reader, opts Options) (Set, error) {
	docs, format, skipped, err := loadDocuments(path, stdin, opts)
	return Set{Docs: docs, Format: format, Skipped: skipped}, err
}

func loadDocuments(path string, stdin io.Reader, opts Options) ([]value.Document, string, []SkippedFile, error) {
	if path == "-" {
		docs, format, err := loadStdinDocuments(stdin, opts)
		return docs, format, nil, err
	}
	format, err := checkFormat(path, opts.Format)
	if err != nil {
		return nil, "", nil, err
	}
	info, err := loaders.StatInput(path, "loading documents")
	if err != nil {
		return nil, "", nil, err
	}
	if info.IsDir() {
		if format != FormatAuto && format != FormatDir {
			return nil, "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("is a directory; format %s needs a file", loaders.Quoted(format))}
		}
		docs, skipped, err := loadDir(path, opts.PerParagraph)
		return docs, FormatDir, skipped, err
	}
	docs, format, err := loadDocumentFile(path, format, opts)
	return docs, format, nil, err
}

// loadStdinDocuments reads documents piped in.
func loadStdinDocuments(stdin io.Reader, opts Options) ([]value.Document, string, error) {
	format, err := checkFormat("stdin", opts.Format)
	if err != nil {
		return nil, "", err
	}
	if format == FormatDir {
		return nil, "", &loaders.Error{Name: "stdin", Msg: "the dir format needs a directory path, not stdin"}
	}
	if format == FormatText {
		text, err := loaders.ReadInputString("stdin", stdin)
		if err != nil {
			return nil, "", loaders.InputError("reading stdin", err)
		}
		docs, err := parseTextString("stdin", text, "stdin", opts.PerParagraph)
		return docs, FormatText, err
	}
	// Stdin cannot be read again, so it is read whole, bounded, and then
	// streamed from memory when it is JSON Lines.
	data, err := loaders.ReadInput("stdin", stdin)
	if err != nil {
		return nil, "", loaders.InputError("reading stdin", err)
	}
	return loadDocumentBytes("stdin", data, format)
}

// loadDocumentBytes reads documents in a serialization (format, checked,
// neither dir nor text) from an input held whole: streamed in blocks
// when it is plain records in JSON Lines, else parsed whole.
func loadDocumentBytes(name string, data []byte, format string) ([]value.Document, string, error) {
	if first := firstByte(data); first == '{' && (format == FormatJSONL || format == FormatJSON || format == FormatAuto) {
		docs, handled, err := streamJSONLines(name, bytes.NewReader(data))
		if err != nil {
			return nil, "", err
		}
		if handled {
			return docs, FormatJSONL, nil
		}
	}
	return Parse(name, data, format)
}

// firstByte is data's first byte that is not a space, tab or line end,
// or 0.
func firstByte(data []byte) byte {
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) > 0 {
		return trimmed[0]
	}
	return 0
}

// loadDocumentFile reads documents from a file, in format (checked).
func loadDocumentFile(path, format string, opts Options) ([]value.Document, string, error) {
	if format == FormatDir {
		return nil, "", &loaders.Error{Name: path, Msg: "is a file; the dir format needs a directory"}
	}
	// A Markdown or text file is prose, not a serialization: sniffing it
	// could mistake "Note: ..." for YAML, so its extension decides.
	if format == FormatText || (format == FormatAuto && IsTextFile(path)) {
		text, err := loaders.ReadInputFileString(path)
		if err != nil {
			return nil, "", loaders.InputError("loading documents", err)
		}
		docs, err := parseTextString(path, text, filepath.ToSlash(path), opts.PerParagraph)
		return docs, FormatText, err
	}
	return loadDocumentInput(path, format)
}

// loadDocumentInput reads documents in a serialization (format, checked,
// neither dir nor text) from a file: a regular file of plain records in
// JSON Lines is streamed, read in blocks as it is decoded; anything else
// is read whole and parsed, as is a regular file the stream declines.
func loadDocumentInput(path, format string) ([]value.Document, string, error) {
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		// A FIFO or a device gives its bytes once: read it whole.
		data, err := loaders.ReadInputFile(path)
		if err != nil {
			return nil, "", loaders.InputError("loading documents", err)
		}
		return loadDocumentBytes(path, data, format)
	}
	if format == FormatJSONL || format == FormatJSON || format == FormatAuto {
		r, _, err := loaders.OpenSizedInput(path)
		if err != nil {
			return nil, "", loaders.InputError("loading documents", err)
		}
		docs, handled, err := streamJSONLines(path, r)
		r.Close()
		if err != nil {
			return nil, "", loaders.InputError("loading documents", err)
		}
		if handled {
			return docs, FormatJSONL, nil
		}
	}
	data, err := loaders.ReadInputFile(path)
	if err != nil {
		return nil, "", loaders.InputError("loading documents", err)
	}
	return Parse(path, data, format)
}

// Parse parses data in the given format (FormatAuto or "" to
// detect it); name is the file path or "stdin" and only appears in errors.
// It returns the documents and the format that was used: for plain records
// the syntax ("json", "jsonl" or "yaml"), otherwise the shape ("tavily", ...).
func Parse(name string, data []byte, format string) ([]value.Document, string, error) {
	format, err := checkFormat(name, format)
	if err != nil {
		return nil, "", err
	}
	data = loaders.StripBOM(data)
	if loaders.IsBlank(data) {
		return nil, "", loaders.EmptyError(name, "documents")
	}
	if err := loaders.CheckUTF8(name, data); err != nil {
		return nil, "", err
	}
	switch format {
	case FormatDir:
		return nil, "", &loaders.Error{Name: name, Msg: "the dir format needs a directory path"}
	case FormatText:
		docs, err := ParseText(name, data, filepath.ToSlash(name), false)
		return docs, FormatText, err
	case FormatCSV:
		docs, err := parseCSV(name, data)
		return docs, FormatCSV, err
	case FormatJSON, FormatJSONL:
		t, err := loaders.DecodeJSON(name, data)
		if err != nil {
			return nil, "", err
		}
		return Extract(name, t, format)
	case FormatYAML:
		t, err := loaders.DecodeYAML(name, data)
		if err != nil {
			return nil, "", err
		}
		return Extract(name, t, FormatAuto)
	case FormatAuto:
		return detectDocuments(name, data)
	}
	// A forced vector-store or framework shape, written as JSON or YAML.
	t, err := loaders.DecodeAny(name, data)
	if err != nil {
		return nil, "", err
	}
	return Extract(name, t, format)
}

// detectDocuments picks the syntax from the first bytes: JSON when it opens
// with { or [ (YAML when that fails and it is YAML, loaders.DecodeJSONOrYAML), CSV
// when the first row names a content column, else YAML.
func detectDocuments(name string, data []byte) ([]value.Document, string, error) {
	if loaders.LooksLikeJSON(data) {
		t, err := loaders.DecodeJSONOrYAML(name, data)
		if err != nil {
			return nil, "", err
		}
		return Extract(name, t, FormatAuto)
	}
	if isCSVHeader(data) {
		docs, err := parseCSV(name, data)
		return docs, FormatCSV, err
	}
	t, err := loaders.DecodeYAML(name, data)
	if err != nil && (!loaders.IsYAMLSyntaxError(err) || loaders.MeantAsYAML(name, data)) {
		return nil, "", err
	}
	if err != nil {
		// Neither JSON, CSV nor YAML: say what is supported, keeping the
		// YAML complaint in case the user did mean YAML.
		return nil, "", &loaders.Error{Name: name, Msg: "not a supported document format; expected one of: " + SupportedShapes, Err: loaders.AsYAMLCause(err)}
	}
	return Extract(name, t, FormatAuto)
}

// Extract finds the documents in a decoded tree. want is
// FormatAuto, a plain-record format (json, jsonl) or a shape.
func Extract(name string, t loaders.Tree, want string) ([]value.Document, string, error) {
	value, at, inCassette := t.Value, t.At, false
	wantShape := shapeOf(want)
	shape := detectShape(value, false)
	if wantShape != "" && shape != wantShape {
		shape = ""
	}
	if shape == "" {
		if body, bodyShape, ok := cassetteResponse(value, wantShape); ok {
			// Positions inside a cassette body are records of that body,
			// not lines of the file.
			value, at, shape, inCassette = body, recordPlace, bodyShape, true
		} else if n := len(loaders.CassetteInteractions(value)); n > 0 {
			if why, ok := requestNotDocuments(value); ok && wantShape == "" {
				return nil, "", &loaders.Error{Name: name, Msg: why}
			}
			if wantShape == "" {
				return nil, "", &loaders.Error{Name: name, Msg: fmt.Sprintf("is a VCR cassette with %s, none with a supported response body; expected one of: %s", numfmt.Count(n, "interaction", "interactions"), SupportedShapes)}
			}
			return nil, "", &loaders.Error{Name: name, Msg: fmt.Sprintf("is a VCR cassette with %s, none with a %s response body", numfmt.Count(n, "interaction", "interactions"), wantShape)}
		}
	}
	if shape == "" && wantShape == "" && isLoneRecord(value) {
		// One object holding no list of results is a record whose content
		// is missing or misnamed: say that of its line, as for any record
		// of a longer JSON Lines file, not every shape there is.
		shape = FormatJSON
	}
	if _, lone := value.(map[string]any); lone && shape == FormatJSON && !inCassette && t.Syntax == loaders.SyntaxJSON && t.First > 0 {
		// A lone JSON object is a one-line JSON Lines file, most often:
		// its errors name the line, as a longer file's would.
		at = func(int) loaders.Place { return loaders.Place{Line: t.First} }
	}
	if shape == "" {
		if why, ok := requestNotDocuments(value); ok && wantShape == "" {
			return nil, "", &loaders.Error{Name: name, Msg: why}
		}
		if wantShape == "" {
			return nil, "", &loaders.Error{Name: name, Msg: "not a supported document format; expected one of: " + SupportedShapes}
		}
		// Forced: let the shape's reader say what it expected instead.
		shape = wantShape
	}
	docs, err := extractShape(name, shape, value, at)
	if err != nil {
		return nil, "", err
	}
	if shape == FormatJSON {
		return docs, plainSyntax(t, value, inCassette), nil
	}
	return docs, shape, nil
}

// recordPlace locates the i-th item of a nested list by its position.
func recordPlace(i int) loaders.Place { return loaders.Place{Record: i + 1} }

// extractShape runs the reader for one shape on a decoded value.
func extractShape(name, shape string, value any, at func(int) loaders.Place) ([]value.Document, error) {
	switch shape {
	case FormatJSON:
		return plainRecords(name, value, at)
	case FormatLangChain:
		return langChainPairs(name, value, at)
	case FormatLlamaIndex:
		return llamaIndexNodes(name, value, at)
	case FormatChroma:
		return chromaResult(name, value)
	case FormatPinecone:
		return pineconeMatches(name, value, at)
	case FormatQdrant:
		return qdrantPoints(name, value, at)
	case FormatTavily:
		return tavilyResults(name, value)
	}
	return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("format %q cannot be read from JSON or YAML", shape)}
}

// plainSyntax names the format of plain records by how they were written:
// a lone object is a one-line JSON Lines file. Records found inside a
// cassette body are reported as json, the body's syntax.
func plainSyntax(t loaders.Tree, value any, inCassette bool) string {
	switch {
	case inCassette:
		return FormatJSON
	case t.Syntax == loaders.SyntaxYAML:
		return FormatYAML
	case t.Syntax == loaders.SyntaxJSONL:
		return FormatJSONL
	}
	if _, isObject := value.(map[string]any); isObject {
		return FormatJSONL
	}
	return FormatJSON
}

// shapeOf maps a format name to the shape extractor that reads it: json and
// jsonl are both plain records.
func shapeOf(format string) string {
	switch format {
	case FormatJSON, FormatJSONL:
		return FormatJSON
	case FormatAuto, FormatYAML:
		return ""
	}
	return format
}

// detectShape recognises a decoded value's shape, or returns "". strict
// demands a string content field for plain records: it is used on cassette
// bodies, where any API response with a "content" key would otherwise pass.
func detectShape(v any, strict bool) string {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			if strict {
				return ""
			}
			return FormatJSON
		}
		if isLangChainPair(x[0]) {
			return FormatLangChain
		}
		first, ok := loaders.AsMap(x[0])
		if !ok {
			return ""
		}
		if _, ok := loaders.AsMap(first["node"]); ok {
			return FormatLlamaIndex
		}
		if _, ok := loaders.AsMap(first["payload"]); ok {
			return FormatQdrant
		}
		if isBareMatch(first) {
			return FormatPinecone
		}
		if !strict || loaders.RecordText.HasString(first) {
			return FormatJSON
		}
	case map[string]any:
		// No wrapper shape has top-level text, so a string "content" means
		// a lone record even if it also has, say, a "results" field.
		if loaders.RecordText.HasString(x) {
			return FormatJSON
		}
		_, hasIDs := x["ids"]
		_, hasDocuments := x["documents"]
		if hasIDs && hasDocuments {
			return FormatChroma
		}
		if _, ok := loaders.AsList(x["matches"]); ok {
			return FormatPinecone
		}
		if isQdrantResponse(x) {
			return FormatQdrant
		}
		if isTavilyResponse(x) {
			return FormatTavily
		}
		if !strict && loaders.RecordText.Has(x) {
			return FormatJSON
		}
	}
	return ""
}

// isLoneRecord reports whether v is one object none of whose values is a
// list of objects or lists: every wrapper shape (Chroma, Pinecone, Qdrant,
// Tavily, a cassette) holds its results in such a list, a record does not.
func isLoneRecord(v any) bool {
	obj, ok := loaders.AsMap(v)
	if !ok {
		return false
	}
	for _, field := range obj {
		if list, ok := loaders.AsList(field); ok && len(list) > 0 {
			if _, isObject := loaders.AsMap(list[0]); isObject {
				return false
			}
			if _, isList := loaders.AsList(list[0]); isList {
				return false
			}
		}
	}
	return true
}

// checkFormat validates a format name, listing the valid ones on error.
func checkFormat(name, format string) (string, error) {
	if format == "" {
		return FormatAuto, nil
	}
	f := strings.ToLower(format)
	for _, known := range Formats {
		if f == known {
			return f, nil
		}
	}
	return "", &loaders.Error{Name: name, Msg: fmt.Sprintf("unknown format %s; expected one of %s", loaders.Quoted(format), strings.Join(Formats, ", "))}
}
