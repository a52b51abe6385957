package diagnose

import (
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

func TestScoresLookLikeDistancesFinding(t *testing.T) {
	docs := []value.Document{{Content: "a b c d e f", Score: 0.2}, {Content: "g h i j k l", Score: 0.4}, {Content: "m n o p q r", Score: 0.9}}
	res, err := pipeline.Build(pipeline.Analyze(docs), pipeline.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	fs := Diagnose(Input{Documents: docs, Build: res, Pipeline: pipeline.DefaultOptions().Settings})
	want := "The scores rise along the input (0.2 first, 0.9 last), as distances do: read as similarities, the retriever's best document ranks last; if lower is better, pass --scores distance."
	if len(fs) == 0 || fs[0].Code != CodeScoresLookLikeDistances || fs[0].Message != want || len(fs[0].Refs) != 2 || fs[0].Refs[1].Index != 2 {
		t.Errorf("findings %+v", fs)
	}
	distance := pipeline.DefaultOptions().Settings
	distance.Scores = pipeline.ScoresDistance
	for _, f := range Diagnose(Input{Documents: docs, Build: res, Pipeline: distance}) {
		if f.Code == CodeScoresLookLikeDistances {
			t.Errorf("a finding under --scores distance: %+v", f)
		}
	}
}
