package scenario

import (
	"go.yaml.in/yaml/v3"

	"ctxlab/internal/safetext"
)

// The exported scenario.yaml is read in a terminal and an editor as much
// as it is loaded again. yaml.v3 escapes C0 and C1 controls, DEL and the
// byte-order mark, but writes bidirectional controls (U+202E reverses
// the rest of a line) and zero-width characters as they are, so a
// document's hidden text stayed hidden in the export. Every string that
// holds one is double-quoted, where "\u202e" decodes to the same
// character, and the characters are then written as such escapes, as
// the JSON outputs write them.

// quoteHidden double-quotes every scalar under n that holds a character
// safetext.EscapeJSON rewrites.
func quoteHidden(n *yaml.Node) {
	if n == nil {
		return
	}
	if n.Kind == yaml.ScalarNode && safetext.HasJSONEscape(n.Value) {
		n.Style = yaml.DoubleQuotedStyle
	}
	for _, c := range n.Content {
		quoteHidden(c)
	}
}

// escapeHidden writes those characters of encoded YAML as \u escapes.
// quoteHidden put every one of them inside a double-quoted scalar, the
// one YAML style in which an escape is read as the character.
func escapeHidden(encoded []byte) []byte {
	return safetext.EscapeJSON(encoded)
}
