package evalinput

import (
	"io"

	"ctxlab/loaders"
)

// openRun reads a run file as a TREC run, a line at a time, or, when its
// first line that is not blank opens a JSON object, whole as JSON Lines,
// returned as its lines: a regular file read again from its start into a
// buffer of its size, a pipe from the bytes already read on (they cannot
// be read again). Its errors are readEvalFile's.
func openRun(path string) (*trecRun, []numberedLine, error) {
	const what = "a retrieval run"
	info, err := loaders.StatInput(path, "loading "+what)
	if err != nil {
		return nil, nil, err
	}
	if info.IsDir() {
		return nil, nil, &loaders.Error{Name: path, Msg: "is a directory; expected " + what}
	}
	r, size, err := loaders.OpenSizedInput(path)
	if err != nil {
		return nil, nil, loaders.InputError("loading "+what, err)
	}
	defer r.Close()
	in := &headReader{r: r, recording: size == 0}
	run, jsonLines, err := readTRECRun(path, in, in.stop)
	if err != nil || !jsonLines {
		return run, nil, err
	}
	if !in.recording {
		lines, err := readEvalFile(path, what)
		return nil, lines, err
	}
	if _, err := io.Copy(io.Discard, in); err != nil { // recorded as it passes
		return nil, nil, loaders.InputError("loading "+what, err)
	}
	lines, err := splitEvalLines(path, in.head, what)
	return nil, lines, err
}

// headReader keeps what is read through it while recording: the start
// of a pipe, until the run is known to be TREC's and read a line at a
// time, or all of it when it is JSON Lines.
type headReader struct {
	r         io.Reader
	recording bool
	head      []byte
}

func (h *headReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if h.recording {
		h.head = append(h.head, p[:n]...)
	}
	return n, err
}

// stop ends the recording and drops what was kept.
func (h *headReader) stop() { h.recording, h.head = false, nil }
