package diagnose

import (
	"fmt"
	"strings"

	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// componentFindings: each component cut to its allocation (or, measured
// as sent, over it), with what the cut cost: tokens, and the documents or
// messages lost.
func componentFindings(in *Input) []Finding {
	var fs []Finding
	if f, ok := ragFinding(in); ok {
		fs = append(fs, f)
	}
	a := in.Assembly
	if a == nil {
		return fs
	}
	if f, ok := historyFinding(in); ok {
		fs = append(fs, f)
	}
	for _, c := range a.Components {
		if c.Name == window.ComponentRAG && in.Build != nil || c.Name == window.ComponentHistory && a.Mode == window.Budgeted && in.Memory != nil {
			continue // their own findings say what was lost
		}
		switch {
		case a.Mode == window.Budgeted && c.Truncated:
			end := "end"
			if c.Name == window.ComponentHistory || c.Name == window.ComponentToolResults {
				end = "start" // the assembler keeps their newest part
			}
			fs = append(fs, Finding{Code: CodeComponentOverAllocation, Severity: SeverityWarning,
				Message: fmt.Sprintf("%s: cut to its %s allocation, %s of %s cut from its %s.",
					componentSubject(c.Name), allocationOf(c.Allocated), numfmt.Thousands(c.Raw-c.Used), tokensOf(c.Raw), end),
				Refs: []Ref{ComponentRef(c.Name)}, weight: c.Raw - c.Used})
		case a.Mode == window.MeasureOnly && c.Over && !in.AllocationsAssumed:
			fs = append(fs, Finding{Code: CodeComponentOverAllocation, Severity: SeverityInfo,
				Message: fmt.Sprintf("%s: %s, %s over its %s allocation; measured as sent, nothing was cut.",
					componentSubject(c.Name), tokensOf(c.Used), numfmt.Thousands(c.Excess), allocationOf(c.Allocated)),
				Refs: []Ref{ComponentRef(c.Name)}, weight: c.Excess})
		}
	}
	return fs
}

// ragFinding: what the retrieved context's budget cost, in the builder's
// walk and then in the assembler's cut of the block.
func ragFinding(in *Input) (Finding, bool) {
	if in.Build == nil {
		return Finding{}, false
	}
	res := in.Build
	tr := res.Trace
	var parts []string
	refs := []Ref{ComponentRef(window.ComponentRAG)}
	left, cut, summarized, tokensLost := 0, 0, 0, 0
	for k := range tr.Len() {
		d := tr.Doc(k)
		switch d.Fate {
		case pipeline.FateExcluded:
			left++
			tokensLost += tr.Tokens(k)
		case pipeline.FatePartial, pipeline.FateSummarized:
			if d.Fate == pipeline.FatePartial {
				cut++
			} else {
				summarized++
			}
			tokensLost += tr.Tokens(k) - d.TokensKept
			refs = append(refs, DocumentRef(in.docNumber(int(d.Index))))
		}
	}
	if left+cut+summarized > 0 {
		did := []string{"left out " + numfmt.Count(left, "document", "documents")}
		if cut > 0 {
			did = append(did, "cut "+numfmt.Thousands(cut))
		}
		if summarized > 0 {
			did = append(did, "summarized "+numfmt.Thousands(summarized))
		}
		s := "the budget walk " + did[0]
		switch len(did) {
		case 2:
			s += " and " + did[1]
		case 3:
			s += ", " + did[1] + " and " + did[2]
		}
		parts = append(parts, s+"; "+tokensOf(tokensLost)+" not sent")
	}
	if o := res.Overshoot(in.RAGBudget); o.Over > 0 && tr.BudgetMode == pipeline.BudgetReference {
		parts = append(parts, fmt.Sprintf("the formatted block is %s over it (%s), because reference mode does not count the citation headers",
			tokensOf(o.Over), o.Why()))
	}
	if rag, ok := in.assemblyComponent(window.ComponentRAG); ok && rag.Truncated {
		s := fmt.Sprintf("the assembler cut %s off the block's end", tokensOf(rag.Raw-rag.Used))
		if names := in.docLabels(in.RAGLost); names != "" {
			s += ", losing " + names
		}
		if names := in.docLabels(in.RAGCut); names != "" {
			s += ", cutting " + names
		}
		parts = append(parts, s)
		for _, i := range append(append([]int(nil), in.RAGLost...), in.RAGCut...) {
			refs = append(refs, DocumentRef(in.docNumber(i)))
		}
	}
	if len(parts) == 0 {
		return Finding{}, false
	}
	refs = uniqueRefs(refs)
	what := "The retrieved context"
	if in.Assembly == nil {
		what = "The context block"
	}
	msg := fmt.Sprintf("%s is at its %s budget: %s.", what, allocationOf(in.RAGBudget), strings.Join(parts, "; "))
	return Finding{Code: CodeComponentOverAllocation, Severity: SeverityWarning, Message: msg, Refs: refs, weight: tokensLost}, true
}

// historyFinding: the messages the memory strategy dropped or folded to
// keep the history in its allocation.
func historyFinding(in *Input) (Finding, bool) {
	mem := in.Memory
	if mem == nil || in.Assembly.Mode != window.Budgeted {
		return Finding{}, false
	}
	refs := []Ref{ComponentRef(window.ComponentHistory)}
	dropped, summarized, tokensLost := 0, 0, 0
	for _, f := range mem.Fates {
		switch f.Fate {
		case memory.Dropped:
			dropped++
		case memory.Summarized:
			summarized++
		default:
			continue
		}
		tokensLost += f.Tokens
		refs = append(refs, in.messageRef(f.Index))
	}
	hist, _ := in.assemblyComponent(window.ComponentHistory)
	cut := 0
	if hist.Truncated {
		cut = hist.Raw - hist.Used
	}
	if dropped+summarized == 0 && cut == 0 {
		return Finding{}, false
	}
	var parts []string
	if dropped+summarized > 0 {
		did := "dropped " + numfmt.Thousands(dropped)
		switch {
		case dropped == 0:
			did = "summarized " + numfmt.Thousands(summarized)
		case summarized > 0:
			did += " and summarized " + numfmt.Thousands(summarized)
		}
		parts = append(parts, fmt.Sprintf("the %s memory %s of %s (%s)",
			mem.Strategy, did, numfmt.Count(len(mem.Fates), "message", "messages"), tokensOf(tokensLost)))
	}
	if cut > 0 {
		parts = append(parts, fmt.Sprintf("the assembler cut %s more from the oldest end", tokensOf(cut)))
	}
	msg := fmt.Sprintf("The history is at its %s allocation: %s.", allocationOf(hist.Allocated), strings.Join(parts, "; "))
	return Finding{Code: CodeComponentOverAllocation, Severity: SeverityWarning, Message: msg, Refs: refs, weight: tokensLost + cut}, true
}

func (in *Input) assemblyComponent(name string) (window.ComponentReport, bool) {
	if in.Assembly == nil {
		return window.ComponentReport{}, false
	}
	return in.Assembly.Component(name)
}

// docLabels lists the builder's documents by their #numbers.
func (in *Input) docLabels(docs []int) string {
	labels := make([]string, len(docs))
	for n, i := range docs {
		labels[n] = DocumentRef(in.docNumber(i)).Label()
	}
	return strings.Join(labels, ", ")
}

// uniqueRefs drops repeated refs, keeping the first of each.
func uniqueRefs(refs []Ref) []Ref {
	seen := map[Ref]bool{}
	out := refs[:0]
	for _, r := range refs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// componentSubject is a component's name in words to open a sentence
// with: "Tool calls and results: ...".
func componentSubject(name string) string {
	words := window.ComponentWords(name)
	return strings.ToUpper(words[:1]) + words[1:]
}
