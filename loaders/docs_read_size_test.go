package loaders

import (
	"strings"
	"testing"
)

// DocOptions.Read hears a piped input's size once it is read whole.
func TestDocOptionsReadToldThePipeSize(t *testing.T) {
	for _, c := range []struct {
		name, format, input string
		want                int
	}{
		{"CSV", FormatAuto, "content\nhello\n", 14},
		{"a JSON array", FormatAuto, `[{"content": "hello"}]`, 22},
		{"YAML", FormatYAML, "- content: hello\n", 17},
		{"text", FormatText, "hello\n", 6},
		{"JSON Lines", FormatAuto, "{\"content\": \"hello\"}\n", 21},
	} {
		told := -1
		opts := DocOptions{Format: c.format, Read: func(bytes int) { told = bytes }}
		if _, _, err := LoadDocuments("-", strings.NewReader(c.input), opts); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if told != c.want {
			t.Errorf("%s: told %d bytes; want %d (-1: not told)", c.name, told, c.want)
		}
	}
}
