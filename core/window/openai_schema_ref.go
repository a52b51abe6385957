package window

// propertyComment is a property's title or description as its comment
// line gives it: its own, else, for a $ref, the description of the
// definition it refers to. A definition's title (pydantic's model name,
// "Recipe") is not written for the property: openai-agents' recipe
// conversation (OpenLLMetry, 3 pairs) is 2 tokens over with it left out
// and 4 over with it.
func (s *schemaRender) propertyComment(p *jsonNode, key string) *jsonNode {
	if c := p.get(key); c != nil || key == "title" {
		return c
	}
	return s.resolve(p).get(key)
}
