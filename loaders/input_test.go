package loaders_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"ctxlab/loaders"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
	"ctxlab/loaders/metricslog"
	"ctxlab/loaders/scenario"
)

func TestInputReaderPassesText(t *testing.T) {
	t.Parallel()
	text := "héllo 漢字 🙂\nline two\r\n\uFEFFend"
	// One byte per read cuts every multi-byte character in two.
	got, err := io.ReadAll(loaders.NewInputReader("x", iotest.OneByteReader(strings.NewReader(text))))
	if err != nil || string(got) != text {
		t.Fatalf("got %q, %v; want the text unchanged", got, err)
	}
}

func TestInputReaderRefusesAtTheFirstBadByte(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, want string
	}{
		{"NUL", "ab\ncd\x00ef", "x: line 2: NUL byte at byte offset 5; expected text, not binary data"},
		{"invalid byte", "ok\n\xff", "x: line 2: invalid UTF-8 at byte offset 3 (byte 0xff); expected UTF-8 text"},
		{"character cut by the end", "ok \xe6\xbc", "x: line 1: invalid UTF-8 at byte offset 3 (byte 0xe6); expected UTF-8 text"},
		{"overlong encoding", "\xc0\x80", "x: line 1: invalid UTF-8 at byte offset 0 (byte 0xc0); expected UTF-8 text"},
	}
	for _, c := range cases {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(c.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			_, err := io.ReadAll(loaders.NewInputReader("x", r))
			if err == nil || err.Error() != c.want {
				t.Errorf("%s (one byte per read %v): got %v, want %s", c.name, oneByte, err, c.want)
			}
		}
	}
}

// endless is an input that never ends, like /dev/zero or a pipe that keeps
// writing; it counts what was read from it.
type endless struct {
	fill byte
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.fill
	}
	e.read += int64(len(p))
	return len(p), nil
}

func TestInputReaderStopsAnEndlessInput(t *testing.T) {
	zeros := &endless{fill: 0}
	if _, err := loaders.ReadInput("stdin", zeros); err == nil || !strings.Contains(err.Error(), "NUL byte at byte offset 0") {
		t.Fatalf("endless zeros: got %v", err)
	}
	if zeros.read > 1<<20 {
		t.Errorf("endless zeros: read %d bytes before refusing the first", zeros.read)
	}
	defer loaders.SetMaxInputSize(1 << 20)()
	letters := &endless{fill: 'a'}
	_, err := loaders.ReadInput("stdin", letters)
	want := "stdin: is larger than 1 MiB (1,048,576 bytes), the input size limit; raise it with --max-input-size if the input is meant to be this large"
	if err == nil || err.Error() != want {
		t.Fatalf("endless text: got %v, want %s", err, want)
	}
	if letters.read > 2<<20 {
		t.Errorf("endless text: read %d bytes for a limit of 1 MiB", letters.read)
	}
}

func TestInputReaderLimitIsInclusive(t *testing.T) {
	defer loaders.SetMaxInputSize(10)()
	if got, err := loaders.ReadInput("x", strings.NewReader(strings.Repeat("a", 10))); err != nil || len(got) != 10 {
		t.Fatalf("10 bytes at a limit of 10: got %d bytes, %v", len(got), err)
	}
	if _, err := loaders.ReadInput("x", strings.NewReader(strings.Repeat("a", 11))); err == nil {
		t.Fatal("11 bytes at a limit of 10 were accepted")
	}
}

func TestDevicesAreReadBounded(t *testing.T) {
	for _, dev := range []string{"/dev/zero", "/dev/urandom"} {
		if _, err := os.Stat(dev); err != nil {
			t.Skipf("%s: %v", dev, err)
		}
		_, _, err := docs.Load(dev, nil, docs.Options{})
		if err == nil || !strings.HasPrefix(err.Error(), dev+": line ") {
			t.Errorf("%s: got %v, want an error at its first bad byte", dev, err)
		}
		if _, err := history.Load(dev, nil); err == nil {
			t.Errorf("history %s was accepted", dev)
		}
		if _, err := metricslog.Load(dev); err == nil {
			t.Errorf("metrics %s was accepted", dev)
		}
		if _, err := scenario.LoadBudgetFile(dev); err == nil {
			t.Errorf("budget file %s was accepted", dev)
		}
		if _, err := scenario.LoadFile(dev, scenario.Options{}); err == nil {
			t.Errorf("scenario %s was accepted", dev)
		}
	}
}

func TestOpenInputRefusesADirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := loaders.OpenInput(dir); err == nil || !strings.Contains(err.Error(), "is a directory; expected a file") {
		t.Fatalf("got %v", err)
	}
}

func TestParseSize(t *testing.T) {
	t.Parallel()
	good := map[string]int64{"1": 1, "512KiB": 512 << 10, "64 MiB": 64 << 20, "1GB": 1e9, "2g": 2 << 30, "100B": 100, "1TiB": 1 << 40}
	for in, want := range good {
		if got, err := loaders.ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	bad := map[string]string{
		"0": "not above zero", "-5": "not above zero", "abc": "not a size", "1.5GiB": "not a size", "": "not a size",
		"9223372036854775808": "too large", "9000000TiB": "too large", "NaN": "not a size",
	}
	for in, want := range bad {
		if _, err := loaders.ParseSize(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSize(%q): got %v, want %q", in, err, want)
		}
	}
	for n, want := range map[int64]string{256 << 20: "256 MiB (268,435,456 bytes)", 1500: "1,500 bytes", 1: "1 byte"} {
		if got := loaders.FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestInputReaderKeepsBytes(t *testing.T) {
	t.Parallel()
	var big bytes.Buffer
	for big.Len() < 100_000 {
		big.WriteString("a line of text with ü and 漢 in it\n")
	}
	got, err := loaders.ReadInput("x", bytes.NewReader(big.Bytes()))
	if err != nil || !bytes.Equal(got, big.Bytes()) {
		t.Fatalf("a long text came back changed (%v)", err)
	}
}

// TestLargeFileRefusedBeforeReading: a regular file over the limit is
// refused from its size, with the same message as a stream over it.
func TestLargeFileRefusedBeforeReading(t *testing.T) {
	defer loaders.SetMaxInputSize(100)()
	path := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(path, bytes.Repeat([]byte("a"), 101), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := loaders.ReadInputFile(path)
	want := path + ": is larger than 100 bytes, the input size limit; raise it with --max-input-size if the input is meant to be this large"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if err := os.WriteFile(path, bytes.Repeat([]byte("a"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := loaders.ReadInputFile(path); err != nil || len(data) != 100 {
		t.Errorf("a file at the limit: %d bytes, %v", len(data), err)
	}
}

// TestMissingInputsNameNoSystemCall: a missing file is "PATH: no such
// file or directory", not Go's "stat PATH: …" or "open PATH: …", for
// every kind of input, and stays recognisable as os.ErrNotExist.
func TestMissingInputsNameNoSystemCall(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.json")
	_, _, docsErr := docs.Load(missing, strings.NewReader(""), docs.Options{})
	_, historyErr := history.Load(missing, strings.NewReader(""))
	_, readErr := loaders.ReadInputFile(missing)
	for what, err := range map[string]error{"documents": docsErr, "history": historyErr, "read": loaders.InputError("loading scenario", readErr)} {
		if err == nil || !strings.HasSuffix(err.Error(), missing+": no such file or directory") ||
			strings.Contains(err.Error(), "stat ") || strings.Contains(err.Error(), "open ") || !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v", what, err)
		}
	}
}
