package cli

import (
	"fmt"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/trace"
)

// assembleWarnings are the settings assemble accepts but that are almost
// certainly not what the user meant: each is one line on stderr, and
// neither the exit status nor the report changes, since the assembly is
// still the one asked for.
func assembleWarnings(fs *flagSet, run *assembleRun) []string {
	var warnings []string
	s := run.settings
	if slices.Contains(run.scenario.Notes, trace.NoteNoContent) {
		// An empty request because its messages are elsewhere: say where,
		// not that it lacks a query.
		warnings = append(warnings, fmt.Sprintf("span %s keeps its messages in OTLP logs (the GenAI events): it opens as its usage only, 0 messages; give the logs file with --logs LOGS",
			safetext.Line(run.scenario.Name)))
	} else if strings.TrimSpace(s.Query) == "" {
		w := "no user query: the request ends with an empty user message"
		if s.Rerank {
			w += "; reranking has no query to rank against, so the first final-k by retrieval score are kept"
		}
		warnings = append(warnings, w)
	}
	if w := distanceLikeWarning(s.Pipeline.Scores, run.scenario.Documents); w != "" && s.Builder == core.BuilderContextManager {
		warnings = append(warnings, w)
	}
	// Every flag given whose knob does nothing under the settings in
	// force, as the table says when it applies (the workbench dims the
	// same controls).
	for _, k := range core.Knobs() {
		if flagWasSet(fs, k.Flag) && !k.AppliesTo(s) {
			warnings = append(warnings, fmt.Sprintf("--%s has no effect: it applies only with %s", k.Flag, k.AppliesWhen))
		}
	}
	if s.Rerank && s.FinalK > s.InitialK {
		// The article slices the reranked pool, so final_k beyond it keeps
		// the pool; the workbench's controls allow it alike.
		warnings = append(warnings, fmt.Sprintf("final-k %s is more than initial-k %s: reranking keeps at most the %s documents retrieved (final-k is capped at initial-k)",
			numfmt.Thousands(s.FinalK), numfmt.Thousands(s.InitialK), numfmt.Thousands(s.InitialK)))
	}
	return warnings
}
