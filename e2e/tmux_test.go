//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// tmuxSession runs the real binary in a detached tmux session of a fixed
// size, so the test sees exactly what a person would.
type tmuxSession struct {
	t    *testing.T
	name string
}

// tmuxSocket names a tmux server private to this test process, started
// without the user's configuration, so neither a running server's
// environment nor a .tmux.conf changes what the tests see.
var tmuxSocket = fmt.Sprintf("ctxlab-e2e-%d", os.Getpid())

// tmuxServer starts the private server once, told to stay up between
// sessions: a server that exits with its last session races the next
// test's new-session ("server exited unexpectedly").
var tmuxServer sync.Once

// tmuxSessions numbers the sessions, so tests running in parallel on the
// one server never pick the same name.
var tmuxSessions atomic.Int64

// screenDeadline bounds a wait for the screen: generous, since the tests
// run in parallel on a busy machine; a passing wait returns as soon as the
// screen is right.
const screenDeadline = 30 * time.Second

// tmux runs a tmux command against the private server.
func tmux(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", tmuxSocket, "-f", "/dev/null"}, args...)...)
}

func startTmux(t *testing.T, width, height int, env []string, args ...string) *tmuxSession {
	t.Helper()
	return startTmuxCommand(t, width, height, strings.Join(append(env, append([]string{ctxlabBin}, args...)...), " "))
}

// startTmuxCommand runs a shell command line in a new session.
func startTmuxCommand(t *testing.T, width, height int, command string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; .ci/run installs it")
		}
		t.Skip("tmux not installed")
	}
	tmuxServer.Do(func() { tmux("start-server", ";", "set", "-g", "exit-empty", "off").Run() })
	s := &tmuxSession{t: t, name: fmt.Sprintf("ctxlab-e2e-%d-%d", os.Getpid(), tmuxSessions.Add(1))}
	cmd := tmux("new-session", "-d", "-s", s.name, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height),
		"env TERM=xterm-256color COLORTERM=truecolor "+command)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v: %s", err, out)
	}
	t.Cleanup(func() { tmux("kill-session", "-t", s.name).Run() })
	return s
}

// capture returns the visible screen; with escapes it keeps colours.
func (s *tmuxSession) capture(escapes bool) string {
	args := []string{"capture-pane", "-p", "-t", s.name}
	if escapes {
		args = append(args, "-e")
	}
	out, err := tmux(args...).Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// waitFor polls the screen until it contains every one of want: a frame
// can be captured half drawn, so a test waits for all it will check.
func (s *tmuxSession) waitFor(want ...string) string {
	s.t.Helper()
	return s.waitUntil(fmt.Sprintf("all of %q", want), func(screen string) bool {
		for _, w := range want {
			if !strings.Contains(screen, w) {
				return false
			}
		}
		return true
	})
}

// waitUntil polls the screen until shows(screen) holds, and fails the
// test naming what the screen never showed.
func (s *tmuxSession) waitUntil(what string, shows func(screen string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(screenDeadline)
	var screen string
	for time.Now().Before(deadline) {
		screen = s.capture(false)
		if shows(screen) {
			return screen
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.t.Fatalf("screen never showed %s; last screen:\n%s", what, screen)
	return ""
}

func (s *tmuxSession) send(keys ...string) {
	s.t.Helper()
	escape := keys[len(keys)-1] == "Escape"
	var before string
	if escape {
		before = s.capture(false)
	}
	if out, err := tmux(append([]string{"send-keys", "-t", s.name}, keys...)...).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys %v: %v: %s", keys, err, out)
	}
	if escape {
		// A key that reaches the program in the same read as Escape is
		// taken as Alt+key, so the next key waits until the workbench has
		// shown what Escape did (every Escape in these flows changes the
		// screen): a state, not a pause.
		s.waitUntil("a change after Escape", func(screen string) bool { return screen != before })
	}
}

func (s *tmuxSession) alive() bool {
	return tmux("has-session", "-t", s.name).Run() == nil
}

func TestWorkbenchInTmux(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 120, 40, nil)
	s.waitFor("ctxlab · support_chat · gpt-4o (o200k_base)", "Window", "Budget 11✓", "Dedup −6", "≈", "✂", "✗", "? help",
		"conversation history and retrieved context limited")
	// ? shows the keys, ? again the legend, and another key closes it.
	s.send("?")
	s.waitFor("Keys ·")
	s.send("?")
	s.waitFor("Legend ·", "Fates: document list")
	s.send("Escape")
	s.waitFor("1 Documents")
	// Lower the dedup threshold: the reset-password pair (J=0.825) joins
	// the duplicates.
	s.send("c")
	s.send("Left")
	s.waitFor("Dedup −7")
	s.waitFor("dedup ◂0.80▸")

	// Filter the list, then clear it.
	s.send("Escape")
	s.send("/")
	s.send("-l", "gift")
	// A frame can be captured mid-draw, so the list is checked once it
	// settles: an unrelated document that never goes fails the test.
	s.waitUntil(`the "gift" filter without the unrelated in-transit.md`, func(screen string) bool {
		return strings.Contains(screen, `filter "gift"`) && strings.Contains(screen, "gift-cards") && !strings.Contains(screen, "in-transit.md")
	})
	s.send("Escape")
	s.waitFor("in-transit.md")

	// Every view opens.
	for key, title := range map[string]string{"2": "2 Ordering", "3": "3 Context", "4": "4 Memory", "5": "5 Metrics"} {
		s.send(key)
		s.waitFor(title)
	}
	s.send("1")
	s.waitFor("1 Documents")
	s.send("q")
	deadline := time.Now().Add(screenDeadline)
	for s.alive() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if s.alive() {
		t.Error("q did not quit")
	}
}

// TestWorkbenchDiagnosis: the first screen names the sample's worst
// finding, d lists every finding, and enter on it selects the dropped
// refund policy in the list.
func TestWorkbenchDiagnosis(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 80, 24, nil)
	s.waitFor("⚠ #15 dropped; weaker copy #34 sent as [2]: 60 days → 30 days.", "d: 6 findings")
	s.send("d")
	s.waitFor("d Diagnosis", "6 findings, worst first", "▸ ⚠ warning: #15 kb/returns/refund-policy.md (rank 2, score 0.91) was dropped",
		"about ▸#15 · #34")
	s.send("Enter")
	s.waitFor("1 Documents · Budget", "#15 kb/returns/refund-policy.md, shown at the Budget stage")
	s.waitUntil("the refund policy's row selected", func(screen string) bool {
		for _, line := range strings.Split(screen, "\n") {
			if strings.Contains(line, "▸✗   15") && strings.Contains(line, "refund-policy.md") {
				return true
			}
		}
		return false
	})
}

func TestWorkbenchSmallAndLarge(t *testing.T) {
	t.Parallel()
	small := startTmux(t, 80, 24, nil)
	screen := small.waitFor("Budget 11✓", "≈")
	for i, line := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Errorf("line %d is %d cells at 80 columns: %q", i, w, line)
		}
	}
	tiny := startTmux(t, 60, 20, nil)
	tiny.waitFor("needs a terminal of at least 80×24")
	large := startTmux(t, 200, 60, nil)
	large.waitFor("Budget 11✓", "labels", "framing")
}

// sgrColour matches an SGR sequence that sets a foreground or background
// colour.
var sgrColour = regexp.MustCompile(`\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]`)

func TestWorkbenchNoColorAndLight(t *testing.T) {
	t.Parallel()
	mono := startTmux(t, 120, 40, []string{"NO_COLOR=1"})
	mono.waitFor("Budget 11✓", "≈")
	colored := mono.capture(true)
	if sgrColour.MatchString(colored) {
		t.Errorf("NO_COLOR=1 still sets colours: %q", sgrColour.FindString(colored))
	}
	if !strings.Contains(colored, "≈") || !strings.Contains(colored, "(dup) ") || strings.Contains(colored, "\u0336") {
		t.Error("without colour, duplicates must still be marked (≈ and (dup), no combining strokes)")
	}
	// CI=true makes termenv take any output for a pipe; the workbench
	// only draws on a terminal and must keep its colours there.
	light := startTmux(t, 120, 40, []string{"CI=true"}, "--theme", "light")
	light.waitFor("Budget 11✓", "≈")
	if !sgrColour.MatchString(light.capture(true)) {
		t.Error("the light theme shows no colour")
	}
}

// TestWorkbenchLaunchFlagsSetControls: options given on the command line
// are the controls' starting values.
func TestWorkbenchLaunchFlagsSetControls(t *testing.T) {
	t.Parallel()
	// 160 columns: the controls strip shows the preset on its first rows.
	s := startTmux(t, 160, 48, nil, "--dedup-threshold", "0.6", "--preset", "document_qa", "--model", "gpt-4.1",
		"--min-doc-tokens", "7", "--request-id", "demo-7")
	s.waitFor("gpt-4.1 (o200k_base)", "dedup ◂0.60▸", "min tok ◂7▸", "preset ◂document_qa▸", "6,584/8,000", "tok < min 7")
	s.send("5")
	s.waitFor(`"request_id": "demo-7"`)
}

func TestWorkbenchRefusesNonTerminal(t *testing.T) {
	t.Parallel()
	_, stderr, code := run(t, "")
	if code != 1 || !strings.Contains(stderr, "ctxlab build") || !strings.Contains(stderr, "ctxlab assemble") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestWorkbenchOpensDocsPipedOnStdin(t *testing.T) {
	t.Parallel()
	// The shell pipes the documents in; the workbench reads its keys from
	// the terminal instead of stdin.
	s := startTmux(t, 120, 40, []string{"sh", "-c", "'cat sample/docs/sla_chunks.jsonl |"}, "'")
	screen := s.waitFor("Input 27")
	if !strings.Contains(screen, "ctxlab · stdin") {
		t.Errorf("the piped documents did not open:\n%s", screen)
	}
	s.send("j") // keys still work
	s.send("q")
}

// TestHeadlessCommandsDoNotQueryTheTerminal runs a headless command on a
// terminal that answers nothing (script(1)): Bubble Tea's start-up query
// for the background colour must not be sent, since such a terminal would
// stall it and a slow answer would land in the user's shell.
func TestHeadlessCommandsDoNotQueryTheTerminal(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("script"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("script(1) is not installed; .ci/run installs it")
		}
		t.Skip("script(1) not installed")
	}
	out, err := exec.Command("script", "-qec", ctxlabBin+" version", "/dev/null").CombinedOutput()
	if err != nil {
		t.Fatalf("script: %v: %q", err, out)
	}
	if strings.Contains(string(out), "\x1b]11;") || strings.Contains(string(out), "\x1b[6n") {
		t.Errorf("ctxlab version queried the terminal: %q", out)
	}
	if !strings.Contains(string(out), "ctxlab ") {
		t.Errorf("no version printed: %q", out)
	}
}

// TestWorkbenchAgentStepAndRecordedUsage: an agent step chosen at launch
// shows how its context was built, and a cassette's recorded usage shows
// beside ctxlab's count.
func TestWorkbenchAgentStepAndRecordedUsage(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 120, 40, nil, "sample/agent_workflow.yaml", "--step", "draft_supplier_ticket", "--tool-results-budget", "1000")
	s.waitFor("ctxlab · agent_workflow")
	s.send("3")
	s.waitFor("Agent step draft_supplier_ticket", "250 of 582 tokens", "get_supplier")
	s.send("q")

	// The cassette is package cli's copy from the shared corpus.
	r := startTmux(t, 120, 40, nil, "--request", "internal/testcorpus/pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml")
	r.waitFor("measured as sent")
	r.send("5")
	r.waitFor("Billed: counted 71 · billed 71 (the same)")
}
