package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/themes"
	"ctxlab/tui/filter"
	"ctxlab/tui/inspector"
	"ctxlab/tui/tokenview"
)

// inspectorPane shows the selected document in a scrolling viewport. It
// re-renders only when what it shows changed, and keeps each document's
// counts under every tokenizer, which a command computes once.
type inspectorPane struct {
	vp  viewport.Model
	doc int    // the document shown, so another one opens at its top
	key string // what vp holds was rendered for; "" forces a render
	// tokenCounts are keyed by the scenario's document index, so they
	// survive reranking.
	tokenCounts map[int]map[string]int
	keys        scrollKeys
}

func newInspectorPane() inspectorPane {
	return inspectorPane{vp: newViewport(), doc: -1, tokenCounts: make(map[int]map[string]int), keys: newScrollKeys()}
}

// update scrolls by a key; back is true for the key that returns to the
// list.
func (p inspectorPane) update(msg tea.KeyMsg) (inspectorPane, bool) {
	back := scrollKey(&p.vp, p.keys, msg)
	return p, back
}

// inspected is what the inspector renders a document from.
type inspected struct {
	st          *themes.Styles
	themeID     int
	ev          *core.Evaluation
	shown       int // generation of ev
	doc         int // evaluation document, -1 for none
	filter      *filter.Pane
	scoreDigits int
	// tokenView shows the document's text as tokens.
	tokenView bool
}

// show renders in.doc when it or anything it is drawn with changed, and
// returns the command that counts its tokens when they are not known yet.
func (p *inspectorPane) show(in inspected) tea.Cmd {
	scenarioDoc := in.ev.InputIndex(in.doc)
	counts := p.tokenCounts[scenarioDoc]
	key := fmt.Sprintf("%d/%d/%d/%d/%d/%d/%v", in.doc, in.shown, p.vp.Width, in.themeID, len(counts), in.filter.Version(), in.tokenView)
	if key == p.key {
		return nil
	}
	if in.doc != p.doc {
		p.vp.GotoTop()
		p.doc = in.doc
	}
	p.key = key
	content := inspector.Content(in.st, in.ev, in.doc, counts, in.filter.Highlighted(), p.vp.Width, in.scoreDigits)
	if in.tokenView && in.ev != nil && in.doc >= 0 {
		content = tokenview.Inspector(in.st, in.ev, in.doc, p.vp.Width)
	}
	p.vp.SetContent(content)
	if counts == nil && in.ev != nil && in.doc >= 0 {
		return countTokens(scenarioDoc, in.ev.Documents[in.doc].Content)
	}
	return nil
}

// setCounts records a document's counts; the next render shows them.
func (p *inspectorPane) setCounts(msg tokenCountsMsg) {
	p.tokenCounts[msg.doc] = msg.counts
	p.key = ""
}

// view draws the inspector in a box w×h cells, titled with the document.
func (p inspectorPane) view(st *themes.Styles, ev *core.Evaluation, doc, w, h int, focused bool) string {
	return box(st, inspector.Title(ev, doc), p.vp.View(), w, h, focused)
}
