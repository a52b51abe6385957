package cli

import (
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/sweep"
)

// FuzzKnobFlag: any text given to any knob's flag is refused with an
// error naming the flag, or taken as a value the knob's check passes;
// nothing panics. The seeds are the integers and floats that break
// arithmetic: the ends of an int and past them, NaN, the infinities,
// 1e308 and past it, -0.
func FuzzKnobFlag(f *testing.F) {
	extremes := []string{"0", "-0", "1", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"2147483647", "NaN", "nan", "Inf", "+Inf", "-Inf", "infinity", "1e308", "1e309", "-1e308", "4.9e-324", "0x1p-1074", "1e-400",
		"0.85", "1.0000000000000002", "-0.0", strconv.Itoa(math.MaxInt32 + 1), "", " ", "1,000", "none", "strict", "lru"}
	for i, text := range extremes {
		f.Add(uint8(i), text)
	}
	knobs := core.Knobs()
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		k := knobs[int(which)%len(knobs)]
		var kf knobFlags
		fs := newFlagSet(Env{Stdout: io.Discard}, "assemble", "")
		kf.register(fs, false)
		if err := parseFlags(fs, []string{"--" + k.Flag + "=" + text}); err != nil {
			if !strings.Contains(err.Error(), "-"+k.Flag) {
				t.Fatalf("--%s=%q: error %q does not name the flag", k.Flag, text, err)
			}
			return
		}
		s := core.DefaultSettings()
		if err := kf.apply(fs, &s, core.KnobContext{}, nil); err != nil {
			if !strings.Contains(err.Error(), "--"+k.Flag) {
				t.Fatalf("--%s=%q: error %q does not name the flag", k.Flag, text, err)
			}
			return
		}
		if err := k.Check(k.Get(s)); err != nil && k.Kind != core.KnobChoice {
			t.Fatalf("--%s=%q taken, then refused: %v", k.Flag, text, err)
		}
		if k.Kind == core.KnobFloat {
			if n := k.Get(s).Float; math.IsNaN(n) || math.IsInf(n, 0) {
				t.Fatalf("--%s=%q taken as %v", k.Flag, text, n)
			}
		}
	})
}

// FuzzSweepFlags: sweep's knob and the value of its flag, extremes
// included, give a bounded sweep or an error naming a flag, over a small
// set of documents; nothing panics.
func FuzzSweepFlags(f *testing.F) {
	for i, text := range []string{"0", "1", "40", "2147483647", "9223372036854775807", "9223372036854775808", "-1", "-9223372036854775808", "NaN", "Inf", "1e308", "-0"} {
		f.Add(uint8(i), text, text)
	}
	knobs := sweep.Knobs()
	docs := strings.Repeat(`{"content": "one two three four five six seven eight nine ten", "score": 0.9, "source": "a.md"}
{"content": "one two three four five six seven eight nine eleven", "score": 0.8, "source": "b.md"}
`, 3)
	f.Fuzz(func(t *testing.T, which uint8, value, budget string) {
		k := knobs[int(which)%len(knobs)]
		flag := "--" + k.Flag
		if k.Sweep.Param == core.KnobByID("rag").Sweep.Param {
			flag = "--budget" // sweep's own name for the pipeline's budget
		}
		var stdout, stderr strings.Builder
		env := Env{Stdin: strings.NewReader(docs), Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
		err := runSweep(env, []string{"--docs", "-", "--tokenizer", "heuristic", "--knob", k.Flag, flag, value, "--budget", budget, "--format", "csv"})
		if err != nil {
			if !strings.Contains(err.Error(), "-"+strings.TrimPrefix(flag, "--")) && !strings.Contains(err.Error(), "-budget") {
				t.Fatalf("%s %q --budget %q: error %q names no flag", flag, value, budget, err)
			}
			return
		}
		if rows := strings.Count(stdout.String(), "\n"); rows < 2 || rows > 104 {
			t.Fatalf("%s %q --budget %q: %d rows", flag, value, budget, rows)
		}
	})
}
