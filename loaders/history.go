package loaders

import (
	"fmt"
	"io"
	"strings"

	"ctxlab/core/value"
)

// SupportedHistoryShapes describes, on one line, the chat histories the
// loader understands.
const SupportedHistoryShapes = `a JSON array or JSON Lines of {role, content} messages (content a string or a list of {type: "text", text} parts); ` +
	`{"messages": [...]} (with an optional "system"); the same as YAML or in a VCR cassette's request.parsed_body; ` +
	`or a transcript of "User:", "Assistant:" and "System:" lines`

// LoadHistory reads a chat history from path, or from stdin when path is "-".
func LoadHistory(path string, stdin io.Reader) ([]value.Message, error) {
	if path == "-" {
		data, err := ReadInput("stdin", stdin)
		if err != nil {
			return nil, inputError("reading stdin", err)
		}
		return ParseHistory("stdin", data)
	}
	info, err := statInput(path, "loading history")
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, &Error{Name: path, Msg: "is a directory; expected a chat history file"}
	}
	data, err := ReadInputFile(path)
	if err != nil {
		return nil, inputError("loading history", err)
	}
	return ParseHistory(path, data)
}

// ParseHistory parses a chat history; name is the file path or "stdin" and
// only appears in errors. Roles are lowercased. The shape is detected:
// JSON when the input starts with { or [ (YAML when that fails and it is
// YAML, decodeJSONOrYAML), a transcript when the first
// non-blank line starts with a role label, and YAML otherwise.
func ParseHistory(name string, data []byte) ([]value.Message, error) {
	data = stripBOM(data)
	if isBlank(data) {
		return nil, emptyError(name, "chat messages")
	}
	if err := checkUTF8(name, data); err != nil {
		return nil, err
	}
	if looksLikeJSON(data) {
		t, err := decodeJSONOrYAML(name, data)
		if err != nil {
			return nil, err
		}
		return historyMessages(name, t)
	}
	if isTranscript(data) {
		return parseTranscript(name, string(data))
	}
	t, err := decodeYAML(name, data)
	if err != nil && (!isYAMLSyntaxError(err) || meantAsYAML(name, data)) {
		return nil, err
	}
	if err != nil {
		return nil, &Error{Name: name, Msg: "not a supported chat history; expected " + SupportedHistoryShapes, Err: asYAMLCause(err)}
	}
	return historyMessages(name, t)
}

// historyMessages finds the message list in a decoded tree.
func historyMessages(name string, t tree) ([]value.Message, error) {
	switch v := t.value.(type) {
	case []any:
		return messageList(name, v, t.at)
	case map[string]any:
		if _, hasRole := v["role"]; hasRole {
			// A lone message: a one-line JSON Lines file.
			return messageList(name, []any{v}, t.at)
		}
		if conversation, ok := conversationOf(v); ok {
			return conversationMessages(name, conversation)
		}
		for _, interaction := range cassetteInteractions(v) {
			request, _ := asMap(interaction["request"])
			for _, body := range cassetteBodies(request) {
				if conversation, ok := asMap(body); ok {
					if _, ok := conversationOf(conversation); ok {
						return conversationMessages(name, conversation)
					}
				}
			}
		}
	}
	return nil, &Error{Name: name, Msg: "not a supported chat history; expected " + SupportedHistoryShapes}
}

// conversationOf recognises {"messages": [...]}: OpenAI and Anthropic
// request bodies, and most chat datasets.
func conversationOf(obj map[string]any) (map[string]any, bool) {
	_, ok := asList(obj["messages"])
	return obj, ok
}

// conversationMessages reads {"messages": [...]} and, when present,
// Anthropic's top-level "system" prompt, which becomes a leading system
// message so the history says everything the model saw.
func conversationMessages(name string, conversation map[string]any) ([]value.Message, error) {
	list, _ := asList(conversation["messages"])
	messages, err := messageList(name, list, func(i int) place { return place{record: i + 1} })
	if err != nil {
		return nil, err
	}
	system, present := conversation["system"]
	if !present || system == nil {
		return messages, nil
	}
	text, err := messageContent(place{}, name, `"system"`, system)
	if err != nil {
		return nil, err
	}
	return append([]value.Message{{Role: "system", Content: text}}, messages...), nil
}

func messageList(name string, list []any, at func(int) place) ([]value.Message, error) {
	messages := make([]value.Message, 0, len(list))
	for i, item := range list {
		p := at(i)
		obj, ok := asMap(item)
		if !ok {
			return nil, p.err(name, "is %s; expected a message {role, content}", describe(item))
		}
		msg, err := message(p, name, obj)
		if err != nil {
			return nil, err
		}
		messages = append(messages, msg)
	}
	return messages, nil
}

// message reads one {role, content} object. A missing content is accepted
// only beside tool_calls or function_call, where OpenAI omits it; anywhere
// else it would silently turn a misnamed field into an empty message.
func message(p place, name string, obj map[string]any) (value.Message, error) {
	roleValue, present := obj["role"]
	if !present || roleValue == nil {
		return value.Message{}, p.err(name, `missing "role"; expected "user", "assistant", "system" or "tool"`)
	}
	role, ok := roleValue.(string)
	if !ok || strings.TrimSpace(role) == "" {
		return value.Message{}, p.err(name, `"role" is %s; expected a non-empty string`, describe(roleValue))
	}
	if err := checkStringUTF8(p, name, `"role"`, role); err != nil {
		return value.Message{}, err
	}
	role = strings.ToLower(strings.TrimSpace(role))
	// A history speaks OpenAI's roles, which cover Anthropic's two.
	if !openAIMessageRoles[role] {
		// A misspelt role ("usr", "human") would otherwise be labelled
		// Assistant by format_memory and never pinned as the user's.
		return value.Message{}, p.err(name, "role %s; expected user, assistant, system, developer, tool or function", quoted(roleValue.(string)))
	}
	contentValue, present := obj["content"]
	if !present {
		_, hasToolCalls := obj["tool_calls"]
		_, hasFunctionCall := obj["function_call"]
		if !hasToolCalls && !hasFunctionCall {
			return value.Message{}, p.err(name, `missing "content"; expected a string or a list of parts`)
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
func messageContent(p place, name, field string, v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		if err := checkStringUTF8(p, name, field, x); err != nil {
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
	return "", p.err(name, "%s is %s; expected a string or a list of parts", field, describe(v))
}

func textPart(p place, name, field string, i int, part any) (string, bool, error) {
	if s, ok := part.(string); ok {
		return s, true, checkStringUTF8(p, name, fmt.Sprintf("%s part %d", field, i+1), s)
	}
	obj, ok := asMap(part)
	if !ok {
		return "", false, p.err(name, "%s part %d is %s; expected an object {type, text}", field, i+1, describe(part))
	}
	partType, _ := obj["type"].(string)
	textValue, hasText := obj["text"]
	if !textPartTypes[partType] && (partType != "" || !hasText) {
		return "", false, nil
	}
	text, ok := textValue.(string)
	if !ok {
		return "", false, p.err(name, `%s part %d "text" is %s; expected a string`, field, i+1, describe(textValue))
	}
	if err := checkStringUTF8(p, name, fmt.Sprintf("%s part %d", field, i+1), text); err != nil {
		return "", false, err
	}
	return text, true, nil
}
