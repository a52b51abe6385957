package history

import (
	"fmt"
	"io"
	"strings"

	"ctxlab/core/value"
	"ctxlab/loaders"
	"ctxlab/loaders/request"
)

// SupportedShapes describes, on one line, the chat histories the
// loader understands.
const SupportedShapes = `a JSON array or JSON Lines of {role, content} messages (content a string or a list of {type: "text", text} parts); ` +
	`{"messages": [...]} (with an optional "system"); the same as YAML or in a VCR cassette's request.parsed_body; ` +
	`or a transcript of "User:", "Assistant:" and "System:" lines`

// Load reads a chat history from path, or from stdin when path is "-".
func Load(path string, stdin io.Reader) ([]value.Message, error) {
	if path == "-" {
		data, err := loaders.ReadInput("stdin", stdin)
		if err != nil {
			return nil, loaders.InputError("reading stdin", err)
		}
		return Parse("stdin", data)
	}
	data, err := loaders.ReadInputPath(path, "loading history", "a chat history file")
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses a chat history; name is the file path or "stdin" and
// only appears in errors. Roles are lowercased. The shape is detected:
// JSON when the input starts with { or [ (YAML when that fails and it is
// YAML, loaders.DecodeJSONOrYAML), a transcript when the first
// non-blank line starts with a role label, and YAML otherwise.
func Parse(name string, data []byte) ([]value.Message, error) {
	data = loaders.StripBOM(data)
	if loaders.IsBlank(data) {
		return nil, loaders.EmptyError(name, "chat messages")
	}
	if err := loaders.CheckUTF8(name, data); err != nil {
		return nil, err
	}
	if loaders.LooksLikeJSON(data) {
		t, err := loaders.DecodeJSONOrYAML(name, data)
		if err != nil {
			return nil, err
		}
		return historyMessages(name, t)
	}
	if isTranscript(data) {
		return parseTranscript(name, string(data))
	}
	t, err := loaders.DecodeYAML(name, data)
	if err != nil && (!loaders.IsYAMLSyntaxError(err) || loaders.MeantAsYAML(name, data)) {
		return nil, err
	}
	if err != nil {
		return nil, &loaders.Error{Name: name, Msg: "not a supported chat history; expected " + SupportedShapes, Err: loaders.AsYAMLCause(err)}
	}
	return historyMessages(name, t)
}

// historyMessages finds the message list in a decoded tree.
func historyMessages(name string, t loaders.Tree) ([]value.Message, error) {
	switch v := t.Value.(type) {
	case []any:
		return MessageList(name, v, t.At)
	case map[string]any:
		if _, hasRole := v["role"]; hasRole {
			// A lone message: a one-line JSON Lines file.
			return MessageList(name, []any{v}, t.At)
		}
		if conversation, ok := conversationOf(v); ok {
			return conversationMessages(name, conversation)
		}
		for _, interaction := range loaders.CassetteInteractions(v) {
			request, _ := loaders.AsMap(interaction["request"])
			for _, body := range loaders.CassetteBodies(request) {
				if conversation, ok := loaders.AsMap(body); ok {
					if _, ok := conversationOf(conversation); ok {
						return conversationMessages(name, conversation)
					}
				}
			}
		}
	}
	return nil, &loaders.Error{Name: name, Msg: "not a supported chat history; expected " + SupportedShapes}
}

// conversationOf recognises {"messages": [...]}: OpenAI and Anthropic
// request bodies, and most chat datasets.
func conversationOf(obj map[string]any) (map[string]any, bool) {
	_, ok := loaders.AsList(obj["messages"])
	return obj, ok
}

// conversationMessages reads {"messages": [...]} and, when present,
// Anthropic's top-level "system" prompt, which becomes a leading system
// message so the history says everything the model saw.
func conversationMessages(name string, conversation map[string]any) ([]value.Message, error) {
	list, _ := loaders.AsList(conversation["messages"])
	messages, err := MessageList(name, list, func(i int) loaders.Place { return loaders.Place{Record: i + 1} })
	if err != nil {
		return nil, err
	}
	system, present := conversation["system"]
	if !present || system == nil {
		return messages, nil
	}
	text, err := messageContent(loaders.Place{}, name, `"system"`, system)
	if err != nil {
		return nil, err
	}
	return append([]value.Message{{Role: "system", Content: text}}, messages...), nil
}

func MessageList(name string, list []any, at func(int) loaders.Place) ([]value.Message, error) {
	return loaders.EachObject(name, list, at, "a message {role, content}", func(p loaders.Place, obj map[string]any) (value.Message, error) {
		return message(p, name, obj)
	})
}

// message reads one {role, content} object. A missing content is accepted
// only beside tool_calls or function_call, where OpenAI omits it; anywhere
// else it would silently turn a misnamed field into an empty message.
func message(p loaders.Place, name string, obj map[string]any) (value.Message, error) {
	roleValue, present := obj["role"]
	if !present || roleValue == nil {
		return value.Message{}, p.Err(name, `missing "role"; expected "user", "assistant", "system" or "tool"`)
	}
	role, ok := roleValue.(string)
	if !ok || strings.TrimSpace(role) == "" {
		return value.Message{}, p.Err(name, `"role" is %s; expected a non-empty string`, loaders.Describe(roleValue))
	}
	if err := loaders.CheckStringUTF8(p, name, `"role"`, role); err != nil {
		return value.Message{}, err
	}
	role = strings.ToLower(strings.TrimSpace(role))
	// A history speaks OpenAI's roles, which cover Anthropic's two.
	if !request.OpenAIMessageRoles[role] {
		// A misspelt role ("usr", "human") would otherwise be labelled
		// Assistant by format_memory and never pinned as the user's.
		return value.Message{}, p.Err(name, "role %s; expected user, assistant, system, developer, tool or function", loaders.Quoted(roleValue.(string)))
	}
	contentValue, present := obj["content"]
	if !present {
		_, hasToolCalls := obj["tool_calls"]
		_, hasFunctionCall := obj["function_call"]
		if !hasToolCalls && !hasFunctionCall {
			return value.Message{}, p.Err(name, `missing "content"; expected a string or a list of parts`)
		}
	}
	content, err := messageContent(p, name, `"content"`, contentValue)
	if err != nil {
		return value.Message{}, err
	}
	return value.Message{Role: role, Content: content}, nil
}

// textPartTypes are the part types whose "text" is message text: OpenAI
// Chat and Anthropic use "text", the OpenAI Responses API input_text and
// output_text. Other parts (images, tool calls and results) are skipped.
var textPartTypes = map[string]bool{"text": true, "input_text": true, "output_text": true}

// messageContent reads a content value: a string, null (""), or a list of
// parts whose text parts are joined with "\n". A list with no text parts
// gives "", which is what a model would read from it.
func messageContent(p loaders.Place, name, field string, v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		if err := loaders.CheckStringUTF8(p, name, field, x); err != nil {
			return "", err
		}
		return x, nil
	case []any:
		var texts []string
		for i, part := range x {
			text, isText, err := textPart(p, name, field, i, part)
			if err != nil {
				return "", err
			}
			if isText {
				texts = append(texts, text)
			}
		}
		return strings.Join(texts, "\n"), nil
	}
	return "", p.Err(name, "%s is %s; expected a string or a list of parts", field, loaders.Describe(v))
}

func textPart(p loaders.Place, name, field string, i int, part any) (string, bool, error) {
	if s, ok := part.(string); ok {
		return s, true, loaders.CheckStringUTF8(p, name, fmt.Sprintf("%s part %d", field, i+1), s)
	}
	obj, ok := loaders.AsMap(part)
	if !ok {
		return "", false, p.Err(name, "%s part %d is %s; expected an object {type, text}", field, i+1, loaders.Describe(part))
	}
	partType, _ := obj["type"].(string)
	textValue, hasText := obj["text"]
	if !textPartTypes[partType] && (partType != "" || !hasText) {
		return "", false, nil
	}
	text, ok := textValue.(string)
	if !ok {
		return "", false, p.Err(name, `%s part %d "text" is %s; expected a string`, field, i+1, loaders.Describe(textValue))
	}
	if err := loaders.CheckStringUTF8(p, name, fmt.Sprintf("%s part %d", field, i+1), text); err != nil {
		return "", false, err
	}
	return text, true, nil
}
