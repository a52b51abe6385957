package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"ctxlab/core/pipeline"
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
