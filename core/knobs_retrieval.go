package core

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"ctxlab/core/pipeline"
)

// The retrieval knobs a vector store's user expects beside the
// reference's own: a score cutoff, top-k and the direction of the scores.
// None is in the reference, so each one's default leaves it unchanged.

// minScoreOff is how the minimum score says "no cutoff" in a flag, a
// scenario file and the workbench's text field.
const minScoreOff = "none"

// minScoreKnob is the score cutoff: a number, or none. A float knob
// cannot say "off" for scores that may be negative, so it is text.
func minScoreKnob() *Knob {
	return &Knob{
		ID: "min-score", Label: "min score", Flag: "min-score", Key: "pipeline.min_score",
		Help: "drop documents scored below this (with --scores distance: above it, a maximum distance); none keeps every score, as the reference",
		Kind: KnobText, InBuild: true,
		Refuse: func(v KnobValue) (string, int) {
			if _, _, err := parseMinScore(v.Text); err != nil {
				return err.Error(), 0
			}
			return "", 0
		},
		Get: func(s Settings) KnobValue {
			if !s.Pipeline.MinScoreSet {
				return KnobValue{Text: minScoreOff}
			}
			return KnobValue{Text: strconv.FormatFloat(s.Pipeline.MinScore, 'f', -1, 64)}
		},
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			score, set, err := parseMinScore(v.Text)
			if err == nil {
				s.Pipeline.MinScore, s.Pipeline.MinScoreSet = score, set
			}
			return err
		},
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline,
		FilterRule: func(s Settings) string {
			if !s.Pipeline.MinScoreSet {
				return ""
			}
			if s.Pipeline.Scores == pipeline.ScoresDistance {
				return "maximum distance " + strconv.FormatFloat(s.Pipeline.MinScore, 'f', -1, 64)
			}
			return "minimum score " + strconv.FormatFloat(s.Pipeline.MinScore, 'f', -1, 64)
		},
	}
}

// parseMinScore reads a cutoff: none or empty for no cutoff, else a
// finite number.
func parseMinScore(text string) (score float64, set bool, err error) {
	t := strings.TrimSpace(text)
	if t == "" || t == minScoreOff {
		return 0, false, nil
	}
	score, err = strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(score) || math.IsInf(score, 0) {
		return 0, false, fmt.Errorf("%s is not a score; expected a number such as 0.5, or none", quoteText(t))
	}
	return score, true, nil
}

// scoresKnob is the direction of the scores; an unset kind (a Settings
// built by hand) reads as the reference's similarity.
func scoresKnob() *Knob {
	k := choiceKnob(Knob{
		ID: "scores", Label: "scores", Flag: "scores", Key: "pipeline.scores",
		Help:    "similarity (higher is better, as the reference) or distance (lower is better, as FAISS and Chroma return): ranks, top-k and the minimum score follow it",
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline, InBuild: true,
	}, pipeline.ScoreKinds, func(s *Settings) *pipeline.ScoreKind { return &s.Pipeline.Scores })
	k.Get = func(s Settings) KnobValue {
		if s.Pipeline.Scores == "" {
			return KnobValue{Text: string(pipeline.ScoresSimilarity)}
		}
		return KnobValue{Text: string(s.Pipeline.Scores)}
	}
	return k
}

// dedupKeyKnob is what besides the text makes two documents the same. It
// is text because metadata:FIELD names any field.
func dedupKeyKnob() *Knob {
	return &Knob{
		ID: "dedup-key", Label: "dedup key", Flag: "dedup-key", Key: "pipeline.dedup_key",
		Help: "also remove documents sharing a key with a kept one, as exact duplicates: none (content only, as the reference), url (the canonical URL of the source or metadata url: no scheme, www., query, fragment or trailing slash; arXiv abs/html/pdf pages and versions as one) or metadata:FIELD",
		Kind: KnobText, InBuild: true,
		Refuse: func(v KnobValue) (string, int) {
			if _, err := pipeline.ParseDedupKey(v.Text); err != nil {
				return err.Error(), 0
			}
			return "", 0
		},
		Get: func(s Settings) KnobValue {
			if s.Pipeline.DedupKey == "" {
				return KnobValue{Text: string(pipeline.DedupKeyNone)}
			}
			return KnobValue{Text: string(s.Pipeline.DedupKey)}
		},
		Set: func(s *Settings, v KnobValue, _ KnobContext) error {
			key, err := pipeline.ParseDedupKey(v.Text)
			if err == nil {
				s.Pipeline.DedupKey = key
			}
			return err
		},
		Applies: pipelineBuilder, AppliesWhen: appliesWithPipeline,
	}
}
