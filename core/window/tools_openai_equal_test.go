package window

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// refToolsText is the reference rendering of a whole array.
func refToolsText(toolsJSON string) (string, []string, bool) {
	blocks, ok := refToolBlocks(toolsJSON)
	if !ok {
		return "", nil, false
	}
	return refNamespace(blocks), blocks, true
}

// randomTools writes a tools array of random function definitions:
// descriptions with escapes, non-ASCII, <>& and U+2028, nested objects
// and arrays, enums of strings and numbers, required lists, and now and
// then a tool that is not a function.
func randomTools(r *rand.Rand) string {
	words := []string{"a", "Lyon", "<b>", "&", "é", "\u2028", `"q"`, "\\", "\n", "\t", "x y", "日本", "\u007f"}
	text := func() string {
		var b strings.Builder
		for range r.Intn(5) {
			b.WriteString(words[r.Intn(len(words))])
		}
		return b.String()
	}
	quote := func(s string) string {
		b, _ := json.Marshal(s)
		if r.Intn(2) == 0 {
			return string(b)
		}
		return `"` + strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(b[1:len(b)-1])) + `"`
	}
	var schema func(depth int) string
	schema = func(depth int) string {
		kinds := []string{`"string"`, `"number"`, `"integer"`, `"boolean"`, `"null"`, `["string","null"]`, `["integer","string"]`, `"object"`, `"array"`, ``}
		kind := kinds[r.Intn(len(kinds))]
		var parts []string
		if kind != "" {
			parts = append(parts, `"type":`+kind)
		}
		if r.Intn(3) == 0 {
			parts = append(parts, `"description":`+quote(text()))
		}
		if r.Intn(3) == 0 {
			parts = append(parts, `"enum":[`+quote(text())+`,1.5e3,-2,`+quote(text())+`]`)
		}
		if depth < 4 && (kind == `"object"` || r.Intn(4) == 0) {
			var props, names []string
			for i := range r.Intn(4) {
				name := fmt.Sprintf("p%d", i)
				names = append(names, `"`+name+`"`)
				props = append(props, `"`+name+`": `+schema(depth+1))
			}
			parts = append(parts, `"properties":{`+strings.Join(props, ", ")+`}`)
			if len(names) > 0 && r.Intn(2) == 0 {
				parts = append(parts, `"required":[`+names[r.Intn(len(names))]+`]`)
			}
		}
		if depth < 4 && kind == `"array"` && r.Intn(3) > 0 {
			parts = append(parts, `"items":`+schema(depth+1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	var tools []string
	for i := range r.Intn(4) {
		fn := fmt.Sprintf(`"name":"f%d"`, i)
		if r.Intn(2) == 0 {
			fn += `,"description":` + quote(text())
		}
		if r.Intn(5) > 0 {
			fn += `,"parameters":` + schema(0)
		}
		typ := "function"
		if r.Intn(20) == 0 {
			typ = "web_search"
		}
		tools = append(tools, fmt.Sprintf(`{"type":%q, "function": {%s}}`, typ, fn))
	}
	return "[" + strings.Join(tools, ", ") + "]"
}

// TestOpenAIRenderEqualsReference: the in-place rendering gives the
// reference's namespace and blocks, byte for byte, on random tools.
func TestOpenAIRenderEqualsReference(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for i := range 3000 {
		tools := randomTools(r)
		wantText, wantBlocks, wantOK := refToolsText(tools)
		text, blocks, ok := openAIRender(tools)
		if ok != wantOK || text != wantText || strings.Join(blocks, "\x00") != strings.Join(wantBlocks, "\x00") {
			t.Fatalf("case %d: %s\nrendered (%v):\n%q\nwant (%v):\n%q", i, tools, ok, text, wantOK, wantText)
		}
	}
}

// TestOpenAIRenderHoldsADescriptionOnce: a description written without
// escapes is read as a substring of the tools JSON, and each tool's
// block is a substring of the namespace, so a long description is
// copied once, into the namespace, not per line, block and join.
func TestOpenAIRenderHoldsADescriptionOnce(t *testing.T) {
	desc := strings.Repeat("word ", 1000)
	tools := `[{"type":"function","function":{"name":"f","description":"` + desc + `"}},{"type":"function","function":{"name":"g"}}]`
	root, err := parseOrderedJSON(tools)
	if err != nil {
		t.Fatal(err)
	}
	if got := root.items[0].get("function").get("description").str; !within(got, tools) {
		t.Error("the description was copied out of the tools JSON")
	}
	text, blocks, ok := openAIRender(tools)
	if !ok || len(blocks) != 2 {
		t.Fatalf("not rendered: %v %d", ok, len(blocks))
	}
	for i, b := range blocks {
		if !within(b, text) {
			t.Errorf("block %d is a copy, not a part of the namespace", i)
		}
	}
}

// within reports whether part's bytes lie inside whole's.
func within(part, whole string) bool {
	p, w := uintptr(unsafe.Pointer(unsafe.StringData(part))), uintptr(unsafe.Pointer(unsafe.StringData(whole)))
	return p >= w && p+uintptr(len(part)) <= w+uintptr(len(whole))
}

// TestToolsJSONEqualsCompact: the tools array is json.Compact's bytes
// whether a definition arrives compact (written as it is) or not, and
// its elements are each definition compacted.
func TestToolsJSONEqualsCompact(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for range 500 {
		var tools []json.RawMessage
		var want bytes.Buffer
		want.WriteByte('[')
		for i := range 1 + r.Intn(3) {
			def := randomTools(r)
			if r.Intn(2) == 0 {
				var b bytes.Buffer
				_ = json.Compact(&b, []byte(def))
				def = b.String()
			}
			if i > 0 {
				want.WriteByte(',')
			}
			_ = json.Compact(&want, []byte(def))
			tools = append(tools, json.RawMessage(def))
		}
		want.WriteByte(']')
		got, err := toolsJSON(tools)
		if err != nil || got != want.String() {
			t.Fatalf("toolsJSON = %q, %v\nwant %q", got, err, want.String())
		}
		if b, _ := compactTools(tools); string(b) != want.String() {
			t.Fatalf("compactTools = %q\nwant %q", b, want.String())
		}
		if elems, each := arrayElements(got), toolJSONTexts(tools); strings.Join(elems, "\x00") != strings.Join(each, "\x00") || len(elems) != len(each) {
			t.Fatalf("arrayElements = %q\nwant %q", elems, each)
		}
	}
	if _, err := toolsJSON([]json.RawMessage{json.RawMessage(`{"a":`)}); err == nil {
		t.Error("invalid JSON was accepted")
	}
}
