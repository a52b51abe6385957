package scenario

import (
	"testing"
	"testing/fstest"
)

// A scenario whose budget the window cannot hold, or whose model ctxlab
// does not know, opens; the evaluation reports the overflow or the
// estimate.
func TestScenarioOverflowsAndUnknownModelsOpen(t *testing.T) {
	for name, yaml := range map[string]string{
		"budget larger than window": "preset: support_chat\nwindow: 8000\n",
		"reserve eats the window":   "budget: {response_reserve: 200000}\n",
		"unknown model":             "model: llama-3\n",
	} {
		t.Run(name, func(t *testing.T) {
			sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(yaml)}}, "s.yaml")
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if name == "unknown model" && (sc.Settings.Model != "llama-3" || sc.Settings.Pipeline.Tokenizer.Name() != "o200k_base") {
				t.Errorf("model %q counted with %s", sc.Settings.Model, sc.Settings.Pipeline.Tokenizer.Name())
			}
		})
	}
}
