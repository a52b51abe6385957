// Command readmepicture draws the README's picture of the workbench
// (make readme-picture): it opens the built binary on the bundled sample
// in a detached tmux session of 120×40, waits until the screen is final
// (every count exact, nothing computing or loading), captures it with its
// colours and writes it as SVG through internal/termsvg. The e2e tests
// run it again and fail while the committed picture differs.
//
//	go run ./internal/readmepicture -bin bin/ctxlab -out docs/images
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"ctxlab/internal/termsvg"
	"ctxlab/themes"
)

// The screen's size, the theme and the wait for the final screen.
const (
	cols, rows = 120, 40
	theme      = "dark"
	deadline   = 60 * time.Second
	// File is the picture's name in the output folder.
	file = "workbench.svg"
)

func main() {
	bin := flag.String("bin", "bin/ctxlab", "the ctxlab binary to draw")
	out := flag.String("out", "docs/images", "the folder to write "+file+" into")
	flag.Parse()
	if err := run(*bin, filepath.Join(*out, file)); err != nil {
		fmt.Fprintln(os.Stderr, "readmepicture:", err)
		os.Exit(1)
	}
}

func run(bin, path string) error {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	if _, err := os.Stat(abs); err != nil {
		return fmt.Errorf("%s: %w (make build makes it)", bin, err)
	}
	p, ok := themes.ByName(theme)
	if !ok {
		return fmt.Errorf("no theme %q", theme)
	}
	fg, bg := strings.ToLower(string(p.Text)), strings.ToLower(string(p.Background))
	screen, err := capture(abs, fg, bg)
	if err != nil {
		return err
	}
	svg := termsvg.Render(screen, cols, rows, termsvg.Options{
		Foreground: fg, Background: bg,
		Title: "The ctxlab workbench on the bundled sample",
	})
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, svg, 0o644)
}

// capture runs the workbench in a tmux server of its own, started without
// the user's configuration, in an environment that holds only what the
// picture needs (no CTXLAB_ or NO_COLOR setting reaches it), and returns
// the final screen with its colour escapes. The pane's colours are the
// picture's, fg and bg: tmux gives them to the workbench when it asks
// for the terminal's background, so it finds the dark background its
// theme was made for on any machine and leaves the defaults unpainted.
func capture(bin, fg, bg string) (string, error) {
	if _, err := exec.LookPath("tmux"); err != nil {
		return "", errors.New("tmux is not installed")
	}
	socket := fmt.Sprintf("ctxlab-picture-%d", os.Getpid())
	tmux := func(args ...string) *exec.Cmd {
		return exec.Command("tmux", append([]string{"-L", socket, "-f", "/dev/null", "-u"}, args...)...)
	}
	command := fmt.Sprintf("env -i HOME=%s TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8 %s --theme %s",
		shellQuote(os.Getenv("HOME")), shellQuote(bin), theme)
	if out, err := tmux("start-server", ";", "set", "-g", "window-style", "fg="+fg+",bg="+bg, ";",
		"new-session", "-d", "-s", "picture", "-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows), command).CombinedOutput(); err != nil {
		return "", fmt.Errorf("tmux new-session: %v: %s", err, strings.TrimSpace(string(out)))
	}
	defer tmux("kill-server").Run()
	var last string
	for end := time.Now().Add(deadline); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		plain, err := tmux("capture-pane", "-p", "-t", "picture").Output()
		if err != nil {
			return "", fmt.Errorf("tmux capture-pane: %v (did the workbench exit?)", err)
		}
		if !final(string(plain)) {
			last = string(plain)
			continue
		}
		// The screen says it is final; it is taken once two captures
		// with colours agree, so no frame is caught half drawn.
		a, errA := tmux("capture-pane", "-p", "-e", "-t", "picture").Output()
		b, errB := tmux("capture-pane", "-p", "-e", "-t", "picture").Output()
		if errA == nil && errB == nil && string(a) == string(b) {
			return string(a), nil
		}
	}
	return "", fmt.Errorf("the workbench never showed its final screen in %s; last screen:\n%s", deadline, last)
}

// final says whether the screen is the settled first screen: the header,
// the list and the inspector drawn, and no count pending, nothing
// computing, loading or counting.
func final(screen string) bool {
	lines := strings.Split(screen, "\n")
	if len(lines) < rows || !strings.HasPrefix(lines[0], " ctxlab · ") {
		return false
	}
	for _, want := range []string{"1 Documents", "Budget ", "── content ──", "tokens   "} {
		if !strings.Contains(screen, want) {
			return false
		}
	}
	// The header says when a count is pending or a job is running; the
	// inspector, while it counts the document under every tokenizer.
	for _, busy := range []string{"pending", "computing…", "loading ", "counting "} {
		if strings.Contains(lines[0], busy) {
			return false
		}
	}
	return !strings.Contains(screen, "counting under every tokenizer")
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
