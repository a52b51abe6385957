package scenario

import (
	"path/filepath"

	"ctxlab/loaders"
)

// evalKeys are the keys of a scenario's `eval:` mapping: the files of a
// retrieval run, as ctxlab eval's flags name them.
var evalKeys = []string{"run", "corpus", "queries", "qrels"}

// readEval reads the `eval:` key: the retrieval run the scenario's
// settings are evaluated over, each path relative to the scenario file.
// The paths are kept absolute, so an export written elsewhere still
// finds them.
func (r *scenarioReader) readEval() error {
	f, ok := r.fields["eval"]
	if !ok {
		return nil
	}
	if _, embedded := r.files.(fsFiles); embedded {
		return loaders.YAMLErr(r.name, f.Key, "eval names files on disk, and this scenario is embedded in ctxlab; expected it in a scenario file on disk")
	}
	fields, err := loaders.YAMLFields(r.name, f.Value, "eval", evalKeys)
	if err != nil {
		return err
	}
	paths := map[string]*string{
		"run": &r.sc.EvalRun.Run, "corpus": &r.sc.EvalRun.Corpus,
		"queries": &r.sc.EvalRun.Queries, "qrels": &r.sc.EvalRun.Qrels,
	}
	for _, key := range evalKeys {
		field, ok := fields[key]
		if !ok {
			continue
		}
		resolved, err := r.filePath(field, "eval."+key)
		if err != nil {
			return err
		}
		if abs, err := filepath.Abs(resolved); err == nil {
			resolved = abs
		}
		*paths[key] = resolved
	}
	if r.sc.EvalRun.Run == "" {
		return loaders.YAMLErr(r.name, f.Value, "eval has no run; expected run: a TREC run file or JSON Lines of queries, with corpus, queries and qrels as it needs")
	}
	return nil
}

// evalFile is the `eval:` key as an export writes it.
type evalFile struct {
	Run     string `yaml:"run"`
	Corpus  string `yaml:"corpus,omitempty"`
	Queries string `yaml:"queries,omitempty"`
	Qrels   string `yaml:"qrels,omitempty"`
}
