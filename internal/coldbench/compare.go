package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
)

// referenceKeys are the reference's result keys; ctxlab's JSON adds
// "trace" and "findings", which the reference does not have.
var referenceKeys = []string{
	"context_block", "included_docs", "excluded_docs", "citation_map", "tokens_used",
	"tokens_budget", "duplicates_removed", "truncated", "utilization_pct",
}

// sameResult compares the reference keys of the two outputs after
// parsing both: every string byte for byte, every number and list equal.
func sameResult(ctxlabPath, referencePath string) error {
	got, err := readObject(ctxlabPath)
	if err != nil {
		return err
	}
	want, err := readObject(referencePath)
	if err != nil {
		return err
	}
	if len(want) != len(referenceKeys) {
		return fmt.Errorf("%s has %d keys; expected the reference's %d", referencePath, len(want), len(referenceKeys))
	}
	for _, k := range referenceKeys {
		if !reflect.DeepEqual(got[k], want[k]) {
			return fmt.Errorf("the results differ at %q: compare %s and %s", k, ctxlabPath, referencePath)
		}
	}
	return nil
}

func readObject(path string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return obj, nil
}
