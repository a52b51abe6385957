package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// terminalHostile tries to drive the terminal: a title (OSC 0), a screen
// clear, a hyperlink (OSC 8), a clipboard write (OSC 52), DCS, APC, C1
// controls, a right-to-left override, CR, BS, DEL, an invalid byte is
// left out (the loaders refuse it), plus wide and combining characters.
const terminalHostile = "\x1b]0;pwned\x07\x1b[2J\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\\x1b]52;c;ZXZpbA==\x07" +
	"\x1bP+q\x1b\\\x1b_apc\x1b\\\u009b31m\u009d0;t\u009c\u202eevil\u202c\r\b\x7f 漢字 e\u0301"

// TestEveryReportKeepsHostileInputInert runs every command's text and
// JSON report, and its errors, over input carrying terminalHostile, and
// asserts that neither stdout nor stderr holds a control: the CLI writes
// no colours, so no escape at all may appear.
func TestEveryReportKeepsHostileInputInert(t *testing.T) {
	t.Parallel()
	var docs strings.Builder
	for i := range 6 {
		line, _ := json.Marshal(map[string]any{
			"content": strings.Repeat("refund policy words "+terminalHostile+" ", 3+i),
			"score":   0.9 - float64(i)/10,
			"source":  terminalHostile + "kb.md",
		})
		docs.Write(append(line, '\n'))
	}
	docsFile := writeFile(t, "docs.jsonl", docs.String())
	history, _ := json.Marshal([]map[string]string{{"role": "user", "content": "hi " + terminalHostile}, {"role": "assistant", "content": "hello " + terminalHostile}})
	historyFile := writeFile(t, "history.json", string(history))
	request, _ := json.Marshal(map[string]any{
		"model": "gpt-4o",
		"tools": []any{map[string]any{"type": "function", "function": map[string]any{"name": "look" + terminalHostile, "description": terminalHostile}}},
		"messages": []any{
			map[string]any{"role": "system", "content": "rules " + terminalHostile},
			map[string]any{"role": "user", "content": "question " + terminalHostile},
		},
	})
	requestFile := writeFile(t, "request.json", string(request))
	textFile := writeFile(t, "text.txt", strings.Repeat("A paragraph "+terminalHostile+"\n\n", 20))
	metric, _ := json.Marshal(map[string]any{"request_id": terminalHostile, "use_case": "chat" + terminalHostile, "total_input_tokens": 95,
		"system_tokens": 1, "history_tokens": 1, "rag_tokens": 1, "tool_tokens": 0, "query_tokens": 1, "max_input_tokens": 100,
		"budget_utilization": 0.95, "truncated_components": []string{terminalHostile}, "timestamp": "2026-01-01T00:00:00Z"})
	metricsFile := writeFile(t, "metrics.jsonl", string(metric)+"\n")
	evalLine, _ := json.Marshal(map[string]any{"qid": "q" + terminalHostile, "query": "refund " + terminalHostile, "docs": []any{
		map[string]any{"id": "d1" + terminalHostile, "title": terminalHostile, "text": "refund policy " + terminalHostile, "score": 2.5},
		map[string]any{"id": "d2" + terminalHostile, "title": "Refunds", "text": "refund policy " + terminalHostile, "score": 1.5},
	}})
	evalFile := writeFile(t, "run.jsonl", string(evalLine)+"\n")
	badHistory := writeFile(t, "bad.json", `[{"role": "`+strings.ReplaceAll(terminalHostile, `\`, `\\`)+`", "content": "x"}]`)
	var runs [][]string
	for _, format := range []string{"text", "json"} {
		runs = append(runs,
			[]string{"build", "--docs", docsFile, "--history", historyFile, "--format", format},
			[]string{"assemble", "--docs", docsFile, "--history", historyFile, "--query", "refund " + terminalHostile, "--format", format},
			[]string{"assemble", "--request", requestFile, "--format", format},
			[]string{"assemble", "--request", requestFile, "--suggest", "--format", format},
			[]string{"longdoc", textFile, "--format", format},
			[]string{"tokens", textFile, "--format", format},
			[]string{"monitor", metricsFile, "--format", format},
			[]string{"eval", "--run", evalFile, "--rerank", "--format", format},
			[]string{"eval", "--run", evalFile, "--sweep", "budget", "--format", format},
		)
	}
	runs = append(runs, []string{"eval", "--run", evalFile, "--format", "csv"})
	runs = append(runs,
		[]string{"build", "--docs", docsFile, "--history", badHistory},
		[]string{"build", "--docs", terminalHostile + ".jsonl"},
		[]string{"assemble", "--query", terminalHostile, "--model", terminalHostile},
		[]string{terminalHostile},
	)
	for _, args := range runs {
		stdout, stderr, _ := run(t, "", args...)
		for stream, text := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if r, at := firstControl(text); at >= 0 {
				t.Errorf("%s: %s holds U+%04X at byte %d: %q", strings.Join(args[:2], " "), stream, r, at, text[max(0, at-40):min(len(text), at+40)])
			}
		}
	}
}

// firstControl finds the first character in s that a terminal would act
// on: C0 controls but newline and tab, DEL, C1, bidi overrides, or an
// invalid byte.
func firstControl(s string) (rune, int) {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return r, i
		case (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f),
			(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
			return r, i
		}
	}
	return 0, -1
}
