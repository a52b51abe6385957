//go:build ctxlab_crashtest

package tui

import (
	"os"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/pipeline"
)

// This file is in test builds only (go build -tags ctxlab_crashtest): the
// key ! panics in the place CTXLAB_CRASHTEST names, so the tmux tests can
// check that each kind of panic gives the terminal back. The shipped
// binary has no way to crash on purpose.

// crashTestWhere is read once: the test sets it when it starts ctxlab.
var crashTestWhere = os.Getenv("CTXLAB_CRASHTEST")

// crashTestViewArmed makes the next View panic.
var crashTestViewArmed atomic.Bool

// crashTestKey handles ! in Update: "update" panics here, "view" arms
// the next View, "command" returns a command that panics on Bubble Tea's
// goroutine, "worker" arms a panic in the next token count's worker, a
// goroutine the engine starts itself, which the next tokenizer change
// runs during its recompute.
func crashTestKey(msg tea.Msg) (tea.Cmd, bool) {
	key, ok := msg.(tea.KeyMsg)
	if !ok || key.String() != "!" || crashTestWhere == "" {
		return nil, false
	}
	switch crashTestWhere {
	case "update":
		panic("ctxlab crash test: a panic in Update")
	case "view":
		crashTestViewArmed.Store(true)
		return nil, true
	case "command":
		return func() tea.Msg { panic("ctxlab crash test: a panic in a background command") }, true
	case "worker":
		pipeline.ArmWorkerCrashTest()
		return nil, true
	case "hang":
		select {} // an Update that never returns: a closing signal must still close
	}
	return nil, false
}

// crashTestView panics once armed.
func crashTestView() {
	if crashTestViewArmed.Load() {
		panic("ctxlab crash test: a panic in View")
	}
}
