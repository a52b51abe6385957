package safetext

// HasJSONEscape reports whether s holds a character EscapeJSON rewrites,
// so a writer of another format (the exported scenario's YAML) can quote
// the string in a style where an escape means the same character.
func HasJSONEscape(s string) bool {
	for _, r := range s {
		if jsonEscapes(r) {
			return true
		}
	}
	return false
}
