package request

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"

	"ctxlab/core/metrics"
	usagepkg "ctxlab/core/usage"
	"ctxlab/loaders"
)

// recordedUsage finds what the provider counted in a cassette
// interaction's recorded response: parsed_body.usage, or the usage a
// streamed (server-sent events) body reports in its final chunk (OpenAI)
// or its message_start event (Anthropic). ok is false when the response
// records none; problem then says why a usage that is there could not be
// used (a count of NaN, -5, 1e23 or "abc"), for a note: dropping it
// silently would hide that the bill cannot be compared.
func recordedUsage(interaction map[string]any) (u metrics.RecordedUsage, ok bool, problem string) {
	response, _ := loaders.AsMap(interaction["response"])
	if response == nil {
		return metrics.RecordedUsage{}, false, ""
	}
	for _, body := range loaders.CassetteBodies(response) {
		if obj, isObj := loaders.AsMap(body); isObj {
			u, ok, p := usageOf(obj)
			if ok {
				return u, true, ""
			}
			if problem == "" {
				problem = p
			}
		}
	}
	if problem != "" {
		return metrics.RecordedUsage{}, false, problem
	}
	if body, isObj := loaders.AsMap(response["body"]); isObj {
		if text, isText := body["string"].(string); isText {
			u, ok := streamedUsage(text)
			return u, ok, ""
		}
	}
	return metrics.RecordedUsage{}, false, ""
}

// streamedUsage reads "data: {…}" lines and keeps the last usage seen
// with an input count: OpenAI sends it in the final chunk, Anthropic in
// message_start (and only output tokens in message_delta).
func streamedUsage(text string) (metrics.RecordedUsage, bool) {
	var found metrics.RecordedUsage
	ok := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line, isData := strings.CutPrefix(strings.TrimSpace(sc.Text()), "data:")
		if !isData {
			continue
		}
		var event map[string]any
		if json.Unmarshal([]byte(strings.TrimSpace(line)), &event) != nil {
			continue
		}
		if msg, isStart := loaders.AsMap(event["message"]); isStart {
			event = msg // Anthropic's message_start carries the message
		}
		if u, has, _ := usageOf(event); has {
			found, ok = u, true
		} else if usage, _ := loaders.AsMap(event["usage"]); usage != nil && ok {
			// Anthropic's message_delta: the final output count only.
			if out, has := tokenCount(usage["output_tokens"]); has {
				found.OutputTokens = out
			}
		}
	}
	return found, ok
}

// usageOf reads a response body's usage object, OpenAI's or Anthropic's.
// A usage whose input count is there but is not a count gives problem.
func usageOf(body map[string]any) (metrics.RecordedUsage, bool, string) {
	usage, _ := loaders.AsMap(body["usage"])
	if usage == nil {
		return metrics.RecordedUsage{}, false, ""
	}
	count := func(key string) (int, bool) {
		return tokenCount(usage[key])
	}
	for _, key := range []string{"prompt_tokens", "input_tokens"} {
		if v, present := usage[key]; present {
			if _, ok := count(key); !ok {
				return metrics.RecordedUsage{}, false, fmt.Sprintf("the recorded usage.%s, %s, is not a token count (a whole number from 0 up), so the provider's count is not compared", key, loaders.Quoted(fmt.Sprint(v)))
			}
		}
	}
	detail := func(details, key string) int {
		d, _ := loaders.AsMap(usage[details])
		if d == nil {
			return 0
		}
		n, _ := tokenCount(d[key])
		return n
	}
	if in, ok := count("prompt_tokens"); ok {
		out, _ := count("completion_tokens")
		b := usagepkg.OpenAI.Normalize(usagepkg.Reported{Input: in, CacheRead: detail("prompt_tokens_details", "cached_tokens"), Output: out})
		return metrics.Recorded(b, "usage.prompt_tokens"), true, ""
	}
	if in, ok := count("input_tokens"); ok {
		out, _ := count("output_tokens")
		if _, responses := usage["input_tokens_details"]; responses || body["object"] == "response" {
			// OpenAI's Responses API: input_tokens includes the cached.
			b := usagepkg.OpenAI.Normalize(usagepkg.Reported{Input: in, CacheRead: detail("input_tokens_details", "cached_tokens"), Output: out})
			return metrics.Recorded(b, "usage.input_tokens"), true, ""
		}
		// Anthropic bills cached prompt tokens apart from input_tokens;
		// the prompt is all three.
		created, _ := count("cache_creation_input_tokens")
		read, _ := count("cache_read_input_tokens")
		field := "usage.input_tokens"
		if created+read > 0 {
			field += " + cache tokens"
		}
		b := usagepkg.Anthropic.Normalize(usagepkg.Reported{Input: in, CacheRead: read, CacheWrite: created, Output: out})
		return metrics.Recorded(b, field), true, ""
	}
	return metrics.RecordedUsage{}, false, ""
}

// tokenCount reads a count as a JSON or YAML decoder left it: a whole,
// non-negative number of any numeric kind.
func tokenCount(v any) (int, bool) {
	f, ok := loaders.AsFloat(v)
	if !ok || f < 0 || f > 1<<50 || f != float64(int64(f)) {
		return 0, false
	}
	return int(f), true
}
