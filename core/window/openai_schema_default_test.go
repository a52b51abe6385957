package window

import (
	"strings"
	"testing"
)

// TestOpenAIFalsyDefaultNotWritten: a property's default is a
// `// default:` comment unless it is falsy as Python reads it (null, "",
// 0, false, an empty list or object).
func TestOpenAIFalsyDefaultNotWritten(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{
		"name":"search","description":"Search.",
		"parameters":{"type":"object","properties":{
			"query":{"type":"string","default":""},
			"depth":{"type":"string","default":"shallow"},
			"page":{"type":"integer","default":0},
			"size":{"type":"integer","default":10},
			"exact":{"type":"boolean","default":false},
			"tags":{"type":"array","items":{"type":"string"},"default":[]},
			"note":{"type":"string","default":null}}}}}]}`
	want := strings.Join([]string{
		"query?: string,",
		`depth?: string, // default: "shallow"`,
		"page?: number,",
		"size?: number, // default: 10",
		"exact?: boolean,",
		"tags?: string[],",
		"note?: string,",
	}, "\n")
	if got := renderedTools(t, body); !strings.Contains(got, want) {
		t.Errorf("rendered:\n%s\nwant it to hold:\n%s", got, want)
	}
}
