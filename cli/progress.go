package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// progressDelay is how long work runs before a bar appears: shorter work
// finishes before a reader could take a bar in, and a bar that flashes
// is noise.
const progressDelay = 500 * time.Millisecond

// progressBar draws one line on stderr, redrawn in place:
//
//	counting tokens (o200k_base)  ██████████░░░░░░░░░░  52%  14,921 of 28,933 documents
//
// It draws only on a terminal, so a redirected stderr (a CI log) gets no
// carriage returns, and only once the work has run for progressDelay.
type progressBar struct {
	w       io.Writer
	enabled bool
	label   string
	// one and many name what is counted: document, documents.
	one, many string
	start     time.Time
	now       func() time.Time
	shown     bool
	drawn     time.Time // when the line was last drawn
	width     int       // of the last line drawn, to blank it when done
}

// progressRedraw is how often the line is redrawn at most: often enough to
// look alive, seldom enough not to flood a slow terminal.
const progressRedraw = 100 * time.Millisecond

const progressBarCells = 20

func newProgressBar(env Env, label string) *progressBar {
	return &progressBar{w: env.Stderr, enabled: env.StderrIsTTY, label: label, one: "document", many: "documents", start: time.Now(), now: time.Now}
}

func (p *progressBar) update(pr pipeline.TokenProgress) {
	p.draw(pr.Docs >= pr.TotalDocs, func() string { return p.line(pr) })
}

// updateText is update for one long text of total bytes, done of them
// counted: the counts `assemble` makes inside the window's assembly.
func (p *progressBar) updateText(done, total int) {
	p.draw(done >= total, func() string {
		fraction := 1.0
		if total > 0 {
			fraction = float64(done) / float64(total)
		}
		return fmt.Sprintf("%s  %s  %3d%%  of a text of %s bytes", p.label, barCells(fraction), int(fraction*100), numfmt.Thousands(total))
	})
}

// draw redraws the line made by line, unless it is too early for a bar or
// too soon after the last drawing of an unfinished one.
func (p *progressBar) draw(finished bool, line func() string) {
	now := p.now()
	if !p.enabled || (!p.shown && now.Sub(p.start) < progressDelay) {
		return
	}
	if p.shown && now.Sub(p.drawn) < progressRedraw && !finished {
		return
	}
	p.shown, p.drawn = true, now
	p.show(line())
}

// show writes line over the last one.
func (p *progressBar) show(line string) {
	pad := max(p.width-len([]rune(line)), 0)
	p.width = len([]rune(line))
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
}

// finish blanks the bar's line, so the report that follows starts clean.
func (p *progressBar) finish() {
	if p.shown {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.shown = false
	}
}

func (p *progressBar) line(pr pipeline.TokenProgress) string {
	fraction := pr.Fraction()
	return fmt.Sprintf("%s  %s  %3d%%  %s of %s", p.label, barCells(fraction),
		int(fraction*100), numfmt.Thousands(pr.Docs), numfmt.Count(pr.TotalDocs, p.one, p.many))
}

// barCells is the bar itself, fraction (0 to 1) of it filled.
func barCells(fraction float64) string {
	filled := min(max(int(fraction*progressBarCells), 0), progressBarCells)
	return strings.Repeat("█", filled) + strings.Repeat("░", progressBarCells-filled)
}

// showingLongCounts draws a bar, on a terminal, for the BPE counts of long
// texts that `assemble` makes inside the window's assembly (a request's
// 50 MB system prompt, tool description or tool result), where no
// callback reaches: tokens.ObserveLongCounts. Call the returned function
// when the counting is over.
func showingLongCounts(env Env, tok tokens.Tokenizer) (stop func()) {
	if tok == nil || !env.StderrIsTTY {
		return func() {}
	}
	bar := newProgressBar(env, "counting tokens ("+tok.Name()+")")
	var mu sync.Mutex // counts may run on several goroutines
	stopObserving := tokens.ObserveLongCounts(func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		bar.updateText(done, total)
	})
	return func() {
		stopObserving()
		mu.Lock()
		defer mu.Unlock()
		bar.finish()
	}
}

// countTokensShowingProgress counts the documents' tokens under tok before
// a Build needs them, with a bar on a terminal. Interrupting the program
// (Ctrl-C) stops it as any command stops.
func countTokensShowingProgress(env Env, a *pipeline.Analysis, tok tokens.Tokenizer) {
	if tok == nil {
		return // invalid settings; the command's validation says so
	}
	bar := newProgressBar(env, "counting tokens ("+tok.Name()+")")
	defer bar.finish()
	// Nothing cancels this context: the counts are what the command
	// reports, and an interrupt ends the process.
	_, _ = a.CountTokens(context.Background(), tok, bar.update)
}
