package window

// harmonyUndescribedFunction says a function costs promptStrictDiscount
// tokens less again, beyond discountedFunction's: with gpt-5 models, a
// function with properties and no description. Inferred from two
// Responses pairs (gpt-5 and gpt-5.5, pydantic-ai, one strict function
// of one property each, instructions beside it), each a token over
// without it; no other recorded gpt-5 request has such a function.
func harmonyUndescribedFunction(fn *jsonNode, harmony bool) bool {
	if !harmony || fn.get("description").text() != "" {
		return false
	}
	props := fn.get("parameters").get("properties")
	return props != nil && len(props.keys) > 0
}
