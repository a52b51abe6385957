package cli

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"

	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/trajectory"
	"ctxlab/core/window"
	"ctxlab/internal/csvcell"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/internal/sparkline"
	"ctxlab/loaders/request"
	loadtraj "ctxlab/loaders/trajectory"
)

const replayUsage = `
ctxlab replay replays an agent's trajectory, the requests of one
conversation turn by turn, under trim policies, and prices what each does
to the prompt cache. Each turn is measured as ctxlab assemble --request
measures it. A turn whose input plus the reserve exceeds the window is
refused: it caches and costs nothing. Exit 3 when a turn overflows under
the first policy given (with all, as-sent).

A trajectory is a VCR cassette (every chat interaction, in order), a JSON
array of chat request bodies or a folder of them, or one conversation
given whole (a request body or a message list: each assistant message was
one request made of the messages before it), or an OTLP JSON traces file:
the LLM spans of one trace in time order, each span's usage the recorded
bill (--trace-id ID chooses the trace of a file of several; ctxlab traces
FILE lists them; --logs FILE holds the messages the official OpenTelemetry
instrumentations write to logs).

Policies: as-sent, last:N, drop-oldest, watermark:HIGH/LOW, compact:MARK,
clear-tool-results:KEEP, or all (each with its defaults, as-sent first).
compact's summaries are extractive (offline) unless --summarizer llm asks
an OpenAI-compatible endpoint to write them; a failed call falls back to
the extractive summary and is reported on stderr.

Usage:
  ctxlab replay --trajectory FILE|DIR|- [--policy NAME[,NAME...]|all]
                [--trace-id ID] [--logs FILE]
                [--window N] [--reserve N] [--model NAME] [--prices FILE]
                [--breakpoints system+last|system|none] [--cache-ttl 5m|1h]
                [--format text|json|csv|markdown]
                [--summarizer extractive|llm] [--llm-base-url URL] [--llm-model NAME] ...
`

type replayFlags struct {
	path, policy, model, format, breakpoints, ttl string
	trace                                         traceFlags
	window, reserve                               int
	prices                                        pricesFlag
	llm                                           llmFlags
}

func runReplay(env Env, args []string) error {
	var f replayFlags
	fs := newFlagSet(env, "replay", replayUsage)
	fs.StringVar(&f.path, "trajectory", "", "the trajectory: a VCR cassette, a JSON array of request bodies, a folder of them, or one conversation (- reads stdin)")
	f.trace.register(fs)
	fs.StringVar(&f.policy, "policy", "all", "trim policies, comma-separated, or all")
	fs.IntVar(&f.window, "window", 0, core.KnobByID("window").Help+" (default: the model's)")
	fs.IntVar(&f.reserve, "reserve", 0, core.KnobByID("reserve").Help+" (default: each request's max_tokens or max_completion_tokens, else ctxlab's default)")
	fs.StringVar(&f.model, "model", "", core.KnobByID(core.KnobIDModel).Help+" (default: the requests'; it also picks the price and the cache rules)")
	fs.StringVar(&f.breakpoints, "breakpoints", trajectory.BreakpointsSystemLast, "Anthropic cache_control breakpoints: system+last, system or none")
	fs.StringVar(&f.ttl, "cache-ttl", "5m", "Anthropic cache lifetime whose write price applies: 5m or 1h")
	fs.StringVar(&f.format, "format", "text", "output: text, json, csv or markdown (a summary for a CI job or pull request)")
	f.prices.register(fs)
	f.llm.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case f.format != "text" && f.format != "json" && f.format != "csv" && f.format != "markdown":
		return fmt.Errorf("--format %s: expected text, json, csv or markdown", quoted(f.format))
	}
	rp, err := f.replay(env, fs)
	if err != nil {
		return err
	}
	tr, rep, opts, priceName, table, summarizer := rp.tr, rp.rep, rp.opts, rp.priceName, rp.table, rp.summarizer
	switch f.format {
	case "json":
		out := replayJSONOf(rep)
		out.Summarizer = summarizer
		err = writeJSON(env.Stdout, out)
	case "csv":
		err = writeReplayCSV(env.Stdout, rep)
	case "markdown":
		r := &rpt.Report{Command: "replay", Title: tr.Name, Trajectory: trajectoryModel(rp)}
		r.Verdict = trajectoryVerdict(r.Trajectory)
		err = writeMarkdown(env.Stdout, r)
	default:
		summaries := ""
		if summarizer != nil {
			summaries = summarizer.Label
		}
		writeReplayText(env.Stdout, tr, rep, opts, priceName, table, summaries)
	}
	if err != nil {
		return err
	}
	if first := rep.Policies[0]; first.OverflowTurns > 0 {
		return &exitError{code: ExitOverflow, msg: fmt.Sprintf("%s: %s over the window under %s, the first at turn %s",
			safetext.Line(f.path), numfmt.Count(first.OverflowTurns, "turn is", "turns are"), first.Name, numfmt.Thousands(first.FirstOverflow))}
	}
	return nil
}

// replayJSON is the JSON report: the turns as sent, then each policy.
type replayJSON struct {
	Window int `json:"window"`
	// Summarizer is the model that wrote compaction's summaries, when
	// one did.
	Summarizer *summarizerJSON    `json:"summarizer,omitempty"`
	Turns      []replayTurnJSON   `json:"turns"`
	Policies   []replayPolicyJSON `json:"policies"`
	// Recorded is the turns' recorded usage, priced as the policies
	// are; absent when no turn recorded one.
	Recorded *replayRecordedJSON `json:"recorded,omitempty"`
}

type replayRecordedJSON struct {
	Turns        int      `json:"turns"`
	TurnsOf      int      `json:"turns_of"`
	InputTokens  int      `json:"input_tokens"`
	CachedTokens int      `json:"cached_tokens"`
	CacheWrites  int      `json:"cache_write_tokens"`
	CostUSD      *float64 `json:"cost_usd"`
	Per1000USD   *float64 `json:"per_1000_usd"`
	WarmTurn     int      `json:"warm_turn,omitempty"`
	WarmTokens   int      `json:"warm_cached_tokens,omitempty"`
	WarmBound    *int     `json:"warm_bound_tokens,omitempty"`
	// Warm says in words why a warm turn's reads exceed the prediction.
	Warm string `json:"warm,omitempty"`
}

type replayTurnJSON struct {
	Turn        int                    `json:"turn"`
	Label       string                 `json:"label"`
	InputTokens int                    `json:"input_tokens"`
	Reserve     int                    `json:"reserve"`
	Components  []trajectory.Component `json:"components"`
	OverWindow  bool                   `json:"over_window"`
	Recorded    *trajectory.Recorded   `json:"recorded,omitempty"`
}

type replayPolicyJSON struct {
	Name            string                 `json:"name"`
	OverflowTurns   int                    `json:"overflow_turns"`
	FirstOverflow   int                    `json:"first_overflow,omitempty"`
	PeakTokens      int                    `json:"peak_tokens"`
	InputTokens     int                    `json:"input_tokens"`
	CachedTokens    int                    `json:"cached_tokens"`
	CacheWrites     int                    `json:"cache_write_tokens"`
	CostUSD         *float64               `json:"cost_usd"`
	Per1000USD      *float64               `json:"per_1000_usd"`
	TurnsTrimmed    int                    `json:"turns_trimmed"`
	RemovedMessages int                    `json:"removed_messages_max"`
	RemovedTokens   int                    `json:"removed_tokens_max"`
	Turns           []replayPolicyTurnJSON `json:"turns"`
}

type replayPolicyTurnJSON struct {
	Turn          int      `json:"turn"`
	InputTokens   int      `json:"input_tokens"`
	CachedTokens  int      `json:"cached_tokens"`
	CacheWrites   int      `json:"cache_write_tokens"`
	OverWindow    bool     `json:"over_window"`
	Removed       int      `json:"removed"`
	RemovedTokens int      `json:"removed_tokens"`
	CostUSD       *float64 `json:"cost_usd"`
	// Recorded, on the as-sent policy's turns, is what the provider
	// recorded for the turn, beside the prediction.
	Recorded *trajectory.Recorded `json:"recorded,omitempty"`
}

func dollarsJSON(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	r := math.Round(v*1e6) / 1e6
	return &r
}

func replayJSONOf(rep *trajectory.Report) replayJSON {
	out := replayJSON{Window: rep.Window, Turns: []replayTurnJSON{}, Policies: []replayPolicyJSON{}}
	for _, t := range rep.Turns {
		out.Turns = append(out.Turns, replayTurnJSON{Turn: t.Turn, Label: t.Label, InputTokens: t.InputTokens, Reserve: t.Reserve,
			Components: t.Components, OverWindow: t.OverWindow, Recorded: t.Recorded})
	}
	for _, p := range rep.Policies {
		pj := replayPolicyJSON{Name: p.Name, OverflowTurns: p.OverflowTurns, FirstOverflow: p.FirstOverflow, PeakTokens: p.PeakTokens,
			InputTokens: p.InputTokens, CachedTokens: p.CachedTokens, CacheWrites: p.CacheWrites,
			CostUSD: dollarsJSON(p.CostUSD), Per1000USD: dollarsJSON(p.Per1000USD), TurnsTrimmed: p.TurnsTrimmed,
			RemovedMessages: p.RemovedMessages, RemovedTokens: p.RemovedTokens}
		for i, t := range p.Turns {
			tj := replayPolicyTurnJSON{Turn: t.Turn, InputTokens: t.InputTokens, CachedTokens: t.CachedTokens,
				CacheWrites: t.CacheWrites, OverWindow: t.OverWindow, Removed: t.Removed, RemovedTokens: t.RemovedTokens, CostUSD: dollarsJSON(t.CostUSD)}
			if p.Policy().Kind == trajectory.KindAsSent && i < len(rep.Turns) {
				tj.Recorded = rep.Turns[i].Recorded
			}
			pj.Turns = append(pj.Turns, tj)
		}
		out.Policies = append(out.Policies, pj)
	}
	if b := rep.Recorded; b != nil {
		rj := &replayRecordedJSON{Turns: b.Turns, TurnsOf: b.TurnsOf, InputTokens: b.InputTokens, CachedTokens: b.CachedTokens,
			CacheWrites: b.CacheWrites, CostUSD: dollarsJSON(b.CostUSD), Per1000USD: dollarsJSON(b.Per1000USD), Warm: warmCacheLine(b)}
		if b.WarmTurn > 0 {
			bound := b.WarmBound
			rj.WarmTurn, rj.WarmTokens, rj.WarmBound = b.WarmTurn, b.WarmTokens, &bound
		}
		out.Recorded = rj
	}
	return out
}

// recordedLine is the side-by-side line of the recorded usage: "as
// recorded: 84% cached, $3.41 per 1,000 trajectories", with the turns
// recorded when not every turn was.
func recordedLine(b *trajectory.RecordedBill) string {
	s := fmt.Sprintf("as recorded: %s cached, %s per 1,000 trajectories", percent(b.CachedShare()), numfmt.Dollars(b.Per1000USD))
	if b.Turns < b.TurnsOf {
		s += fmt.Sprintf(" (%s of %s recorded)", numfmt.Thousands(b.Turns), numfmt.Count(b.TurnsOf, "turn", "turns"))
	}
	return s
}

// warmCacheLine says, when the recording read more from the cache than
// the trajectory could have written to it, that the cache was warm
// before the trajectory began; "" when no turn did.
func warmCacheLine(b *trajectory.RecordedBill) string {
	if b == nil || b.WarmTurn == 0 {
		return ""
	}
	return fmt.Sprintf("The recording read %s tokens from the cache at turn %s, more than the trajectory could have written before it (%s): the cache was warm from before the trajectory, and the predictions start cold.",
		numfmt.Thousands(b.WarmTokens), numfmt.Thousands(b.WarmTurn), numfmt.Thousands(b.WarmBound))
}

// writeReplayCSV writes one row per policy and turn.
func writeReplayCSV(w io.Writer, rep *trajectory.Report) error {
	cw := csvcell.NewWriter(w)
	_ = cw.Write([]string{"policy", "turn", "input_tokens", "cached_tokens", "cache_write_tokens", "over_window", "removed", "removed_tokens", "cost_usd"})
	for _, p := range rep.Policies {
		for _, t := range p.Turns {
			cost := ""
			if c := dollarsJSON(t.CostUSD); c != nil {
				cost = strconv.FormatFloat(*c, 'f', -1, 64)
			}
			_ = cw.Write([]string{p.Name, strconv.Itoa(t.Turn), strconv.Itoa(t.InputTokens), strconv.Itoa(t.CachedTokens),
				strconv.Itoa(t.CacheWrites), strconv.FormatBool(t.OverWindow), strconv.Itoa(t.Removed), strconv.Itoa(t.RemovedTokens), cost})
		}
	}
	cw.Flush()
	return cw.Error()
}

// chartWidth is the most cells the tokens-per-turn chart takes.
const chartWidth = 60

// writeReplayText writes the text report; summaries names the model
// that wrote compaction's summaries, "" for the extractive summarizer.
func writeReplayText(w io.Writer, tr *trajectory.Trajectory, rep *trajectory.Report, opts trajectory.Options, priceName string, table tokens.PriceTable, summaries string) {
	model := tr.Model
	if model == "" {
		model = "no model"
	}
	fmt.Fprintf(w, "Trajectory %s: %s, %s, window %s\n", safetext.Line(tr.Name), numfmt.Count(len(rep.Turns), "turn", "turns"),
		safetext.Line(model), numfmt.Thousands(rep.Window))
	if len(rep.Turns) == 0 {
		return
	}
	values := make([]float64, len(rep.Turns))
	firstOver := 0
	for i, t := range rep.Turns {
		values[i] = float64(t.InputTokens)
		if t.OverWindow && firstOver == 0 {
			firstOver = t.Turn
		}
	}
	cells, _ := sparkline.Resample(values, chartWidth)
	fmt.Fprintf(w, "Tokens per turn, as sent: %s  %s to %s\n", string(sparkline.Bars(cells)),
		numfmt.Thousands(rep.Turns[0].InputTokens), numfmt.Thousands(rep.Turns[len(rep.Turns)-1].InputTokens))
	if firstOver > 0 {
		fmt.Fprintf(w, "First turn over the window: %s\n", numfmt.Thousands(firstOver))
	} else {
		fmt.Fprintln(w, "No turn is over the window as sent.")
	}
	fmt.Fprintf(w, "Cache: %s rules (%s)", providerName(opts.Rules.Provider), opts.Rules.Source)
	if !opts.Rules.Automatic {
		fmt.Fprintf(w, ", breakpoints %s", opts.Breakpoints)
	}
	fmt.Fprintln(w)
	if opts.PriceKnown {
		fmt.Fprintf(w, "Prices: %s's list price (entry %s, taken %s); input only\n", safetext.Line(model), safetext.Line(priceName), safetext.Line(table.Date))
	} else {
		fmt.Fprintf(w, "Prices: %s is not in the price table: costs unknown (give it in a --prices file)\n", safetext.Line(model))
	}
	if summaries != "" {
		fmt.Fprintf(w, "Summaries (compact): %s\n", safetext.Line(summaries))
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "Side by side:")
	refused := false
	for _, p := range rep.Policies {
		fmt.Fprintf(w, "  %s: %s, %s cached, %s per 1,000 trajectories%s\n", p.Label, overflowPhrase(p), percent(p.CachedShare()),
			numfmt.Dollars(p.Per1000USD), refusedMark(p))
		refused = refused || p.OverflowTurns > 0
	}
	if rep.Recorded != nil {
		fmt.Fprintf(w, "  %s\n", recordedLine(rep.Recorded))
	}
	if refused {
		fmt.Fprintf(w, "  %s\n", refusedNote)
	}
	fmt.Fprintln(w)
	costs, per1000 := make([]float64, len(rep.Policies)), make([]float64, len(rep.Policies))
	for i, p := range rep.Policies {
		costs[i], per1000[i] = p.CostUSD, p.Per1000USD
	}
	costCells, per1000Cells := numfmt.DollarColumn(costs), numfmt.DollarColumn(per1000)
	rows := [][]string{{"policy", "over window", "peak", "input tokens", "cached", "cache writes", "cost", "per 1,000 trajectories", "removed"}}
	for i, p := range rep.Policies {
		mark := ""
		if p.OverflowTurns > 0 {
			mark = "▲ "
		}
		rows = append(rows, []string{p.Name, numfmt.Thousands(p.OverflowTurns), numfmt.Thousands(p.PeakTokens), numfmt.Thousands(p.InputTokens),
			numfmt.Thousands(p.CachedTokens), numfmt.Thousands(p.CacheWrites), mark + costCells[i], mark + per1000Cells[i], removedPhrase(p)})
	}
	writeTable(w, rows, "lrrrrrrrl")

	var recorded [][]string
	asSent := findPolicy(rep, trajectory.KindAsSent)
	for i, t := range rep.Turns {
		if t.Recorded == nil {
			continue
		}
		predicted, writes := "not run", "not run"
		if asSent != nil {
			predicted = numfmt.Thousands(asSent.Turns[i].CachedTokens)
			writes = numfmt.Thousands(asSent.Turns[i].CacheWrites)
		}
		recorded = append(recorded, []string{numfmt.Thousands(t.Turn), numfmt.Thousands(t.InputTokens), numfmt.Thousands(t.Recorded.InputTokens),
			predicted, numfmt.Thousands(t.Recorded.CachedTokens), writes, numfmt.Thousands(t.Recorded.CacheWriteTokens)})
	}
	if len(recorded) > 0 {
		fmt.Fprintln(w, "\nPredicted against recorded, as sent:")
		rows := append([][]string{{"turn", "input counted", "input recorded", "cached predicted", "cached recorded", "writes predicted", "writes recorded"}}, recorded...)
		writeTable(w, rows, "rrrrrrr")
		if line := warmCacheLine(rep.Recorded); line != "" {
			fmt.Fprintln(w, line)
		}
	}
}

func findPolicy(rep *trajectory.Report, kind string) *trajectory.PolicyResult {
	for i := range rep.Policies {
		if rep.Policies[i].Policy().Kind == kind {
			return &rep.Policies[i]
		}
	}
	return nil
}

func providerName(p string) string {
	if p == tokens.ProviderAnthropic {
		return "Anthropic's"
	}
	return "OpenAI's"
}

func percent(f float64) string { return strconv.Itoa(int(math.Round(f*100))) + "%" }

func overflowPhrase(p trajectory.PolicyResult) string {
	if p.OverflowTurns == 0 {
		return "no overflow"
	}
	return fmt.Sprintf("%s over the window (first %s)", numfmt.Count(p.OverflowTurns, "turn", "turns"), numfmt.Thousands(p.FirstOverflow))
}

// refusedNote says why a policy that overflows looks cheaper: a turn
// over the window is refused by the provider, so it is priced at $0.
const refusedNote = "▲ turns over the window are refused, priced at $0: an overflowing policy looks cheaper"

// refusedMark is what follows a policy's cost when some of its turns are
// refused: " ▲ 4 turns refused, not priced", or "" when none is.
func refusedMark(p trajectory.PolicyResult) string {
	if p.OverflowTurns == 0 {
		return ""
	}
	return fmt.Sprintf(" ▲ %s refused, not priced", numfmt.Count(p.OverflowTurns, "turn", "turns"))
}

func removedPhrase(p trajectory.PolicyResult) string {
	if p.TurnsTrimmed == 0 {
		return "nothing"
	}
	return fmt.Sprintf("%s trimmed, up to %s (%s tokens)", numfmt.Count(p.TurnsTrimmed, "turn", "turns"),
		numfmt.Count(p.RemovedMessages, "message", "messages"), numfmt.Thousands(p.RemovedTokens))
}

// replayed is a trajectory replayed under its policies, with what the
// reports say of the cache rules, prices and summaries.
type replayed struct {
	tr        *trajectory.Trajectory
	rep       *trajectory.Report
	opts      trajectory.Options
	priceName string
	table     tokens.PriceTable
	// summarizer names the model that wrote compact's summaries, nil
	// when they are extractive.
	summarizer *summarizerJSON
}

// replay loads the trajectory (a file, a folder, stdin, or a trace of a
// traces file) and replays the policies over it. Notes on what a trace's
// instrumentation left out, and the summarizer's fallbacks, go to
// stderr.
func (f *replayFlags) replay(env Env, fs *flagSet) (*replayed, error) {
	switch {
	case f.path == "":
		return nil, fmt.Errorf("--trajectory FILE is required: %s", loadtraj.Supported)
	case f.window < 0:
		return nil, fmt.Errorf("--window %d: expected a number of tokens", f.window)
	case f.reserve < 0:
		return nil, fmt.Errorf("--reserve %d: expected a number of tokens", f.reserve)
	case f.breakpoints != trajectory.BreakpointsSystemLast && f.breakpoints != trajectory.BreakpointsSystem && f.breakpoints != trajectory.BreakpointsNone:
		return nil, fmt.Errorf("--breakpoints %s: expected system+last, system or none", quoted(f.breakpoints))
	case f.ttl != "5m" && f.ttl != "1h":
		return nil, fmt.Errorf("--cache-ttl %s: expected 5m or 1h", quoted(f.ttl))
	}
	if f.window > 0 && f.reserve > 0 {
		if err := core.ReserveLeavesRoom(window.ContextBudget{TotalWindow: f.window, ResponseReserve: f.reserve}); err != nil {
			return nil, err
		}
	}
	if err := f.trace.check(f.path); err != nil {
		return nil, err
	}
	policies, err := trajectory.ParsePolicies(f.policy)
	if err != nil {
		return nil, fmt.Errorf("--policy: %w", err)
	}
	table, err := f.prices.load()
	if err != nil {
		return nil, err
	}
	sum, err := f.llm.build(env, fs, true)
	if err != nil {
		return nil, err
	}
	compacts := false
	for _, p := range policies {
		compacts = compacts || p.Kind == trajectory.KindCompact
	}
	if sum.Explicit && !compacts {
		fmt.Fprintln(env.Stderr, "ctxlab: note: --summarizer llm is not used: only compact:MARK writes summaries")
	}
	if f.path == loadtraj.Stdin && env.StdinIsTTY {
		return nil, fmt.Errorf("--trajectory -: stdin is a terminal; pipe a trajectory in or give a file")
	}
	src := f.trace.source(f.path)
	src.Stdin = env.Stdin
	tr, notes, err := loadtraj.Open(src, request.Options{Window: f.window, Model: f.model, Reserve: f.reserve})
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+safetext.Line(n))
	}
	// The cache rules are the model's provider's: the request's API
	// unless --model names a model of another.
	opts, priceName := replayOptions(tr, f.window, f.reserve, f.breakpoints, f.ttl == "1h", table)
	opts.Summarizer = sum.Summarizer
	rep, err := trajectory.Replay(context.Background(), tr, policies, opts)
	// The model's failures, each answered by the extractive summary.
	for _, line := range sum.Fallbacks.Lines() {
		fmt.Fprintln(env.Stderr, safetext.Line(line))
	}
	if err != nil {
		return nil, err
	}
	out := &replayed{tr: tr, rep: rep, opts: opts, priceName: priceName, table: table}
	if sum.LLM != nil && compacts {
		j := sum.JSON()
		out.summarizer = &j
	}
	return out, nil
}
