package diagnose

import (
	"fmt"
	"strconv"

	"ctxlab/core/pipeline"
)

// DistanceLikeWarning is the sentence every surface gives when
// similarity scores look like distances (pipeline.LooksLikeDistances),
// with the first and last input scores as the evidence.
func DistanceLikeWarning(first, last float64) string {
	return fmt.Sprintf("the scores rise along the input (%s first, %s last), as distances do: read as similarities, the retriever's best document ranks last; if lower is better, pass --scores distance",
		strconv.FormatFloat(first, 'f', -1, 64), strconv.FormatFloat(last, 'f', -1, 64))
}

// scoreFindings: the pipeline ranks by similarity but the input's order
// says the scores are distances, so the ranking is likely inverted.
func scoreFindings(in *Input) []Finding {
	if in.Build == nil || in.Pipeline.Scores == pipeline.ScoresDistance || !pipeline.LooksLikeDistances(in.Documents) {
		return nil
	}
	docs := in.Documents
	msg := DistanceLikeWarning(docs[0].Score, docs[len(docs)-1].Score)
	return []Finding{{
		Code: CodeScoresLookLikeDistances, Severity: SeverityWarning,
		Message: "T" + msg[1:] + ".",
		Refs:    []Ref{DocumentRef(in.docNumber(0)), DocumentRef(in.docNumber(len(docs) - 1))},
	}}
}
