// Package report is what the shareable reports say, as plain data: the
// verdict, the window and its components, the stage funnel and the
// documents, the findings with their fixes, what takes the space, a
// comparison with a baseline and an eval run. The cli fills it from an
// evaluation; its sub-packages html and markdown write it out, each
// escaping every text that came from input.
package report

// Severity ranks a finding: "error", "warning" or "info".
type Severity string

// Report is one report. A section whose field is empty (nil, zero
// length) is left out.
type Report struct {
	// Command names what made the report: "assemble", "build", "eval",
	// "diff" or "report".
	Command string
	// Title names the input ("bundled sample (sample.yaml) · Support
	// bot"); Settings are the settings it was assembled with, in words.
	Title string
	// Source is the input's path, shown under a Title that names it in
	// words; "" when the Title is the path.
	Source   string
	Settings []string
	Notes    []string
	Verdict  Verdict
	Window   *Window
	// Components are the budget's lines, in the request's order.
	Components []Component
	// Funnel is the pipeline's stages, input first.
	Funnel    []Stage
	Documents []Document
	// FindingsChecked says the findings were computed: none is then
	// said as "no findings" rather than left out.
	FindingsChecked bool
	Findings        []Finding
	// FixesAsked says fixes were computed; Fixes are all of them, best
	// first (each finding also lists those that clear it).
	FixesAsked bool
	Fixes      []Fix
	// Alternatives say which fixes are one choice (each settles the same
	// problem, or they set the same setting): apply one of them.
	// Combos are fixes measured together on the request.
	Alternatives []string
	Combos       []FixCombo
	// Space ranks what takes the space, largest first; SpaceOf says
	// of what the shares are.
	Space   []SpaceItem
	SpaceOf string
	// Cost is the request at its model's list price, in the lines
	// assemble's Cost section prints; nil when the report prices nothing.
	Cost       *Cost
	Comparison *Comparison
	Eval       *Eval
	// Trajectory is an agent's trajectory replayed under trim policies.
	Trajectory *Trajectory
}

// Verdict is the report's first words: whether the request fits, and the
// worst finding.
type Verdict struct {
	// OK is true when nothing stops the request being sent as it is.
	OK   bool
	Line string
	// Impact says what the worst finding means for the answers, in a
	// stakeholder's words (Impact); "" when there is nothing to say.
	Impact string
	// Worst is the worst finding's sentence, "" when there is none.
	Worst         string
	WorstSeverity Severity
	// Choice says what to change when the choice is a trade-off (a
	// trajectory's trim policies); "" when there is none to weigh.
	Choice string
	// Largest says what dominates an overflowing request and how it
	// opens (from input: render it escaped); "" when it fits.
	Largest string
	// Cost says what the request costs as it is, or that it is refused,
	// and what the best fix brings it to where that is measured; "" when
	// the model's price is unknown.
	Cost string
}

// Cost is the request priced: Heading says at whose price, from which
// source and of which date; Lines are the figures (per request, per
// 1,000, the cached prefix, the reply at most), none when unknown.
type Cost struct {
	Heading string
	Lines   []string
}

// Window is the request against its window.
type Window struct {
	Window, Reserve, MaxInput, Used int
	// Utilization is Used over MaxInput, from 0 to 1 and more.
	Utilization float64
	Fits        bool
}

// Component is one line of the budget.
type Component struct {
	Name string
	// Allocated is meaningless when HasAllocation is false (message
	// framing, labels).
	Allocated     int
	HasAllocation bool
	Raw, Used     int
	Cut           bool
	// Over is how far Used is over Allocated, 0 when within.
	Over int
	Note string
	// Reserve is true for the reply's reserve: room kept, not input.
	Reserve bool
}

// Stage is one stage of the funnel: how many documents are left after
// it, and how many it removed.
type Stage struct {
	Name    string
	Left    int
	Removed int
	// Words says what the stage did, in a few words.
	Words string
}

// Document is one input document's fate. A duplicate follows the
// document it duplicates.
type Document struct {
	// Number is the document's 1-based input number (#3).
	Number int
	Source string
	Score  string
	Tokens int
	// Kept is the tokens of it in the context.
	Kept int
	// Fate is the builder's word (included, partial, duplicate, ...) and
	// Glyph its sign, readable without colour.
	Fate  string
	Glyph string
	// Why says why it met that fate, "" when it reached the context.
	Why string
	// DuplicateOf is the original's number for a duplicate, 0
	// otherwise; Similarity is their similarity then.
	DuplicateOf int
	Similarity  string
	// Cut is true when only part of it reached the context.
	Cut bool
}

// Finding is one finding, with the fixes that clear it.
type Finding struct {
	Severity Severity
	Code     string
	Message  string
	// About names the rows it is about (#3, retrieved context, ...).
	About []string
	// Fixes are the numbers of the fixes (Report.Fixes, from 1) that
	// clear it.
	Fixes []int
}

// Fix is one suggested change of settings.
type Fix struct {
	Number      int
	Description string
	// Effect is the request's tokens before and after, and whether it
	// fits then.
	Effect string
	Fits   bool
	// Flags apply it, added to the same command.
	Flags string
	// Clears names the findings it clears; Raises those it brings.
	Clears []string
	Raises []string
	// Class says what it does for the request and Words say it, with a
	// fit that leaves no margin flagged (FixFacts.Words).
	Class    FixClass
	Words    string
	NoMargin bool
	// SendsSameIf is set on a fix that changes nothing sent (a window
	// measured as the model's own): the condition under which nothing
	// needs to change, "your deployment really has gpt-4o's full
	// 128,000-token window".
	SendsSameIf string
}

// SpaceItem is one thing that takes room in the request.
type SpaceItem struct {
	Rank   int
	What   string
	Kind   string
	Tokens int
	// Share is of the max input (of the window when the reserve leaves
	// no input room), from 0 to 1 and more; ShareText prints it.
	Share     float64
	ShareText string
	Note      string
}

// Comparison is the request compared with a baseline.
type Comparison struct {
	Baseline, Current string
	Input             string
	// Same is true when nothing differs.
	Same     bool
	Settings []SettingChange
	// Inputs are the inputs the two sides hold differently, when each
	// side is its own scenario.
	Inputs      []InputChange
	Request     string
	Utilization string
	Cost        string
	Components  []ComponentChange
	Documents   []DocumentChange
	Appeared    []Finding
	Gone        []Finding
}

// InputChange is one input two compared scenarios hold differently:
// what ("system prompt") and its size on both sides in words.
type InputChange struct {
	What, Words string
}

// SettingChange is one setting turned from the baseline.
type SettingChange struct {
	Label, Flag, Before, After string
}

// ComponentChange is one component's tokens, before and after.
type ComponentChange struct {
	Name             string
	Before, After    int
	Change           string
	AllocationChange string
}

// DocumentChange is one document whose fate or place changed.
type DocumentChange struct {
	Kind   string
	Number int
	Source string
	Score  string
	Words  string
}

// Eval is a retrieval run evaluated.
type Eval struct {
	Run     string
	Summary string
	// Aggregate are the run's figures, as label and value.
	Aggregate []Figure
	Judged    bool
	Queries   []Query
	// Change says what to change, measured: the setting a reader can
	// turn that raises context recall most; "" when not measured.
	Change string
	// BlockRecall is true when the assembler cut the blocks, so a
	// query's recall in the block differs from its recall as sent.
	BlockRecall bool
}

// QueriesOpen is how many queries the per-query table shows unfolded.
const QueriesOpen = 30

// Figure is one labelled figure.
type Figure struct {
	Label, Value string
}

// Query is one query of an eval run.
type Query struct {
	QID    string
	Recall string
	// BlockRecall is the recall in the pipeline's block, before the
	// assembler's cut (Eval.BlockRecall).
	BlockRecall string
	Relevant    string
	InContext   string
	Duplicates  int
	Tokens      int
	Lost        string
}

// Trajectory is an agent's conversation, turn by turn, as sent and
// under each trim policy.
type Trajectory struct {
	Name, Model string
	Window      int
	// WindowSet is true when Window is the one the user set (--window)
	// rather than the model's or the turns' own; ModelWindow is the
	// model's own window, 0 when the model is not known.
	WindowSet   bool
	ModelWindow int
	// Components names the parts of a turn in the order the timeline
	// stacks them.
	Components []string
	Turns      []TrajectoryTurn
	// FirstOverflow is the first turn over the window as sent, 0 when
	// none is.
	FirstOverflow int
	// Cache says whose cache rules applied; Prices which price.
	Cache, Prices string
	Policies      []TrajectoryPolicy
	// Refused says, when a policy overflows, that its refused turns are
	// priced at $0; "" when none does.
	Refused string
	// Recorded prices the usage the provider recorded beside the as-sent
	// prediction, and says when the cache was warm before the
	// trajectory; "" when no turn recorded its usage.
	Recorded string
}

// TrajectoryTurn is one request of the conversation, as sent.
type TrajectoryTurn struct {
	Turn  int
	Label string
	Input int
	// Parts are the input's tokens by component, in Trajectory's
	// Components order (0 where a component is absent); empty when the
	// turn was only measured whole.
	Parts   []int
	Reserve int
	// Cached is the prefix the cache serves as sent (the first policy's
	// prediction when as-sent was not replayed).
	Cached int
	// RecordedCached is the cache reads the provider recorded for the
	// turn, when HasRecorded.
	RecordedCached int
	HasRecorded    bool
	Over           bool
	// Newest is the opening of the turn's last message, "role: text".
	Newest string
}

// TrajectoryPolicy is one trim policy over every turn.
type TrajectoryPolicy struct {
	Name, Label   string
	OverflowTurns int
	FirstOverflow int
	Peak, Input   int
	// CachedShare is the share of input read from the cache, "43%".
	CachedShare   string
	Cost, Per1000 string
	Removed       string
	// CostUSD ranks the policies by cost when PriceKnown; RemovedTokens
	// by what they take out of a turn at most.
	CostUSD         float64
	PriceKnown      bool
	RemovedTokens   int
	RemovedMessages int
}

// FixCombo is two fixes applied together and measured on the request.
type FixCombo struct {
	Numbers []int
	// Flags apply both; Effect is the request's tokens then; Words say
	// what the pair clears that the first fix alone does not.
	Flags  string
	Effect string
	Fits   bool
	Words  string
}
