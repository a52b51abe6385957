package cli

import (
	"fmt"

	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
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
