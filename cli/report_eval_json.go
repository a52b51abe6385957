package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"ctxlab/core"
	"ctxlab/core/evalrun"
)

// evalQueryJSON is one query of `eval --format json`.
type evalQueryJSON struct {
	QID       string `json:"qid"`
	Query     string `json:"query"`
	Retrieved int    `json:"retrieved"`
	// Included are the ids in the pipeline's block, Sent those of them
	// the request carries after the assembler's cut (a prefix of
	// Included), Cut those sent in part.
	Included          []string `json:"included"`
	Sent              []string `json:"sent"`
	Cut               []string `json:"cut"`
	RelevantRetrieved int      `json:"relevant_retrieved"`
	RelevantInBlock   int      `json:"relevant_in_block"`
	RelevantSent      int      `json:"relevant_sent"`
	RelevantInPart    int      `json:"relevant_sent_in_part"`
	// ContextRecall (as sent) and BlockRecall (in the block, before
	// the assembler's cut) are null when no relevant document was
	// retrieved.
	ContextRecall     *float64            `json:"context_recall"`
	BlockRecall       *float64            `json:"block_recall"`
	RelevantLost      map[string][]string `json:"relevant_lost"`
	Filtered          int                 `json:"filtered"`
	DuplicatesRemoved int                 `json:"duplicates_removed"`
	TokensUsed        int                 `json:"tokens_used"`
	TokensBudget      int                 `json:"tokens_budget"`
	Truncated         bool                `json:"truncated"`
	OverBudget        bool                `json:"over_budget"`
}

// evalAggregateJSON is the run's aggregate.
type evalAggregateJSON struct {
	Queries             int            `json:"queries"`
	Judged              bool           `json:"judged"`
	QueriesWithRelevant int            `json:"queries_with_relevant"`
	ContextRecall       *float64       `json:"context_recall"`
	BlockRecall         *float64       `json:"block_recall"`
	QueriesFullRecall   int            `json:"queries_full_recall"`
	RelevantRetrieved   int            `json:"relevant_retrieved"`
	RelevantInBlock     int            `json:"relevant_in_block"`
	RelevantSent        int            `json:"relevant_sent"`
	RelevantInPart      int            `json:"relevant_sent_in_part"`
	RelevantLost        map[string]int `json:"relevant_lost"`
	DocumentsRetrieved  int            `json:"documents_retrieved"`
	DocumentsInBlock    int            `json:"documents_in_block"`
	DocumentsSent       int            `json:"documents_sent"`
	Filtered            int            `json:"filtered"`
	DuplicatesRemoved   int            `json:"duplicates_removed"`
	TokensUsed          int            `json:"tokens_used"`
	MeanTokensUsed      float64        `json:"mean_tokens_used"`
	Truncated           int            `json:"truncated"`
	OverBudget          int            `json:"over_budget"`
}

// evalSettingsJSON says what each query was built under: the budget,
// then every knob eval takes, in the knob table's order, each named by
// the last part of its scenario key (pipeline.dedup_threshold is
// dedup_threshold). The knobs of another section sit in an object named
// after it ("rerank": {"initial_k": 20, ...}), null when the section's
// enabled knob is off.
func evalSettingsJSON(s core.Settings) jsonObject {
	out := jsonObject{{"budget", s.Budget.RetrievedContext}}
	sections := map[string]int{} // section name -> its field in out
	for _, k := range core.Knobs() {
		if !evalTakes(k) {
			continue
		}
		section, name, inSection := strings.Cut(k.Key, ".")
		if !inSection || section == "pipeline" {
			if !inSection {
				name = k.Key
			}
			out = append(out, jsonField{name, knobJSON(k, k.Get(s))})
			continue
		}
		at, seen := sections[section]
		if !seen {
			at = len(out)
			sections[section] = at
			out = append(out, jsonField{section, jsonObject{}})
		}
		if name == "enabled" {
			if !k.Get(s).Bool {
				out[at].Value = nil
			}
			continue
		}
		if obj, ok := out[at].Value.(jsonObject); ok {
			out[at].Value = append(obj, jsonField{name, knobJSON(k, k.Get(s))})
		}
	}
	return out
}

// knobJSON is a knob's value as JSON writes it: a number, true or false,
// a list or a text.
func knobJSON(k *core.Knob, v core.KnobValue) any {
	switch k.Kind {
	case core.KnobInt:
		return v.Int
	case core.KnobFloat:
		return v.Float
	case core.KnobBool:
		return v.Bool
	case core.KnobList:
		return nonNil(v.List)
	}
	return v.Text
}

// jsonObject is an object whose keys keep their order.
type jsonObject []jsonField

type jsonField struct {
	Key   string
	Value any
}

func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeEvalJSON(w io.Writer, set *evalrun.Set, rep *evalrun.Report) error {
	// As every JSON report, it writes the characters that could act on
	// a terminal as \u escapes (safetext.EscapeJSON): a query or
	// document id from a production log may carry them.
	return writeJSON(w, evalReportJSON(set, rep))
}

// evalReportJSON is the report `eval --format json` writes, each query's
// text as hold returns it.
func evalReportJSON(set *evalrun.Set, rep *evalrun.Report) any {
	queries := make([]evalQueryJSON, len(rep.Queries))
	for i := range rep.Queries {
		q := &rep.Queries[i]
		out := evalQueryJSON{
			QID: q.QID, Query: q.Query, Retrieved: q.Retrieved, Included: nonNil(q.Included), Sent: nonNil(q.Included[:q.Sent]), Cut: nonNil(q.Cut),
			RelevantRetrieved: q.RelevantRetrieved, RelevantInBlock: q.RelevantInBlock, RelevantSent: q.RelevantSent, RelevantInPart: q.RelevantInPart,
			RelevantLost: map[string][]string{}, Filtered: q.Filtered, DuplicatesRemoved: q.DuplicatesRemoved,
			TokensUsed: q.TokensUsed, TokensBudget: q.TokensBudget, Truncated: q.Truncated, OverBudget: q.OverBudget,
		}
		if q.HasRecall() {
			recall, block := q.ContextRecall(), q.BlockRecall()
			out.ContextRecall, out.BlockRecall = &recall, &block
		}
		for _, stage := range evalrun.LostStages {
			out.RelevantLost[stage.Key()] = nonNil(q.Lost[stage])
		}
		queries[i] = out
	}
	agg := rep.Aggregate
	aggOut := evalAggregateJSON{
		Queries: agg.Queries, Judged: set.Judged, QueriesWithRelevant: agg.QueriesWithRelevant, QueriesFullRecall: agg.QueriesFullRecall,
		RelevantRetrieved: agg.RelevantRetrieved, RelevantInBlock: agg.RelevantInBlock, RelevantSent: agg.RelevantSent, RelevantInPart: agg.RelevantInPart,
		RelevantLost: map[string]int{}, DocumentsRetrieved: agg.DocumentsRetrieved, DocumentsInBlock: agg.DocumentsInContext, DocumentsSent: agg.DocumentsSent,
		Filtered:          agg.Filtered,
		DuplicatesRemoved: agg.DuplicatesRemoved, TokensUsed: agg.TokensUsed, MeanTokensUsed: agg.MeanTokensUsed(),
		Truncated: agg.Truncated, OverBudget: agg.OverBudget,
	}
	if agg.QueriesWithRelevant > 0 {
		recall, block := agg.ContextRecall, agg.BlockRecall
		aggOut.ContextRecall, aggOut.BlockRecall = &recall, &block
	}
	for _, stage := range evalrun.LostStages {
		aggOut.RelevantLost[stage.Key()] = agg.RelevantLost[stage]
	}
	return struct {
		Settings  jsonObject        `json:"settings"`
		Queries   []evalQueryJSON   `json:"queries"`
		Aggregate evalAggregateJSON `json:"aggregate"`
	}{evalSettingsJSON(rep.Settings), queries, aggOut}
}

// nonNil writes an empty list as [] rather than null.
func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}
