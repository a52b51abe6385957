package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/themes"
)

// textHelp is the help screen's slot in viewsPane.scroll, after the views.
const textHelp = int(viewCompare) + 1

// viewsPane is the scrolling pane views 2-5, the Diagnosis view and the
// help screen share.
// Each of them keeps its own scroll position, so a view reopens where it
// was left rather than where another was.
type viewsPane struct {
	vp  viewport.Model
	key string // what vp holds was rendered for; "" forces a render
	// owner is what vp shows (a view, or textHelp; -1 before the first
	// render), scroll each one's position.
	owner    int
	scroll   [textHelp + 1]int
	helpOpen bool
	// legend is true when the help shows its second page, the legend of
	// every mark on screen, rather than the keys.
	legend bool
	keys   scrollKeys
	// helpPage turns the help's page: the keys, the legend.
	helpPage key.Binding
}

func newViewsPane() viewsPane {
	return viewsPane{vp: newViewport(), owner: -1, keys: newScrollKeys(),
		helpPage: key.NewBinding(key.WithKeys("?", "tab"), key.WithHelp("?/tab", "keys / legend"))}
}

// update scrolls by a key; back is true for the key that returns to the
// list.
func (p viewsPane) update(msg tea.KeyMsg) (viewsPane, bool) {
	back := scrollKey(&p.vp, p.keys, msg)
	return p, back
}

// updateHelp scrolls the help screen by a scroll key and turns its page
// by ? or tab; any other key closes it.
func (p viewsPane) updateHelp(msg tea.KeyMsg) viewsPane {
	switch k := p.keys; {
	case key.Matches(msg, p.helpPage):
		// The other page starts at its top.
		p.legend = !p.legend
		p.key = ""
		p.vp.GotoTop()
	case key.Matches(msg, k.Up):
		p.vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		p.vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		p.vp.PageUp()
	case key.Matches(msg, k.PageDown):
		p.vp.PageDown()
	default:
		p.helpOpen, p.legend = false, false
		p.key = ""
	}
	return p
}

// top puts every view back at its top, for a new request: a position
// in the last one's text means nothing in the next.
func (p *viewsPane) top() {
	p.scroll = [textHelp + 1]int{}
	p.vp.SetYOffset(0)
	p.key = ""
}

// show puts owner's text in the pane when version (what it is rendered
// from, besides the width) changed; render draws it at a width.
func (p *viewsPane) show(owner int, version string, render func(width int) string) {
	key := fmt.Sprintf("%s/%d", version, p.vp.Width)
	if key == p.key {
		return
	}
	p.key = key
	if owner != p.owner {
		if p.owner >= 0 {
			p.scroll[p.owner] = p.vp.YOffset
		}
		defer func() {
			p.owner = owner
			p.vp.SetYOffset(p.scroll[owner])
		}()
	}
	if owner == textHelp {
		p.scroll[textHelp] = 0 // help always opens at the top
	}
	p.vp.SetContent(render(p.vp.Width))
}

// view draws the pane in a box w×h cells: the help screen, which always
// has the keyboard, or view v.
func (p viewsPane) view(st *themes.Styles, v view, w, h int, focused bool) string {
	if p.helpOpen {
		title := "Keys · ?/tab: legend of marks and colours · ↑/↓ scroll · other keys close"
		if p.legend {
			title = "Legend · ? or tab: keys · ↑/↓ scroll · other keys close"
		}
		return box(st, title, p.vp.View(), w, h, true)
	}
	return box(st, viewKeys[v]+" "+viewNames[v], p.vp.View(), w, h, focused)
}
