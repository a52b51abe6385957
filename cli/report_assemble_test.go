package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestShortenKeepsHeadAndTail(t *testing.T) {
	long := "start " + strings.Repeat("word ", 400) + "the end"
	got := shorten(long, false)
	if !strings.HasPrefix(got, "start ") || !strings.HasSuffix(got, "the end") || !strings.Contains(got, "characters not shown (--full prints everything)") {
		t.Errorf("shorten = %q", got)
	}
	if len(got) >= len(long) {
		t.Errorf("not shorter: %d of %d", len(got), len(long))
	}
	if shorten(long, true) != long {
		t.Error("--full must print the whole text")
	}
	short := "one line"
	if shorten(short, false) != short {
		t.Error("short text must be unchanged")
	}
	manyLines := strings.Repeat("x\n", 40)
	if got := shorten(manyLines, false); strings.Count(got, "\n") > messageHeadLines+messageTailLines+1 {
		t.Errorf("%d lines kept", strings.Count(got, "\n"))
	}
}

func TestWriteTableAlignsRunes(t *testing.T) {
	var b bytes.Buffer
	writeTable(&b, [][]string{{"name", "n", "cut"}, {"history", "1,000", "✂"}, {"rag", "5", ""}}, "lrl")
	want := "  name         n  cut\n  history  1,000  ✂\n  rag          5\n"
	if b.String() != want {
		t.Errorf("table =\n%s\nwant\n%s", b.String(), want)
	}
}
