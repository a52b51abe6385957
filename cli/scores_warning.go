package cli

import (
	"fmt"

	"ctxlab/core/diagnose"
	"ctxlab/core/evalrun"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// distanceLikeWarning is the warning line for similarity scores that look
// like distances, or "" when they do not (or distance was asked for).
func distanceLikeWarning(kind pipeline.ScoreKind, docs []value.Document) string {
	if kind == pipeline.ScoresDistance || !pipeline.LooksLikeDistances(docs) {
		return ""
	}
	return diagnose.DistanceLikeWarning(docs[0].Score, docs[len(docs)-1].Score)
}

// warnDistanceLike prints that warning on stderr, so a JSON report stays
// the result alone.
func warnDistanceLike(env Env, kind pipeline.ScoreKind, docs []value.Document) {
	if w := distanceLikeWarning(kind, docs); w != "" {
		fmt.Fprintln(env.Stderr, "ctxlab: warning: "+safetext.Line(w))
	}
}

// evalDistanceWarning is the run's warning: more than half of its
// queries have documents whose scores rise along the rank order, as a
// run ranked by distance has; a few such queries are chance.
func evalDistanceWarning(kind pipeline.ScoreKind, set *evalrun.Set) string {
	if kind == pipeline.ScoresDistance {
		return ""
	}
	rising := 0
	for i := range set.Queries {
		if pipeline.LooksLikeDistances(set.Queries[i].Documents()) {
			rising++
		}
	}
	if rising == 0 || 2*rising <= len(set.Queries) {
		return ""
	}
	return fmt.Sprintf("in %s of %s queries the scores rise along the run's rank order, as distances do: read as similarities, each query's best document ranks last; if lower is better, pass --scores distance",
		numfmt.Thousands(rising), numfmt.Thousands(len(set.Queries)))
}
