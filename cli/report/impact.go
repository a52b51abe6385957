package report

import (
	"regexp"
	"strings"

	"ctxlab/core/diagnose"
)

// The facts two texts differ on, as the findings' sentences quote them.
const (
	weakerCopyDiffers        = `where they differ: (.+?) → (.+?)(?:; | \(dropped → sent\))`
	conflictingTextsDiffers  = `state different facts: (.+?) → (.+?)(?:; | \(|\.$|$)`
	conflictingNearDupDiffer = `state different facts: (.+?) → (.+?) \(kept → removed\)`
)

var (
	weakerCopyFact   = regexp.MustCompile(weakerCopyDiffers)
	conflictingFact  = regexp.MustCompile(conflictingTextsDiffers)
	nearDupKeptFacts = regexp.MustCompile(conflictingNearDupDiffer)
)

// Impact says in a stakeholder's words what a finding means for the
// answers the model gives: "The assistant may say “30 days” where the
// better document says “60 days”." The facts are quoted from the
// finding's sentence where it quotes them; "" for a finding with no
// consequence to tell (a note on spare room, an estimate).
func Impact(code, message string) string {
	switch code {
	case diagnose.CodeOverflow:
		return "The provider refuses a request over its window: the user gets an error instead of an answer, or the client silently cuts the request and the model answers without what was cut."
	case diagnose.CodeAllocationsOverWindow:
		return "The settings promise more than the window holds, so parts the settings say are kept are cut."
	case diagnose.CodeScoresLookLikeDistances:
		return "The best documents may be the ones thrown away: the scores look like distances, where lower is better."
	case diagnose.CodeWeakerCopySent:
		if m := weakerCopyFact.FindStringSubmatch(message); m != nil {
			return "The model may answer “" + strings.TrimSpace(m[2]) + "” where the better document says “" + strings.TrimSpace(m[1]) + "”: a weaker or stale copy is sent in its place."
		}
		return "The model answers from a weaker or stale copy of a document while the better one is left out."
	case diagnose.CodeStrongDocLost:
		return "The model may not know what it needs: documents ranked among the best are left out while weaker ones are sent."
	case diagnose.CodeConflictingTextsSent:
		if m := conflictingFact.FindStringSubmatch(message); m != nil {
			return "The model sees both “" + strings.TrimSpace(m[1]) + "” and “" + strings.TrimSpace(m[2]) + "” and may quote either."
		}
		return "The model sees two texts that disagree and may quote either."
	case diagnose.CodeConflictingNearDuplicate:
		if m := nearDupKeptFacts.FindStringSubmatch(message); m != nil {
			return "The model only sees “" + strings.TrimSpace(m[1]) + "”; a document removed as its copy says “" + strings.TrimSpace(m[2]) + "”: check which is current."
		}
		return "A document removed as a copy disagrees with the one kept: check which is current."
	case diagnose.CodeComponentOverAllocation:
		return "Part of the input is cut to fit its allocation: the model sees less of it than was retrieved or said."
	case diagnose.CodeHistoryDominates:
		return "Most of the request, and of its cost, is the conversation so far."
	case diagnose.CodeToolResultsDominate:
		return "Most of the request, and of its cost, is tool output."
	case diagnose.CodeSameSourceSent:
		return "One source is sent more than once, taking room another document could use."
	case diagnose.CodeMostlyHeaders:
		return "Some documents sent are mostly their citation header: room spent on labels, not on facts."
	}
	return ""
}
