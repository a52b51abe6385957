//go:build !ctxlab_crashtest

package tui

import tea "github.com/charmbracelet/bubbletea"

// The shipped binary's crash-test hooks do nothing (crashtest_on.go has
// the test build's).

func crashTestKey(tea.Msg) (tea.Cmd, bool) { return nil, false }

func crashTestView() {}
