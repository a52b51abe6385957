package fix_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// suggestFor evaluates a scenario and suggests its fixes.
func suggestFor(t *testing.T, sc *core.Scenario, s core.Settings) (core.EvalInput, *core.Evaluation, []fix.Fix) {
	t.Helper()
	in := core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}
	ev, err := core.Evaluate(context.Background(), in, s)
	if err != nil {
		t.Fatal(err)
	}
	fixes, err := fix.Suggest(context.Background(), in, ev)
	if err != nil {
		t.Fatal(err)
	}
	return in, ev, fixes
}

func sampleScenario(t testing.TB, name string) *core.Scenario {
	t.Helper()
	sc, err := scenario.LoadFS(sample.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func fixOfKind(fixes []fix.Fix, kind string) *fix.Fix {
	for i := range fixes {
		if fixes[i].Kind == kind {
			return &fixes[i]
		}
	}
	return nil
}

// checkPreviewIsExact re-evaluates a fix's flags-worth of changes and
// compares with its preview: the preview is the evaluation, not a guess.
func checkPreviewIsExact(t *testing.T, in core.EvalInput, ev *core.Evaluation, f fix.Fix) *core.Evaluation {
	t.Helper()
	s, err := fix.ApplyChanges(ev.Settings, f.Changes)
	if err != nil {
		t.Fatal(err)
	}
	after, err := core.Evaluate(context.Background(), in, s)
	if err != nil {
		t.Fatal(err)
	}
	p := f.Preview
	if p.UsedBefore != ev.Assembly.Used || p.UsedAfter != after.Assembly.Used || p.Fits != (after.Overflow == nil) ||
		p.MaxInputAfter != after.Assembly.MaxInput {
		t.Errorf("%s: preview %d → %d (fits %v, max input %d), evaluation %d → %d (overflow %v, max input %d)", f.Kind,
			p.UsedBefore, p.UsedAfter, p.Fits, p.MaxInputAfter, ev.Assembly.Used, after.Assembly.Used, after.Overflow, after.Assembly.MaxInput)
	}
	sum := 0
	for _, c := range p.Components {
		sum += c.UsedAfter
	}
	if sum != p.UsedAfter {
		t.Errorf("%s: the component lines add up to %d, not the total %d", f.Kind, sum, p.UsedAfter)
	}
	return after
}

// The overflow sample is measured as sent, 66,151 tokens in a 14,000
// max input: assembling within its allocations makes it fit, and the
// fixes that fit come first.
func TestSuggestFitsTheOverflowSample(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "overflow.yaml")
	in, ev, fixes := suggestFor(t, sc, sc.Settings)
	if ev.Overflow == nil || len(fixes) == 0 {
		t.Fatalf("overflow %v, %d fixes", ev.Overflow, len(fixes))
	}
	fit := fixOfKind(fixes, fix.FitAllocations)
	if fit == nil || !slices.Equal(fit.Flags, []string{"--mode", "budgeted"}) || !fit.Preview.Fits || fit.Preview.FitsBefore {
		t.Fatalf("no fit-allocations --mode budgeted that fits: %+v", fit)
	}
	first := *fit
	checkPreviewIsExact(t, in, ev, first)
	var toolResults core.ComponentDelta
	for _, c := range first.Preview.Components {
		if c.Name == window.ComponentToolResults {
			toolResults = c
		}
	}
	if toolResults.UsedBefore != 56_253 || toolResults.UsedAfter != 2_000 {
		t.Errorf("tool results %d → %d, want 56,253 → 2,000", toolResults.UsedBefore, toolResults.UsedAfter)
	}
	if !strings.Contains(first.Description, "cuts the tool results from 56,253 to 2,000 tokens") {
		t.Errorf("description does not say the largest cut: %s", first.Description)
	}
	for n, f := range fixes {
		if n > 0 && f.Preview.Fits && !fixes[n-1].Preview.Fits {
			t.Errorf("%s fits but is ranked after %s, which does not", f.Kind, fixes[n-1].Kind)
		}
		if !f.Preview.Fits && f.Preview.UsedAfter > f.Preview.UsedBefore {
			t.Errorf("%s adds %d tokens to a request already over", f.Kind, f.Preview.UsedAfter-f.Preview.UsedBefore)
		}
	}
}

// The bundled sample drops the current refund policy (#15, rank 2): one
// fix raises the retrieved context's allocation to the least that sends
// it, another budgets before reordering.
func TestSuggestRecoversTheStrongDocument(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat.yaml")
	in, ev, fixes := suggestFor(t, sc, sc.Settings)
	next := fixOfKind(fixes, fix.NextStrongDocument)
	if next == nil {
		t.Fatalf("no next-strong-document fix in %+v", fixes)
	}
	checkPreviewIsExact(t, in, ev, *next)
	var refund *core.DocumentChange
	for i, d := range next.Preview.Documents {
		if d.Index == 14 {
			refund = &next.Preview.Documents[i]
		}
	}
	if refund == nil || refund.Before != core.DocNotSent || refund.After != core.DocSent || refund.Source != "kb/returns/refund-policy.md" {
		t.Fatalf("#15 does not go from not sent to sent: %+v", refund)
	}
	// The least allocation: one token fewer does not send it.
	allocation := next.Changes[0].Value.Int
	less, err := fix.ApplyChanges(ev.Settings, []fix.KnobChange{{KnobID: "rag", Value: core.KnobValue{Int: allocation - 1}}})
	if err != nil {
		t.Fatal(err)
	}
	short, err := core.Evaluate(context.Background(), in, less)
	if err != nil {
		t.Fatal(err)
	}
	for i := range short.Build.Trace.Len() {
		d := short.Build.Trace.Doc(i)
		if d.Index == 14 && d.Fate == pipeline.FateIncluded && short.RAGSurvival[14] != core.SurvivedLost && short.RAGSurvival[14] != core.SurvivedCut {
			t.Errorf("--rag-budget %d already sends #15 whole; the fix asks for %d", allocation-1, allocation)
		}
	}
	if !strings.Contains(next.Description, "#15 kb/returns/refund-policy.md (rank 2, score 0.91)") {
		t.Errorf("description does not name the document: %s", next.Description)
	}

	first := fixOfKind(fixes, fix.BudgetBeforeReorder)
	if first == nil || !slices.Equal(first.Flags, []string{"--budget-before-reorder", "--budget-mode", "strict"}) || len(first.Preview.Documents) == 0 {
		t.Fatalf("no budget-before-reorder fix that changes documents: %+v", first)
	}
	checkPreviewIsExact(t, in, ev, *first)
	brought := false
	for _, d := range first.Preview.Documents {
		brought = brought || (d.Index == 14 && d.Before == core.DocNotSent && d.After == core.DocSent)
	}
	if !brought {
		t.Errorf("budgeting first does not send #15, the strongest lost document: %+v", first.Preview.Documents)
	}
	// The sentence counts as the list under it does.
	broughtIn, out := 0, 0
	for _, d := range first.Preview.Documents {
		switch d.Kind() {
		case core.ChangeIn:
			broughtIn++
		case core.ChangeOut:
			out++
		}
	}
	if want := strconv.Itoa(broughtIn) + " documents brought in, " + strconv.Itoa(out) + " dropped"; !strings.Contains(first.Description, want) {
		t.Errorf("description does not say %q: %s", want, first.Description)
	}
	// Both send #15 beside its stale copy #34, and each says so.
	for _, f := range []*fix.Fix{next, first} {
		if !strings.Contains(f.Description, "It leaves a contradiction sent: #34 kb/archive/2025/refund-policy-v3.md and #15") {
			t.Errorf("%s does not say it sends both policies: %s", f.Kind, f.Description)
		}
	}
	// Neither overflows or fits anew: the one clearing the most warnings
	// less those it raises leads, then the cheapest.
	for n := 1; n < len(fixes); n++ {
		a, b := fixes[n-1].Preview, fixes[n].Preview
		ra, rb := a.WarningsGone()-a.NewWarnings(), b.WarningsGone()-b.NewWarnings()
		if ra < rb || ra == rb && a.TokensSaved() < b.TokensSaved() {
			t.Errorf("ranked %s (%+d warnings, %d tokens saved) before %s (%+d, %d)", fixes[n-1].Kind, ra, a.TokensSaved(), fixes[n].Kind, rb, b.TokensSaved())
		}
	}
}

// The sample sends #34, the archived refund policy, in place of #15, the
// current one. The fix for that finding lowers the dedup threshold to
// the pair's similarity, so #34 is removed as #15's near duplicate, and
// budgets first, so #15 is sent: the finding goes, and no contradiction
// is sent.
func TestSuggestRemovesTheWeakerCopy(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat.yaml")
	in, ev, fixes := suggestFor(t, sc, sc.Settings)
	pair := fixOfKind(fixes, fix.DedupPair)
	if pair == nil {
		t.Fatalf("no dedup-pair fix in %+v", fixes)
	}
	after := checkPreviewIsExact(t, in, ev, *pair)
	similarity := ev.Analysis.Similarity(14, 33, ev.Settings.Pipeline.ShingleSize)
	threshold := pair.Changes[0].Value.Float
	if pair.Changes[0].KnobID != "dedup" || threshold > similarity || similarity-threshold >= 0.01 {
		t.Errorf("threshold %v for a similarity of %v: want the knob's step at or just below it", threshold, similarity)
	}
	if d := after.Build.Trace.Doc(33).Duplicate; d == nil || d.Of != 14 {
		t.Errorf("#34 is not removed as #15's duplicate: %+v", d)
	}
	if !slices.Contains(pair.Flags, "--budget-before-reorder") {
		t.Errorf("flags %v do not budget first, so #15 would stay dropped", pair.Flags)
	}
	weaker := ev.Findings[0]
	if weaker.Code != diagnose.CodeWeakerCopySent || !pair.Preview.Clears(weaker) {
		t.Errorf("the fix does not clear %s: gone %v", weaker.Code, pair.Preview.FindingsGone)
	}
	for _, f := range pair.Preview.FindingsAppeared {
		if f.Code == diagnose.CodeConflictingTextsSent {
			t.Errorf("the fix sends a contradiction: %s", f.Message)
		}
	}
	ranked, n := fix.ForFinding(fixes, weaker)
	if n == 0 || ranked[0].Kind != fix.DedupPair {
		t.Errorf("for the weaker copy, %d fixes address it and %s comes first", n, ranked[0].Kind)
	}
}

// smallRequest is a request with no documents: a system prompt, a long
// tool result and a query, for the reserve and allocation fixes.
func smallRequest(toolWords int) (*core.Scenario, core.Settings) {
	s := core.DefaultSettings()
	s.Query = "What happened to my order?"
	sc := &core.Scenario{
		SystemPrompt: "You are a support assistant.",
		ToolResults:  []window.ToolResult{{Name: "lookup", Content: testtext.Words(toolWords, "event")}},
		Settings:     s,
	}
	return sc, s
}

// Measured as sent with a window barely above its reserve, the request
// fits once the reserve is what the window leaves beside it.
func TestSuggestLowersTheReserve(t *testing.T) {
	sc, s := smallRequest(200)
	s.Mode = window.MeasureOnly
	s.Budget.TotalWindow, s.Budget.ResponseReserve = 2_100, 2_000
	in, ev, fixes := suggestFor(t, sc, s)
	if ev.Overflow == nil {
		t.Fatalf("the request fits: %d of %d", ev.Assembly.Used, ev.Assembly.MaxInput)
	}
	reserve := fixOfKind(fixes, fix.Reserve)
	if reserve == nil {
		t.Fatalf("no reserve fix in %+v", fixes)
	}
	want := 2_100 - ev.Assembly.Used
	if reserve.Changes[0].Value.Int != want || !slices.Equal(reserve.Flags, []string{"--reserve", itoa(want)}) {
		t.Errorf("reserve fix %q, want --reserve %d", reserve.Flags, want)
	}
	after := checkPreviewIsExact(t, in, ev, *reserve)
	if after.Overflow != nil || reserve.Preview.TokensSaved() != 0 {
		t.Errorf("the reserve fix does not fit or changes what is sent: %v, saved %d", after.Overflow, reserve.Preview.TokensSaved())
	}
}

// Budgeted with allocations that fill the max input, the headings and
// framing push the request over: lowering the largest component's
// allocation by the excess makes it fit.
func TestSuggestShrinksTheLargestComponent(t *testing.T) {
	sc, s := smallRequest(3_000)
	s.Budget = window.ContextBudget{TotalWindow: 3_000, SystemPrompt: 10, ToolDefinitions: 0, ConversationHistory: 0,
		RetrievedContext: 0, ToolResults: 2_580, UserQuery: 10, ResponseReserve: 400}
	in, ev, fixes := suggestFor(t, sc, s)
	if ev.Overflow == nil {
		t.Fatalf("the request fits: %d of %d", ev.Assembly.Used, ev.Assembly.MaxInput)
	}
	shrink := fixOfKind(fixes, fix.ShrinkLargest)
	if shrink == nil || shrink.Changes[0].KnobID != "tool-results" {
		t.Fatalf("no shrink fix on the tool results in %+v", fixes)
	}
	excess := ev.Overflow.Total - ev.Overflow.MaxInput
	if got := shrink.Changes[0].Value.Int; got != 2_580-excess {
		t.Errorf("tool results lowered to %d, want %d (2,580 less the %d over)", got, 2_580-excess, excess)
	}
	checkPreviewIsExact(t, in, ev, *shrink)
	if !shrink.Preview.Fits || !fixes[0].Preview.Fits {
		t.Errorf("shrink fits %v; first fix %s fits %v", shrink.Preview.Fits, fixes[0].Kind, fixes[0].Preview.Fits)
	}
	fit := fixOfKind(fixes, fix.FitAllocations)
	if fit == nil || !fit.Preview.Fits {
		t.Errorf("no fit-allocations fix that fits: %+v", fit)
	}
}

// A cut component with room in the max input gets what it needs.
func TestSuggestRaisesACutComponentWithRoom(t *testing.T) {
	sc, s := smallRequest(600)
	s.Budget.ToolResults = 200
	in, ev, fixes := suggestFor(t, sc, s)
	raise := fixOfKind(fixes, fix.RaiseCut)
	if raise == nil {
		t.Fatalf("no raise fix in %+v", fixes)
	}
	tr, _ := ev.Assembly.Component(window.ComponentToolResults)
	if raise.Changes[0].KnobID != "tool-results" || raise.Changes[0].Value.Int != tr.Raw {
		t.Errorf("raise %+v, want tool-results to %d", raise.Changes, tr.Raw)
	}
	after := checkPreviewIsExact(t, in, ev, *raise)
	if got, _ := after.Assembly.Component(window.ComponentToolResults); got.Truncated || !raise.Preview.Fits {
		t.Errorf("tool results still cut (%+v) or the request no longer fits", got)
	}
}

// A request that fits with nothing cut or lost needs no fix.
func TestSuggestNothingForAFittingRequest(t *testing.T) {
	sc, s := smallRequest(20)
	_, _, fixes := suggestFor(t, sc, s)
	if len(fixes) != 0 {
		t.Errorf("fixes for a request with nothing wrong: %+v", fixes)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Allocations larger than the window are measured as sent instead (the
// workbench's case; assemble refuses them): the fit scales them down so
// the budgeted assembly applies again and fits.
func TestSuggestScalesAllocationsOverTheWindow(t *testing.T) {
	sc, s := smallRequest(3_000)
	s.Budget.TotalWindow, s.Budget.ResponseReserve = 3_000, 500
	in, ev, fixes := suggestFor(t, sc, s)
	if ev.BudgetProblem == nil {
		t.Fatalf("allocations %d fit the %d max input", s.Budget.Allocated(), s.Budget.MaxInput())
	}
	fit := fixOfKind(fixes, fix.FitAllocations)
	if fit == nil {
		t.Fatalf("no fit-allocations fix in %+v", fixes)
	}
	after := checkPreviewIsExact(t, in, ev, *fit)
	if after.BudgetProblem != nil || after.Overflow != nil || after.Settings.Budget.Allocated() > after.Settings.Budget.MaxInput() {
		t.Errorf("after the fit: budget problem %v, overflow %v, %d allocated of %d", after.BudgetProblem, after.Overflow,
			after.Settings.Budget.Allocated(), after.Settings.Budget.MaxInput())
	}
	if !strings.Contains(fit.Description, "Scale the allocations down to fit the 2,500-token max input") {
		t.Errorf("description: %s", fit.Description)
	}
	for _, c := range fit.Changes {
		if c.KnobID == "system" && c.Value.Int >= s.Budget.SystemPrompt {
			t.Errorf("the system prompt's allocation was not lowered to its use: %d", c.Value.Int)
		}
	}
}

// The article's RAG builder drops by score order: the fix raises its
// allocation to send the strongest document it dropped.
func TestSuggestNextDocumentUnderTheSimpleRAGBuilder(t *testing.T) {
	sc := sampleScenario(t, "support_chat.yaml")
	s := sc.Settings
	s.Builder = core.BuilderSimpleRAG
	s.RAGTopK = len(sc.Documents) // every document reaches the builder
	in, ev, fixes := suggestFor(t, sc, s)
	next := fixOfKind(fixes, fix.NextStrongDocument)
	if next == nil {
		t.Fatalf("no next-strong-document fix in %+v", fixes)
	}
	checkPreviewIsExact(t, in, ev, *next)
	if next.Preview.DocumentsGained() < 1 || next.Preview.Documents[0].Before != core.DocNotSent || next.Preview.Documents[0].After != core.DocSent {
		t.Errorf("the fix does not send a document it dropped: %+v", next.Preview.Documents)
	}
	if fixOfKind(fixes, fix.BudgetBeforeReorder) != nil {
		t.Error("budget before reordering offered for a builder that does not reorder")
	}
}

// A document not sent either way is no change of fate: the words say it
// is still not sent, and which stage leaves it out now.
func TestTransitionAmongNotSentStages(t *testing.T) {
	for _, tc := range []struct {
		d    core.DocumentChange
		want string
	}{
		{core.DocumentChange{Before: core.DocNotSent, After: core.DocNotSent, StageBefore: "included", StageAfter: "excluded"},
			"still not sent (now left out by the budget instead of the assembler)"},
		{core.DocumentChange{Before: core.DocNotSent, After: core.DocNotSent, StageBefore: "excluded", StageAfter: "duplicate"},
			"still not sent (now left out by deduplication instead of the budget)"},
		{core.DocumentChange{Before: core.DocSent, After: core.DocNotSent, StageBefore: "included", StageAfter: "excluded"}, "sent → not sent"},
	} {
		if got := tc.d.Transition(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.d, got, tc.want)
		}
	}
}

// One arXiv paper sent as its abstract and its HTML page: the fix
// deduplicates by URL, and the finding goes.
func TestSuggestDedupByURL(t *testing.T) {
	s := core.DefaultSettings()
	s.Query = "context windows"
	sc := &core.Scenario{Settings: s, Documents: []value.Document{
		{Source: "https://arxiv.org/abs/2507.13043", Score: 0.9, Content: testtext.Words(60, "abstract")},
		{Source: "https://arxiv.org/html/2507.13043v1", Score: 0.8, Content: testtext.Words(80, "paper")},
	}}
	_, ev, fixes := suggestFor(t, sc, s)
	fix := fixOfKind(fixes, fix.DedupURL)
	if fix == nil || !slices.Equal(fix.Flags, []string{"--dedup-key", "url"}) {
		t.Fatalf("no --dedup-key url fix in %+v (findings %+v)", fixes, ev.Findings)
	}
	var same *diagnose.Finding
	for i := range ev.Findings {
		if ev.Findings[i].Code == diagnose.CodeSameSourceSent {
			same = &ev.Findings[i]
		}
	}
	if same == nil || !fix.Preview.Clears(*same) {
		t.Errorf("the fix does not clear the same-source finding: %+v", fix.Preview.FindingsGone)
	}
}
