package core_test

import (
	"testing"

	"ctxlab/core"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"
)

func sampleScenario(t testing.TB, name string) *core.Scenario {
	t.Helper()
	sc, err := scenario.LoadFS(sample.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}
