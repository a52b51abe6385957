package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"
)

// measured is one command's wall time, processor time (user and
// system, all threads) and peak resident memory. On a machine other
// work shares, the processor time is the steadier figure.
type measured struct {
	wall   time.Duration
	cpu    time.Duration
	maxRSS int64 // bytes
}

// timeCommand runs cmd to completion and measures it.
func timeCommand(cmd *exec.Cmd) (measured, error) {
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return measured{}, fmt.Errorf("%s: %w", cmd.String(), err)
	}
	ps := cmd.ProcessState
	return measured{
		wall:   time.Since(start),
		cpu:    ps.UserTime() + ps.SystemTime(),
		maxRSS: peakResident(ps),
	}, nil
}

// timeCtxlab runs the build runs times, writing the JSON to out, and
// returns the fastest run (the least disturbed by the machine's other
// work) with the largest memory seen.
func timeCtxlab(binary, docs, out string, runs int) (measured, error) {
	var best measured
	for i := range runs {
		f, err := os.Create(out)
		if err != nil {
			return measured{}, err
		}
		cmd := exec.Command(binary, "build", "--docs", docs, "--tokenizer", "heuristic", "--format", "json")
		cmd.Stdout = f
		m, err := timeCommand(cmd)
		f.Close()
		if err != nil {
			return measured{}, err
		}
		if i == 0 || m.wall < best.wall {
			best.wall = m.wall
		}
		if i == 0 || m.cpu < best.cpu {
			best.cpu = m.cpu
		}
		best.maxRSS = max(best.maxRSS, m.maxRSS)
	}
	return best, nil
}

// timeReference runs reference_build.py, found beside this file.
func timeReference(python, docs, out string) (measured, error) {
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		return measured{}, fmt.Errorf("cannot locate reference_build.py")
	}
	script := filepath.Join(filepath.Dir(self), "reference_build.py")
	return timeCommand(exec.Command(python, script, docs, out))
}
