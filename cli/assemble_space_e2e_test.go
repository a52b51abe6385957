package cli_test

// ctxlab assemble's "What takes the space" section and the JSON space list.

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// spaceRow is a ranked row of the text section: rank, what, kind, tokens.
var spaceRow = regexp.MustCompile(`^\s+(\d+)\s{2}(.+?)\s{2,}(component|tool definition|document|message|tool call|tool result)\s+([\d,]+)\s`)

func spaceRows(t *testing.T, stdout string) []string {
	t.Helper()
	_, section, ok := strings.Cut(stdout, "What takes the space (")
	if !ok {
		t.Fatalf("no What takes the space section:\n%.3000s", stdout)
	}
	section, _, _ = strings.Cut(section, "\n\n")
	var rows []string
	for _, line := range strings.Split(section, "\n")[2:] {
		if m := spaceRow.FindStringSubmatch(line); m != nil {
			rows = append(rows, m[2]+" · "+m[4])
		} else {
			t.Errorf("not a ranked row: %q", line)
		}
	}
	return rows
}

func TestAssembleTextRanksWhatTakesTheSpace(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	top := spaceRows(t, stdout)
	if len(top) != 10 || !strings.Contains(stdout, "What takes the space (top 10 of ") {
		t.Errorf("the default report ranks %d items: %v", len(top), top)
	}
	if len(top) > 0 && top[0] != "conversation history · 1,966" {
		t.Errorf("first: %q", top[0])
	}

	stdout, stderr, code = run(t, "", "assemble", "--full")
	if code != 0 {
		t.Fatalf("--full: exit %d: %s", code, stderr)
	}
	all := spaceRows(t, stdout)
	if len(all) <= 10 || !strings.Contains(stdout, "What takes the space (all ") {
		t.Errorf("--full ranks %d items", len(all))
	}
	for _, want := range []string{"tool result 2: lookup_order (message 35) · 226", "tool definitions · 557"} {
		found := false
		for _, row := range all {
			found = found || row == want
		}
		if !found {
			t.Errorf("--full lacks the row %q", want)
		}
	}
}

func TestAssembleJSONListsTheSpace(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", hitlCassette, "--interaction", "2", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Space []struct {
			Kind          string  `json:"kind"`
			Label         string  `json:"label"`
			Tokens        int     `json:"tokens"`
			ShareOfWindow float64 `json:"share_of_window"`
		} `json:"space"`
		Assembly struct {
			Window int `json:"window"`
		} `json:"assembly"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if len(out.Space) == 0 || out.Assembly.Window == 0 {
		t.Fatalf("space %v, window %d", out.Space, out.Assembly.Window)
	}
	kinds := map[string]bool{}
	for i, it := range out.Space {
		kinds[it.Kind] = true
		if i > 0 && it.Tokens > out.Space[i-1].Tokens {
			t.Errorf("%q (%d) ranks below %q (%d)", it.Label, it.Tokens, out.Space[i-1].Label, out.Space[i-1].Tokens)
		}
		if want := float64(it.Tokens) / float64(out.Assembly.Window); it.ShareOfWindow != want {
			t.Errorf("%q: share %v, want %v", it.Label, it.ShareOfWindow, want)
		}
	}
	for _, k := range []string{"component", "tool-definition", "tool-call", "tool-result"} {
		if !kinds[k] {
			t.Errorf("no %s in %v", k, out.Space)
		}
	}
	if first := out.Space[0]; first.Label != "tool results" {
		t.Errorf("first: %+v", first)
	}
}
