package window

import "strings"

// textParts collects the pieces of a text, which are mostly substrings
// of something already held (a tool's description), and writes them
// once into a string of their summed length: joining lines, then
// joining the joins, would copy a long piece once per level.
type textParts struct {
	parts []string
	n     int
}

func (t *textParts) add(parts ...string) {
	for _, p := range parts {
		t.parts = append(t.parts, p)
		t.n += len(p)
	}
}

func (t *textParts) String() string {
	return strings.Join(t.parts, "")
}
