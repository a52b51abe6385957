package core

import (
	"testing"

	"ctxlab/core/pipeline"
)

func TestValidateOptions(t *testing.T) {
	bad := []struct {
		mutate func(*pipeline.Options)
		want   string
	}{
		{func(o *pipeline.Options) { o.DedupThreshold = 1.5 }, "dedup-threshold: 1.5 is outside [0, 1]"},
		{func(o *pipeline.Options) { o.DedupThreshold = -0.1 }, "dedup-threshold: -0.1 is outside [0, 1]"},
		{func(o *pipeline.Options) { o.ShingleSize = 0 }, "shingle-size: 0 is outside [1, 10000]"},
		{func(o *pipeline.Options) { o.Budget = -1 }, "budget: -1 is negative"},
		{func(o *pipeline.Options) { o.MinDocTokens = -1 }, "min-doc-tokens: -1 is negative"},
		{func(o *pipeline.Options) { o.BudgetMode = "loose" }, "budget-mode: "},
		{func(o *pipeline.Options) { o.Tokenizer = nil }, "tokenizer: none set"},
	}
	for _, tt := range bad {
		opts := pipeline.DefaultOptions()
		tt.mutate(&opts)
		err := ValidateOptions(opts)
		if err == nil || len(err.Error()) < len(tt.want) || err.Error()[:len(tt.want)] != tt.want {
			t.Errorf("ValidateOptions = %v; want %q...", err, tt.want)
		}
	}
	if err := ValidateOptions(pipeline.DefaultOptions()); err != nil {
		t.Errorf("defaults refused: %v", err)
	}
}
