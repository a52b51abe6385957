package core

import (
	"slices"

	"ctxlab/core/diagnose"
	"ctxlab/core/window"
)

// diagnoseInput hands the findings engine the parts of an evaluation it
// reads; diagnose sits below core and cannot take the Evaluation itself.
// texts is used only when the builder saw the scenario's own documents
// (diagnose checks the slice), not a reranked selection.
func diagnoseInput(ev *Evaluation, toolResults []window.ToolResult, texts *diagnose.Texts) diagnose.Input {
	s := ev.Settings
	in := diagnose.Input{
		Documents: ev.Documents, DocIndex: ev.docIndex, Build: ev.Build,
		Pipeline: s.Pipeline, RAGBudget: s.Budget.RetrievedContext,
		Assembly: ev.Assembly, BudgetProblem: ev.BudgetProblem, AllocationsAssumed: s.AllocationsAssumed,
		History: ev.History, Memory: &ev.Memory, ToolResults: toolResults, Model: s.Model,
		CountEstimate: ev.CountEstimate, Texts: texts, Bill: ev.Bill, Numbers: ev.Numbers,
	}
	for doc, survival := range ev.RAGSurvival {
		switch survival {
		case SurvivedLost:
			in.RAGLost = append(in.RAGLost, doc)
		case SurvivedCut:
			in.RAGCut = append(in.RAGCut, doc)
		}
	}
	// The survival map has no order; the findings must read the same on
	// every run.
	slices.Sort(in.RAGLost)
	slices.Sort(in.RAGCut)
	return in
}
