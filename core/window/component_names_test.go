package window

import "testing"

// Every line of an Assembly has its words and a short form that fits the
// workbench's narrowest label column, and no two components share either.
func TestComponentNamesDeclaredOnce(t *testing.T) {
	words, shorts := map[string]string{}, map[string]string{}
	for _, name := range ComponentNames {
		w, s := ComponentWords(name), ComponentShort(name)
		if w == name && s == name {
			t.Errorf("component %q has no declared name", name)
		}
		if len(s) > 8 {
			t.Errorf("component %q: short form %q is longer than 8 characters", name, s)
		}
		if other, ok := words[w]; ok {
			t.Errorf("components %q and %q are both called %q", other, name, w)
		}
		if other, ok := shorts[s]; ok {
			t.Errorf("components %q and %q are both shortened to %q", other, name, s)
		}
		words[w], shorts[s] = name, name
	}
	if got := ComponentWords("tool_tokens"); got != "tool_tokens" {
		t.Errorf("a name that is no component came back as %q", got)
	}
}
