package cli_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// One size per message: a request counted as OpenAI bills it renders an
// assistant's tool calls into the prompt, not as the tool_calls JSON, so
// the Messages list, the Space ranking and the count-differs-from-bill
// finding give the call its rendered size, and the messages' sizes, the
// tools and the framing add up to the total. The fixture counts what it
// billed (133), so it is read with its recorded prompt tokens edited to
// 131, a bill the count differs from, for the finding to be made.
func TestAssembleMessageSizesAddUpToTheTotal(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../loaders/trace/testdata/openinference/traces.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"llm.token_count.prompt","value":{"intValue":%d}`, `\"prompt_tokens\":%d`} {
		old := fmt.Sprintf(field, 133)
		if !bytes.Contains(data, []byte(old)) {
			t.Fatalf("the fixture records no %s", old)
		}
		data = bytes.ReplaceAll(data, []byte(old), []byte(fmt.Sprintf(field, 131)))
	}
	file := filepath.Join(t.TempDir(), "traces.jsonl")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, "", "assemble", "--request", file, "--span-id", "bc779477e426c81e", "--full")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	figure := func(re string) int {
		t.Helper()
		m := regexp.MustCompile(re).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("no %s in:\n%s", re, stdout)
		}
		n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		return n
	}
	total := figure(`total: ([\d,]+) used of`)
	tools := figure(`(?m)^  tool definitions +[\d,]+ +[\d,]+ +([\d,]+)`)
	framing := figure(`(?m)^  message framing +- +[\d,]+ +([\d,]+)`)
	headings := figure(`(?m)^  assembler's headings +- +[\d,]+ +([\d,]+)`)

	sum, call := 0, -1
	for _, m := range regexp.MustCompile(`(?m)^── \[(\d+)\] (\w+).* · ([\d,]+) tokens?$`).FindAllStringSubmatch(stdout, -1) {
		n, _ := strconv.Atoi(strings.ReplaceAll(m[3], ",", ""))
		sum += n
		if m[1] == "3" {
			call = n
		}
	}
	if got := sum + tools + framing + headings; got != total {
		t.Errorf("messages %d + tools %d + framing %d + headings %d = %d, but the total is %d", sum, tools, framing, headings, got, total)
	}
	space := figure(`(?m)^ +\d+  message 3: tool call delete_file, create_file +tool call +([\d,]+)`)
	if call != space {
		t.Errorf("message 3 is %d tokens in the Messages list and %d in the Space ranking", call, space)
	}
	if suspect := figure(`assistant tool_calls ([\d,]+) tokens`); suspect != call {
		t.Errorf("the bill finding counts the tool calls at %d tokens, the request at %d", suspect, call)
	}
}

// Measured as sent, the Memory line sizes the history as the total
// holds it: an assistant's tool calls counted with its message, so it
// is the conversation history component, message for message.
func TestAssembleMeasuredMemoryIsTheHistoryAsCounted(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	history := regexp.MustCompile(`(?m)^  conversation history +[\d,]+ +[\d,]+ +([\d,]+)`).FindStringSubmatch(stdout)
	memory := regexp.MustCompile(`(?m)^Memory \(measured as sent.*· ([\d,]+) tokens$`).FindStringSubmatch(stdout)
	if history == nil || memory == nil {
		t.Fatalf("no history component or Memory line:\n%s", stdout)
	}
	if history[1] != memory[1] {
		t.Errorf("the history is %s tokens, the Memory line says %s", history[1], memory[1])
	}
}
