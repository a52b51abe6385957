package scenario

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders/internal/loadertest"
)

// FuzzLoadSettingsFile: a settings file gives settings that validate,
// or one clean error.
func FuzzLoadSettingsFile(f *testing.F) {
	loadertest.AddFileSeeds(f, loadertest.SampleDir, "overflow.yaml", "document_qa.yaml")
	f.Add([]byte("preset: document_qa\npipeline: {dedup_threshold: 0.5, budget_mode: strict}\nmemory: {strategy: rolling_summary}\n"))
	f.Add([]byte("window: 1\nbudget: {retrieved_context: 100000}\n"))
	f.Add([]byte("documents: x.jsonl\n"))
	f.Add([]byte("# nothing\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := LoadSettingsFile(loadertest.WriteFuzzFile(t, "settings.yaml", data), core.DefaultSettings(), window.BuiltinPresets())
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		if err := s.Validate(); err != nil {
			t.Errorf("settings do not validate: %v", err)
		}
		if err := s.Budget.ValidateWindow(); err != nil {
			t.Errorf("budget does not validate: %v", err)
		}
	})
}
