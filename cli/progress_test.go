package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
)

func TestProgressBarWaitsHalfASecondThenDrawsAndClears(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(0, 0)
	bar := &progressBar{w: &out, enabled: true, label: "counting tokens (o200k_base)", one: "document", many: "documents", start: clock, now: func() time.Time { return clock }}
	pr := pipeline.TokenProgress{Docs: 14_921, TotalDocs: 28_933, Bytes: 52, TotalBytes: 100}

	clock = clock.Add(400 * time.Millisecond)
	bar.update(pr)
	if out.Len() != 0 {
		t.Fatalf("drawn before half a second: %q", out.String())
	}
	clock = clock.Add(200 * time.Millisecond)
	bar.update(pr)
	want := "\rcounting tokens (o200k_base)  ██████████░░░░░░░░░░   52%  14,921 of 28,933 documents"
	if out.String() != want {
		t.Fatalf("bar\n got %q\nwant %q", out.String(), want)
	}
	out.Reset()
	bar.finish()
	if s := out.String(); !strings.HasPrefix(s, "\r ") || strings.Trim(s, "\r ") != "" {
		t.Errorf("finish should blank the line, wrote %q", s)
	}
}

func TestProgressBarSilentWhenStderrIsNotATerminal(t *testing.T) {
	var out bytes.Buffer
	bar := newProgressBar(Env{Stderr: &out}, "counting tokens")
	bar.start = bar.start.Add(-time.Hour)
	bar.update(pipeline.TokenProgress{Docs: 1, TotalDocs: 2, Bytes: 1, TotalBytes: 2})
	bar.finish()
	if out.Len() != 0 {
		t.Errorf("wrote %q to a stderr that is not a terminal", out.String())
	}
}

func TestProgressBarRedrawsAtMostEveryTenthOfASecondButAlwaysTheEnd(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(0, 0)
	bar := &progressBar{w: &out, enabled: true, label: "counting", one: "document", many: "documents", start: clock, now: func() time.Time { return clock }}
	clock = clock.Add(time.Second)
	bar.update(pipeline.TokenProgress{Docs: 1, TotalDocs: 3, Bytes: 1, TotalBytes: 3})
	clock = clock.Add(10 * time.Millisecond)
	bar.update(pipeline.TokenProgress{Docs: 2, TotalDocs: 3, Bytes: 2, TotalBytes: 3})
	if strings.Count(out.String(), "\r") != 1 || strings.Contains(out.String(), "2 of 3") {
		t.Fatalf("redrawn within 10 ms: %q", out.String())
	}
	bar.update(pipeline.TokenProgress{Docs: 3, TotalDocs: 3, Bytes: 3, TotalBytes: 3})
	if !strings.Contains(out.String(), "100%  3 of 3 documents") {
		t.Errorf("the last state was not drawn: %q", out.String())
	}
}

// TestProgressBarOfOneLongText: the bar `assemble` draws for a request's
// long part counted inside the assembly names the text's size.
func TestProgressBarOfOneLongText(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(0, 0)
	bar := &progressBar{w: &out, enabled: true, label: "counting tokens (o200k_base)", start: clock, now: func() time.Time { return clock }}
	clock = clock.Add(time.Second)
	bar.updateText(26_000_000, 50_000_000)
	want := "\rcounting tokens (o200k_base)  ██████████░░░░░░░░░░   52%  of a text of 50,000,000 bytes"
	if out.String() != want {
		t.Fatalf("bar\n got %q\nwant %q", out.String(), want)
	}
}

// TestShowingLongCountsDrawsWhileABPECountGoes: on a terminal, a long
// count made through Count (as the window's assembly makes it) reaches
// the bar, which is blank again once stopped; off a terminal nothing is
// written.
func TestShowingLongCountsDrawsWhileABPECountGoes(t *testing.T) {
	text := strings.Repeat("=", 3<<20)
	for _, tty := range []bool{true, false} {
		var out bytes.Buffer
		tok, err := tokens.NewBPE(tokens.TokenizerO200K)
		if err != nil {
			t.Fatal(err)
		}
		stop := showingLongCounts(Env{Stderr: &out, StderrIsTTY: tty}, tok)
		// The bar waits half a second before it draws: the count is
		// made until it has, however fast the machine.
		for i := 0; out.Len() == 0 && i < 200 && tty; i++ {
			tok.Count(text[:len(text)-i])
		}
		if !tty {
			tok.Count(text)
		}
		stop()
		got := out.String()
		if !tty {
			if got != "" {
				t.Fatalf("wrote %q off a terminal", got)
			}
			continue
		}
		if !strings.Contains(got, "counting tokens (o200k_base)") || !strings.Contains(got, "of a text of") {
			t.Fatalf("no bar drawn: %q", got)
		}
		if end := got[strings.LastIndex(got, "\r")+1:]; strings.TrimSpace(end) != "" && !strings.HasSuffix(got, "\r") {
			t.Fatalf("bar not blanked at the end: %q", got[max(len(got)-200, 0):])
		}
	}
}
