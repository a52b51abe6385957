package tui

import (
	"os"

	"github.com/aymanbagabas/go-osc52/v2"
)

// terminalClipboard writes OSC 52 to the controlling terminal, /dev/tty.
// Stderr is not the terminal when it is redirected (`ctxlab 2>log` put
// the whole context, base64, in the log while the footer said it was
// copied). nil when there is no terminal: the footer then says nothing
// was copied.
func terminalClipboard() func(string) error {
	probe, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		return nil
	}
	probe.Close()
	return func(text string) error {
		tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = osc52.New(text).WriteTo(tty)
		if closeErr := tty.Close(); err == nil {
			err = closeErr
		}
		return err
	}
}
