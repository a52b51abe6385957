package rows

import (
	"context"
	"testing"
	"unsafe"

	"ctxlab/core"
	"ctxlab/core/pipeline"
)

// A row is a document and whether it left: at a million documents every
// byte of it is a megabyte the workbench holds.
func TestDocRowIsSmall(t *testing.T) {
	if size := unsafe.Sizeof(Row{}); size > 8 {
		t.Errorf("a Row takes %d bytes; 8 hold a document and whether it left", size)
	}
}

// lookedRow is a row with its look, as the list showed it when rows
// carried their looks.
type lookedRow struct {
	doc  int
	gone bool
	look Look
}

// referenceRows is how the rows looked when ForStage made each row's
// look as it listed it, each note from the loop that placed the row:
// LookOf must find the same from the document and whether it left.
func referenceRows(ev *core.Evaluation, s Stage, hideGone bool) []lookedRow {
	if ev.SimpleRAG != nil {
		var out []lookedRow
		for _, r := range simpleRAGRows(ev, s) {
			out = append(out, lookedRow{doc: r.Index(), look: simpleRAGRowLook(ev, s, r.Index())})
		}
		return out
	}
	tr := ev.Build.Trace
	var rows []lookedRow
	add := func(i int, gone bool, n Note) {
		if gone && hideGone {
			return
		}
		d := tr.Doc(i)
		glyph, tone := FateLook(d.Fate)
		if d.Duplicate != nil && d.Duplicate.Kind == pipeline.DuplicateExact {
			glyph = "="
		}
		if !gone && s < StageBudget {
			glyph, tone = "•", TonePlain
		}
		if s == StageBudget && !gone {
			n.cut = ev.RAGSurvival[i]
			glyph, tone = sentLook(glyph, tone, n.cut)
		}
		rows = append(rows, lookedRow{doc: i, gone: gone, look: Look{glyph: glyph, tone: tone, score: tr.Score(i), tokens: tr.Tokens(i), note: n}})
	}
	minTokens := ev.Settings.Pipeline.MinDocTokens
	switch s {
	case StageInput:
		for i := range tr.Len() {
			add(i, false, Note{})
		}
		return rows
	case StageFilter:
		for i := range tr.Len() {
			if tr.Filtered(i) {
				add(i, true, Note{kind: noteFiltered, n1: tr.Tokens(i), n2: minTokens})
			} else {
				add(i, false, Note{kind: noteKept})
			}
		}
		return rows
	}
	for i := range tr.Len() {
		if tr.Filtered(i) {
			add(i, true, Note{kind: noteFiltered, n1: tr.Tokens(i), n2: minTokens})
		}
	}
	if s == StageSort || s == StageDedup {
		for _, i := range tr.Sorted {
			d := tr.Doc(i)
			switch {
			case s == StageSort:
				add(i, false, Note{kind: noteSortRank, n1: int(d.SortedPos) + 1})
			case d.Duplicate != nil:
				add(i, true, duplicateNote(ev, d.Duplicate))
			default:
				add(i, false, Note{kind: noteDedupKept, n1: int(d.PosBeforeReorder) + 1})
			}
		}
		return rows
	}
	for _, i := range tr.Reordered {
		d := tr.Doc(i)
		note := Note{kind: noteReordered, n1: int(d.PosBeforeReorder) + 1, n2: int(d.PosAfterReorder) + 1}
		if s == StageBudget {
			note = budgetNote(&d, tr.Tokens(i))
		}
		add(i, false, note)
		for _, k := range tr.Sorted {
			if dup := tr.Doc(k).Duplicate; dup != nil && dup.Of == i {
				add(k, true, duplicateNote(ev, dup))
			}
		}
	}
	return rows
}

// TestRowsLookAsTheirStageMadeThem: every sample scenario, under settings
// that filter, deduplicate, cut and let the assembler cut, at every
// stage, with removed documents shown and hidden: the rows list the same
// documents as the reference, and each looks the same.
func TestRowsLookAsTheirStageMadeThem(t *testing.T) {
	t.Parallel()
	changes := map[string]func(*core.Settings){
		"as the sample is": func(*core.Settings) {},
		"the assembler cuts the block": func(s *core.Settings) {
			s.Pipeline.BudgetMode = "reference"
			s.Budget.RetrievedContext = 400
		},
		"a tight budget, a low dedup threshold": func(s *core.Settings) {
			s.Budget.RetrievedContext = 250
			s.Pipeline.DedupThreshold = 0.3
			s.Pipeline.MinDocTokens = 40
		},
		"the article's builder": func(s *core.Settings) {
			s.Builder = core.BuilderSimpleRAG
			s.Budget.RetrievedContext = 300
		},
	}
	compared := map[bool]int{}
	for _, name := range []string{"support_chat", "document_qa", "code_review", "overflow", "agent_workflow"} {
		sc := sampleScenario(t, name)
		for change, apply := range changes {
			s := sc.Settings
			apply(&s)
			ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: fixedNow}, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range StagesFor(ev) {
				for _, hide := range []bool{false, true} {
					want := referenceRows(ev, st, hide)
					got := ForStage(ev, st, hide)
					if len(got) != len(want) {
						t.Fatalf("%s, %s, %s, hidden %v: %d rows, want %d", name, change, stageNames[st], hide, len(got), len(want))
					}
					for k, r := range got {
						w := want[k]
						if look := LookOf(ev, st, r); r.Index() != w.doc || r.gone != w.gone || look != w.look {
							t.Fatalf("%s, %s, %s, hidden %v, row %d: document %d gone %v %+v, want %d %v %+v",
								name, change, stageNames[st], hide, k, r.Index(), r.gone, look, w.doc, w.gone, w.look)
						}
						compared[r.gone]++
					}
				}
			}
		}
	}
	if compared[true] == 0 || compared[false] == 0 {
		t.Fatalf("compared %d rows in play and %d removed; the test needs both", compared[false], compared[true])
	}
}

// TestDuplicatesFollowTheirDocument: on a generated set where documents
// have several exact and near copies, each kept document's duplicates
// follow it in sorted order, as the reference lists them.
func TestDuplicatesFollowTheirDocument(t *testing.T) {
	t.Parallel()
	sc := copiedScenario(t, 400)
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: fixedNow}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	several, dupes := 0, listDuplicates(ev.Build.Trace)
	for _, p := range dupes.pairs {
		if len(dupes.of(int(p.of))) > 1 {
			several++
		}
	}
	if several == 0 {
		t.Fatal("no document has more than one duplicate; the test checks nothing of their order")
	}
	for _, st := range []Stage{StageReorder, StageBudget} {
		want, got := referenceRows(ev, st, false), ForStage(ev, st, false)
		if len(got) != len(want) {
			t.Fatalf("%s: %d rows, want %d", stageNames[st], len(got), len(want))
		}
		for k, r := range got {
			if r.Index() != want[k].doc || r.gone != want[k].gone {
				t.Fatalf("%s, row %d: document %d gone %v, want %d %v", stageNames[st], k, r.Index(), r.gone, want[k].doc, want[k].gone)
			}
		}
	}
}
