package request

import (
	"fmt"

	"ctxlab/loaders"
)

// ToolNameProblem checks the one part of a tool definition every
// provider requires to be what it says: its name, OpenAI's under
// "function", Anthropic's at the top. The rest is kept as sent, since
// server tools differ, but a tool named 5 would be rendered and counted
// as if the API had accepted it. It returns "" when the name is fine.
func ToolNameProblem(tool map[string]any) string {
	if fn, has := tool["function"]; has {
		obj, ok := loaders.AsMap(fn)
		if !ok {
			return fmt.Sprintf(`"function" is %s; expected {name, description, parameters}`, loaders.Describe(fn))
		}
		return nameProblem(obj, "function.name")
	}
	if _, has := tool["name"]; has {
		return nameProblem(tool, "name")
	}
	return ""
}

func nameProblem(obj map[string]any, field string) string {
	v, has := obj["name"]
	if !has {
		return fmt.Sprintf("%s is missing; expected the tool's name", field)
	}
	name, ok := v.(string)
	switch {
	case !ok:
		return fmt.Sprintf("%s is %s; expected the tool's name as a string", field, loaders.Describe(v))
	case name == "":
		return fmt.Sprintf("%s is empty; expected the tool's name", field)
	}
	return ""
}
