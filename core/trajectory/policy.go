package trajectory

import (
	"fmt"
	"strconv"
	"strings"

	"ctxlab/internal/nearname"
)

// Policy kinds, as `--policy` spells them.
const (
	KindAsSent           = "as-sent"
	KindLast             = "last"
	KindDropOldest       = "drop-oldest"
	KindWatermark        = "watermark"
	KindCompact          = "compact"
	KindClearToolResults = "clear-tool-results"
)

// Kinds are the policy kinds in the order `all` runs them.
var Kinds = []string{KindAsSent, KindLast, KindDropOldest, KindWatermark, KindCompact, KindClearToolResults}

// Policy is how an agent trims its context before each request.
type Policy struct {
	Kind string
	// N is last:N's unit count and clear-tool-results:KEEP's count of
	// recent tool results kept.
	N int
	// High and Low are watermark:HIGH/LOW's shares of the max input;
	// High alone is compact:MARK's.
	High, Low float64
}

// Defaults are the policies `all` runs: each kind with its default
// parameters, as sent first.
func Defaults() []Policy {
	return []Policy{
		{Kind: KindAsSent},
		{Kind: KindLast, N: 20},
		{Kind: KindDropOldest},
		{Kind: KindWatermark, High: 0.8, Low: 0.6},
		{Kind: KindCompact, High: 0.8},
		{Kind: KindClearToolResults, N: 3},
	}
}

// Name is the policy as `--policy` spells it.
func (p Policy) Name() string {
	switch p.Kind {
	case KindLast, KindClearToolResults:
		return p.Kind + ":" + strconv.Itoa(p.N)
	case KindWatermark:
		return fmt.Sprintf("%s:%s/%s", p.Kind, share(p.High), share(p.Low))
	case KindCompact:
		return p.Kind + ":" + share(p.High)
	}
	return p.Kind
}

// Label is the policy as every screen, report and sentence names it: its
// --policy spelling (Name), so that what a user reads ("last:20",
// "watermark:0.8/0.6") is what they type.
func (p Policy) Label() string { return p.Name() }

func share(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ParsePolicies reads a comma-separated list of policies; "all" is
// Defaults.
func ParsePolicies(list string) ([]Policy, error) {
	if strings.TrimSpace(list) == "all" {
		return Defaults(), nil
	}
	var out []Policy
	for _, item := range strings.Split(list, ",") {
		p, err := ParsePolicy(strings.TrimSpace(item))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// ParsePolicy reads one policy: as-sent, last:N, drop-oldest,
// watermark:HIGH/LOW, compact:MARK or clear-tool-results:KEEP; a kind
// without its parameter takes the default.
func ParsePolicy(s string) (Policy, error) {
	kind, arg, hasArg := strings.Cut(s, ":")
	kind = strings.ToLower(strings.TrimSpace(kind))
	var def Policy
	for _, d := range Defaults() {
		if d.Kind == kind {
			def = d
		}
	}
	if def.Kind == "" {
		msg := fmt.Sprintf("policy %q is not known; expected one of %s, or all", s, strings.Join(Kinds, ", "))
		if near, ok := nearname.Closest(kind, Kinds); ok {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
		}
		return Policy{}, fmt.Errorf("%s", msg)
	}
	if !hasArg {
		return def, nil
	}
	p := Policy{Kind: kind}
	bad := func(want string) (Policy, error) {
		return Policy{}, fmt.Errorf("policy %q: %q is not %s", s, arg, want)
	}
	switch kind {
	case KindAsSent, KindDropOldest:
		return Policy{}, fmt.Errorf("policy %q takes no parameter", kind)
	case KindLast, KindClearToolResults:
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			return bad("a whole number of 1 or more")
		}
		p.N = n
	case KindWatermark:
		hi, lo, ok := strings.Cut(arg, "/")
		h, err1 := strconv.ParseFloat(hi, 64)
		l, err2 := strconv.ParseFloat(lo, 64)
		if !ok || err1 != nil || err2 != nil || !(l > 0 && l < h && h <= 1) {
			return bad("HIGH/LOW, two shares of the max input with 0 < LOW < HIGH <= 1 (e.g. 0.8/0.6)")
		}
		p.High, p.Low = h, l
	case KindCompact:
		h, err := strconv.ParseFloat(arg, 64)
		if err != nil || !(h > 0 && h <= 1) {
			return bad("a share of the max input above 0 and at most 1 (e.g. 0.8)")
		}
		p.High = h
	}
	return p, nil
}
