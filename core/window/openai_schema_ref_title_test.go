package window

import (
	"strings"
	"testing"
)

// TestRefPropertyTakesNoTitleFromItsDefinition: a property that is a
// $ref is commented with its own title, not with the title of the
// definition it refers to (pydantic's model name); the definition's
// description is still written.
func TestRefPropertyTakesNoTitleFromItsDefinition(t *testing.T) {
	n, err := parseOrderedJSON(`{"name":"edit","parameters":{"$defs":{"Recipe":{"title":"Recipe","description":"A recipe.","type":"object","properties":{"id":{"title":"Id","type":"string"}},"required":["id"]}},
		"type":"object","properties":{"recipe":{"$ref":"#/$defs/Recipe"},"note":{"$ref":"#/$defs/Recipe","title":"Note"}},"required":["recipe","note"]},"strict":true}`)
	if err != nil {
		t.Fatal(err)
	}
	var out textParts
	(&schemaRender{out: &out}).toolBlock(n)
	text := out.String()
	if strings.Contains(text, "// Recipe\n") {
		t.Errorf("the definition's title is written:\n%s", text)
	}
	for _, want := range []string{"// A recipe.\nrecipe: {\n", "// Note\n// A recipe.\nnote: {\n", "  // Id\n  id: string,"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
}
