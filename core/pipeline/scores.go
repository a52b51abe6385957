package pipeline

import (
	"fmt"
	"strconv"

	"ctxlab/core/value"
	"ctxlab/internal/choice"
)

// ScoreKind says which way a retrieval score points.
type ScoreKind string

const (
	// ScoresSimilarity: higher is better (cosine similarity, BM25), as
	// the reference assumes.
	ScoresSimilarity ScoreKind = "similarity"
	// ScoresDistance: lower is better, as FAISS's L2 and Chroma's
	// distances are. The pipeline ranks by the distance ascending and
	// reads a minimum score as a maximum distance; scores are kept and
	// shown as given.
	ScoresDistance ScoreKind = "distance"
)

// ScoreKinds are the kinds in display order, with their parser.
var ScoreKinds = choice.Of("score kind", ScoresSimilarity, ScoresDistance)

// better reports whether score a ranks before score b.
func (k ScoreKind) better(a, b float64) bool {
	if k == ScoresDistance {
		return a < b
	}
	return a > b
}

// belowMinimum says why a score does not pass the cutoff, or "" when it
// does: a similarity below it, or a distance above it.
func (k ScoreKind) belowMinimum(score, cutoff float64) string {
	if k == ScoresDistance {
		if score > cutoff {
			return fmt.Sprintf("distance %s > maximum %s", formatScore(score), formatScore(cutoff))
		}
		return ""
	}
	if score < cutoff {
		return fmt.Sprintf("score %s < minimum %s", formatScore(score), formatScore(cutoff))
	}
	return ""
}

func formatScore(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// distanceLikeMinDocs: fewer documents than this say nothing about order.
const distanceLikeMinDocs = 3

// LooksLikeDistances reports whether similarity scores are probably
// distances: a retriever hands its results best first, so scores that
// never fall along the input and rise at least once (0.21, 0.35, 0.62)
// are what a distance-ranked result looks like. Read as similarities,
// the best-ranked document would be sorted last.
func LooksLikeDistances(docs []value.Document) bool {
	if len(docs) < distanceLikeMinDocs {
		return false
	}
	for i := 1; i < len(docs); i++ {
		if docs[i].Score < docs[i-1].Score {
			return false
		}
	}
	return docs[len(docs)-1].Score > docs[0].Score
}
