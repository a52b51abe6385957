package csvcell

import (
	"bytes"
	"encoding/csv"
	"testing"
)

func TestInert(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`=HYPERLINK("http://example.com","x")`, `'=HYPERLINK("http://example.com","x")`},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(1+1)", "'@SUM(1+1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"-", "'-"},
		{"+", "'+"},
		{"-Inf", "'-Inf"},
		{"-0x10", "'-0x10"},
		{"-1e", "'-1e"},
		{"- 1", "'- 1"},
		{"-0.5", "-0.5"},
		{"+3", "+3"},
		{"-.5", "-.5"},
		{"+1.5e-4", "+1.5e-4"},
		{"-2E+10", "-2E+10"},
		{"0.85", "0.85"},
		{"q01", "q01"},
		{"a=b", "a=b"},
		{"", ""},
		{"'=already", "'=already"},
	} {
		if got := Inert(tc.in); got != tc.want {
			t.Errorf("Inert(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriterReadsBack: what Writer writes is valid CSV whose cells are the
// inert ones, and the record given is left as it was.
func TestWriterReadsBack(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	record := []string{"=1+1", "-0.5", "text, with comma", "@x"}
	if err := w.Write(record); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"'=1+1", "-0.5", "text, with comma", "'@x"}
	if len(rows) != 1 || len(rows[0]) != len(want) {
		t.Fatalf("rows %q", rows)
	}
	for i := range want {
		if rows[0][i] != want[i] {
			t.Errorf("cell %d = %q, want %q", i, rows[0][i], want[i])
		}
	}
	if record[0] != "=1+1" {
		t.Errorf("the record was changed: %q", record)
	}
}
