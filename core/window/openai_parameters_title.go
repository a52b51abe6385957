package window

// parametersTitle writes the title of a function's parameters (the
// schema's own, as pydantic names a model: "get_weather_input") as a
// comment line between "(_: " and the object's brace, before its
// description, when the function is not strict. A strict function's
// parameters title is not written (openai-agents', OpenLLMetry's
// recordings), as strictness decides whether a null default is.
func (s *schemaRender) parametersTitle(fn, params *jsonNode) {
	if strictFunction(fn) {
		return
	}
	if t := params.get("title"); t != nil && t.kind == '"' && t.str != "" {
		s.out.add("// ", t.str, "\n")
	}
}
