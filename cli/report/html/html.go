// Package html writes a report as one self-contained HTML page: the CSS
// and a few lines of script inline, the charts as SVG computed here, no
// request to anything outside the file. Every text from input goes
// through html/template, and the page's Content-Security-Policy allows
// only its own script (by hash) and no fetch of any kind, so a document
// that holds markup shows as text and runs nothing.
package html

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"strings"

	"ctxlab/cli/report"
	"ctxlab/internal/numfmt"
)

//go:embed report.html.tmpl
var pageTemplate string

//go:embed report.css
var pageCSS string

//go:embed report.js
var pageScript string

// maxTextRunes bounds a cell of input text (a source may be as long as
// a document); maxMessageRunes a finding's or fix's sentence.
const (
	maxTextRunes    = 200
	maxMessageRunes = 2000
)

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"t":              func(s string) string { return report.Clean(s, maxTextRunes, false) },
	"msg":            func(s string) string { return report.Clean(s, maxMessageRunes, false) },
	"n":              numfmt.Thousands,
	"pct":            func(f float64) string { return fmt.Sprintf("%.1f%%", f*100) },
	"join":           strings.Join,
	"severity":       severityMark,
	"windowBar":      windowBar,
	"plainWhy":       report.PlainWhy,
	"findingHeading": report.FindingHeading,
	"findingTerms":   report.FindingTerms,
	"componentBars":  componentBars,
	"funnelBars":     funnelBars,
	"spaceBar":       spaceBar,
	"queryBar":       queryBar,
	"queriesOpen":    func() int { return report.QueriesOpen },
	"timeline":       timelineChart,
	"fixGroups":      report.GroupFixes,
	"gloss":          report.Gloss,
	"hasAllocations": func(r *report.Report) bool {
		for _, c := range r.Components {
			if c.HasAllocation && !c.Reserve {
				return true
			}
		}
		return false
	},
	"fixMark":  fixMark,
	"patterns": func() []int { return patternIDs },
}).Parse(pageTemplate))

// Options are what the page says about itself.
type Options struct {
	// Version is ctxlab's, for the footer.
	Version string
}

// page is the template's data.
type pageData struct {
	*report.Report
	Version string
	CSS     template.CSS
	Script  template.JS
	CSP     string
}

// Write writes r as an HTML page to w.
func Write(w io.Writer, r *report.Report, opts Options) error {
	sum := sha256.Sum256([]byte(pageScript))
	csp := "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'"
	return page.Execute(w, pageData{Report: r, Version: opts.Version, CSS: template.CSS(pageCSS), Script: template.JS(pageScript), CSP: csp})
}

// severityMark is a finding's severity in a sign and a word, readable
// without colour, as the text reports mark it.
func severityMark(s report.Severity) string {
	switch s {
	case "error":
		return "▲ error"
	case "warning":
		return "! warning"
	}
	return "· info"
}

// fixMark is a fix's class as a sign, readable without colour.
func fixMark(c report.FixClass) string {
	switch c {
	case report.FixResolves, report.FixImproves:
		return "✓"
	case report.FixLeavesOver:
		return "▲"
	}
	return "·"
}
