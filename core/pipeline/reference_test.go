package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/racetest"
)

// The reference cases are produced by the reference itself:
//
//	python3 core/pipeline/testdata/reference/generate.py
//
// writes core/pipeline/testdata/reference/cases.json from
// core/pipeline/testdata/reference/context_manager.py. Each case holds the options,
// the input documents and the reference's result in the shape of
// `ctxlab build --format json` (without "trace"). The engine must reproduce
// it exactly in heuristic-tokenizer, reference-budget mode.
//
// CTXLAB_REFERENCE_CASES=FILE replays another case file instead, such as a
// stress set from `generate.py --stress N SEED FILE`.

const referenceCasesPath = "testdata/reference/cases.json"

// referenceKeys are the keys of the reference result, in the reference's
// order; the engine's JSON has exactly these plus "trace".
var referenceKeys = []string{
	"context_block", "tokens_used", "tokens_budget", "duplicates_removed",
	"truncated", "utilization_pct", "citation_map", "included_docs", "excluded_docs",
}

type referenceCase struct {
	Name    string `json:"name"`
	Options struct {
		DedupThreshold float64 `json:"dedup_threshold"`
		MinDocTokens   int     `json:"min_doc_tokens"`
		LostInMiddle   bool    `json:"lost_in_middle"`
		ShingleSize    int     `json:"shingle_size"`
		Budget         int     `json:"budget"`
	} `json:"options"`
	Documents []struct {
		Content  string         `json:"content"`
		Score    float64        `json:"score"`
		Source   string         `json:"source"`
		Metadata map[string]any `json:"metadata"`
	} `json:"documents"`
	Expected json.RawMessage `json:"expected"`
}

func loadReferenceCases(t *testing.T) []referenceCase {
	t.Helper()
	path := filepath.FromSlash(referenceCasesPath)
	if p := os.Getenv("CTXLAB_REFERENCE_CASES"); p != "" {
		path = p // e.g. a stress set from generate.py --stress
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading reference cases (regenerate with python3 core/pipeline/testdata/reference/generate.py): %v", err)
	}
	var cases []referenceCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s holds no cases", path)
	}
	return cases
}

func (c *referenceCase) documents() []value.Document {
	docs := make([]value.Document, len(c.Documents))
	for i, d := range c.Documents {
		md := d.Metadata
		if md == nil {
			md = map[string]any{}
		}
		docs[i] = value.Document{Content: d.Content, Score: d.Score, Source: d.Source, Metadata: md}
	}
	return docs
}

func (c *referenceCase) options() Options {
	opts := DefaultOptions()
	opts.Tokenizer = tokens.Heuristic{}
	opts.BudgetMode = BudgetReference
	opts.SummarizeOverflow = false
	opts.PartialMinRemaining = 50
	opts.DedupThreshold = c.Options.DedupThreshold
	opts.MinDocTokens = c.Options.MinDocTokens
	opts.LostInMiddle = c.Options.LostInMiddle
	opts.ShingleSize = c.Options.ShingleSize
	opts.Budget = c.Options.Budget
	return opts
}

// decodeJSONObject decodes a JSON object into generic values (numbers as
// float64), the "JSON round trip" both sides are compared after.
func decodeJSONObject(data []byte) (map[string]any, error) {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}

func TestReferenceCases(t *testing.T) {
	t.Parallel()
	cases := loadReferenceCases(t)
	failedBy := map[string][]string{}
	// Under the race detector every step-th case; all of them without it.
	step := max(1, len(cases)/max(1, racetest.Cut(len(cases), 5)))
	for i, c := range cases {
		if i%step != 0 {
			continue
		}
		c := c
		ok := t.Run(c.Name, func(t *testing.T) {
			field, msg := runReferenceCase(c)
			if field != "" {
				failedBy[field] = append(failedBy[field], c.Name)
				t.Errorf("%s\n%s", field, msg)
			}
		})
		_ = ok
	}
	if len(failedBy) > 0 {
		fields := make([]string, 0, len(failedBy))
		for f := range failedBy {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		var b strings.Builder
		fmt.Fprintf(&b, "reference cases failing, by first differing field (%d cases in all):\n", len(cases))
		for _, f := range fields {
			names := failedBy[f]
			shown := names
			if len(shown) > 8 {
				shown = shown[:8]
			}
			fmt.Fprintf(&b, "  %-20s %3d  %s", f, len(names), strings.Join(shown, ", "))
			if len(names) > len(shown) {
				fmt.Fprintf(&b, ", ...")
			}
			b.WriteByte('\n')
		}
		t.Log(b.String())
	}
}

// runReferenceCase builds the case and returns the first differing field
// and a readable description, or "" when the engine matches the reference.
func runReferenceCase(c referenceCase) (field, msg string) {
	docs := c.documents()
	opts := c.options()

	var expected map[string]any
	if err := json.Unmarshal(c.Expected, &expected); err != nil {
		return "case", fmt.Sprintf("bad expected value: %v", err)
	}

	res, err := Build(Analyze(docs), opts)
	if err != nil {
		return "error", fmt.Sprintf("Build returned an error: %v", err)
	}
	if res == nil {
		return "error", "Build returned a nil result"
	}
	raw, err := json.Marshal(res)
	if err != nil {
		return "error", fmt.Sprintf("json.Marshal(result): %v", err)
	}
	got, err := decodeJSONObject(raw)
	if err != nil {
		return "error", fmt.Sprintf("result JSON does not decode: %v\n%s", err, raw)
	}

	// Exactly the reference keys plus "trace".
	var extra, missing []string
	for k := range got {
		if k == "trace" {
			continue
		}
		if _, ok := expected[k]; !ok {
			extra = append(extra, k)
		}
	}
	for _, k := range referenceKeys {
		if _, ok := got[k]; !ok {
			missing = append(missing, k)
		}
	}
	if _, ok := got["trace"]; !ok {
		missing = append(missing, "trace")
	}
	if len(extra) > 0 || len(missing) > 0 {
		sort.Strings(extra)
		return "keys", fmt.Sprintf("result JSON keys: missing %v, unexpected %v", missing, extra)
	}

	for _, k := range referenceKeys {
		if d := diffReferenceField(k, expected[k], got[k]); d != "" {
			return k, d + "\n" + describeCase(c)
		}
	}

	// The same analysis must give the same result after a Build with other
	// options (per-document work is cached and reused when only options
	// change).
	a := Analyze(docs)
	other := opts
	other.ShingleSize = opts.ShingleSize%8 + 1
	other.DedupThreshold = 1 - opts.DedupThreshold/2
	other.MinDocTokens = 0
	other.LostInMiddle = !opts.LostInMiddle
	other.Budget = opts.Budget/2 + 7
	if _, err := Build(a, other); err != nil {
		return "error", fmt.Sprintf("Build with perturbed options returned an error: %v", err)
	}
	res2, err := Build(a, opts)
	if err != nil {
		return "error", fmt.Sprintf("second Build on a reused analysis returned an error: %v", err)
	}
	raw2, err := json.Marshal(res2)
	if err != nil {
		return "error", fmt.Sprintf("json.Marshal(second result): %v", err)
	}
	if !bytes.Equal(raw, raw2) {
		return "reuse", fmt.Sprintf("Build on an Analysis reused after a Build with other options differs from a fresh one:\n%s",
			firstDifference(string(raw), string(raw2)))
	}
	return "", ""
}

func describeCase(c referenceCase) string {
	var b strings.Builder
	o := c.Options
	fmt.Fprintf(&b, "case options: dedup_threshold=%v min_doc_tokens=%d lost_in_middle=%v shingle_size=%d budget=%d; %d input documents",
		o.DedupThreshold, o.MinDocTokens, o.LostInMiddle, o.ShingleSize, o.Budget, len(c.Documents))
	for i, d := range c.Documents {
		if i == 12 {
			fmt.Fprintf(&b, "\n  ...")
			break
		}
		fmt.Fprintf(&b, "\n  [%d] score=%v source=%q words=%d content=%s", i, d.Score, d.Source, len(pycompat.Split(d.Content)), abbreviate(d.Content, 70))
	}
	return b.String()
}

func diffReferenceField(key string, want, got any) string {
	switch key {
	case "context_block":
		w, ok1 := want.(string)
		g, ok2 := got.(string)
		if !ok1 || !ok2 {
			return fmt.Sprintf("context_block: want %T, got %T", want, got)
		}
		if w == g {
			return ""
		}
		return "context_block differs:\n" + firstDifference(w, g)
	case "utilization_pct", "tokens_used", "tokens_budget", "duplicates_removed":
		w, ok1 := want.(float64)
		g, ok2 := got.(float64)
		if !ok1 || !ok2 {
			return fmt.Sprintf("%s: want %v (%T), got %v (%T)", key, want, want, got, got)
		}
		if w != g || math.Signbit(w) != math.Signbit(g) {
			return fmt.Sprintf("%s: want %v, got %v", key, w, g)
		}
		return ""
	case "truncated":
		if want != got {
			return fmt.Sprintf("truncated: want %v, got %v", want, got)
		}
		return ""
	case "citation_map":
		w, ok1 := want.(map[string]any)
		g, ok2 := got.(map[string]any)
		if !ok1 || !ok2 {
			return fmt.Sprintf("citation_map: want %T, got %T (%v)", want, got, got)
		}
		if reflect.DeepEqual(w, g) {
			return ""
		}
		keys := map[string]bool{}
		for k := range w {
			keys[k] = true
		}
		for k := range g {
			keys[k] = true
		}
		ks := make([]string, 0, len(keys))
		for k := range keys {
			ks = append(ks, k)
		}
		sort.Slice(ks, func(i, j int) bool {
			if len(ks[i]) != len(ks[j]) {
				return len(ks[i]) < len(ks[j])
			}
			return ks[i] < ks[j]
		})
		var b strings.Builder
		b.WriteString("citation_map differs:")
		for _, k := range ks {
			wv, wok := w[k]
			gv, gok := g[k]
			if wok && gok && reflect.DeepEqual(wv, gv) {
				continue
			}
			fmt.Fprintf(&b, "\n  [%s] want %s, got %s", k, showOpt(wv, wok), showOpt(gv, gok))
		}
		return b.String()
	case "included_docs", "excluded_docs":
		w, ok1 := want.([]any)
		g, ok2 := got.([]any)
		if !ok1 || !ok2 {
			return fmt.Sprintf("%s: want %T, got %T (%v)", key, want, got, got)
		}
		var b strings.Builder
		for i := 0; i < len(w) || i < len(g); i++ {
			if i >= len(w) {
				fmt.Fprintf(&b, "%s: got %d documents, want %d; first extra [%d]: %s", key, len(g), len(w), i, showDoc(g[i]))
				return b.String()
			}
			if i >= len(g) {
				fmt.Fprintf(&b, "%s: got %d documents, want %d; first missing [%d]: %s", key, len(g), len(w), i, showDoc(w[i]))
				return b.String()
			}
			if d := diffDoc(w[i], g[i]); d != "" {
				return fmt.Sprintf("%s[%d] (of %d) %s\n  want doc: %s\n  got doc:  %s", key, i, len(w), d, showDoc(w[i]), showDoc(g[i]))
			}
		}
		return ""
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Sprintf("%s: want %v, got %v", key, want, got)
	}
	return ""
}

func diffDoc(want, got any) string {
	w, ok1 := want.(map[string]any)
	g, ok2 := got.(map[string]any)
	if !ok1 || !ok2 {
		return fmt.Sprintf("is %T, want %T", got, want)
	}
	for _, f := range []string{"content", "score", "source", "metadata"} {
		wv, wok := w[f]
		gv, gok := g[f]
		if !wok || !gok {
			return fmt.Sprintf("field %q: want %s, got %s", f, showOpt(wv, wok), showOpt(gv, gok))
		}
		if f == "content" {
			if ws, gs := wv.(string), gv.(string); ws != gs {
				return "content differs:\n" + firstDifference(ws, gs)
			}
			continue
		}
		if !reflect.DeepEqual(wv, gv) {
			return fmt.Sprintf("field %q: want %s, got %s", f, jsonText(wv), jsonText(gv))
		}
	}
	if len(g) != 4 {
		ks := make([]string, 0, len(g))
		for k := range g {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return fmt.Sprintf("has keys %v, want exactly content, score, source, metadata", ks)
	}
	return ""
}

func showDoc(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return jsonText(v)
	}
	content, _ := m["content"].(string)
	return fmt.Sprintf("{score: %s, source: %s, metadata: %s, content: %s}",
		jsonText(m["score"]), jsonText(m["source"]), jsonText(m["metadata"]), abbreviate(content, 80))
}

func showOpt(v any, ok bool) string {
	if !ok {
		return "(absent)"
	}
	return jsonText(v)
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// abbreviate quotes s, keeping its start and end when it is long.
func abbreviate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q…(%d runes)…%q", string(r[:n/2]), len(r), string(r[len(r)-n/4:]))
}

// firstDifference describes where two strings first differ: byte offset,
// line and column, the lengths, and both sides around that point.
func firstDifference(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	// Back up to a rune boundary so the excerpts quote cleanly.
	for i > 0 && i < len(want) && !utf8.RuneStart(want[i]) {
		i--
	}
	line := strings.Count(want[:i], "\n") + 1
	col := i - strings.LastIndex(want[:i], "\n")
	start := i - 60
	if start < 0 {
		start = 0
	}
	for start > 0 && !utf8.RuneStart(want[start]) {
		start--
	}
	excerpt := func(s string) string {
		end := i + 60
		if end > len(s) {
			end = len(s)
		}
		for end < len(s) && !utf8.RuneStart(s[end]) {
			end++
		}
		if start > len(s) {
			return "(ends earlier)"
		}
		return fmt.Sprintf("%q", s[start:end])
	}
	return fmt.Sprintf("  first difference at byte %d (line %d, column %d); want %d bytes, got %d bytes\n  want: …%s…\n  got:  …%s…",
		i, line, col, len(want), len(got), excerpt(want), excerpt(got))
}
