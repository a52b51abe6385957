package cli

import (
	"io"
	"reflect"
	"testing"
)

func TestParseInterspersed(t *testing.T) {
	cases := []struct {
		args       []string
		positional []string
		format     string
	}{
		{nil, nil, "text"},
		{[]string{"a.txt", "--format", "json", "b.txt"}, []string{"a.txt", "b.txt"}, "json"},
		{[]string{"--format=json", "-"}, []string{"-"}, "json"},
		{[]string{"-", "a.txt"}, []string{"-", "a.txt"}, "text"},
		{[]string{"a.txt", "--", "--format"}, []string{"a.txt", "--format"}, "text"},
	}
	for _, c := range cases {
		var format string
		fs := newFlagSet(Env{Stdout: io.Discard}, "tokens", "")
		fs.StringVar(&format, "format", "text", "")
		got, err := parseInterspersed(fs, c.args)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if !reflect.DeepEqual(got, c.positional) || format != c.format {
			t.Errorf("%q: positional %q, format %q; want %q, %q", c.args, got, format, c.positional, c.format)
		}
	}
}

func TestCountTokensHeuristicError(t *testing.T) {
	c := countTokens(Env{}, "x", "hello world")
	if c.Words != 2 || c.Heuristic != 2 || c.O200K != 2 || c.HeuristicErrorPct == nil || *c.HeuristicErrorPct != 0 {
		t.Errorf("counts = %+v", c)
	}
	if empty := countTokens(Env{}, "e", ""); empty.HeuristicErrorPct != nil || formatErrorPct(empty.HeuristicErrorPct) != "n/a" {
		t.Errorf("empty input has no relative error: %+v", empty)
	}
	under := -25.0
	if got := formatErrorPct(&under); got != "-25.0%" {
		t.Errorf("formatErrorPct(-25) = %q", got)
	}
}
