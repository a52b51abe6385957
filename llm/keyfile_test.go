package llm

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadAPIKeyFile(t *testing.T) {
	const key = "sk-proj-FILESECRET-77ab"
	tests := []struct {
		name    string
		content string
		want    string // the key, or "" when an error is expected
		wantErr string
	}{
		{"key and newline", key + "\n", key, ""},
		{"CRLF, spaces and a BOM", "\xEF\xBB\xBF  " + key + " \r\n\r\n", key, ""},
		{"no newline", key, key, ""},
		{"empty", "", "", "the file is empty; expected the API key"},
		{"blank lines", "\n \n\t\n", "", "the file is empty; expected the API key"},
		{"two lines", key + "\nsk-other-FILESECRET\n", "", "the file has 2 lines; expected the API key alone on one line"},
		{"a .env line", "OPENAI_API_KEY=" + key + "\n", "", "the file holds a NAME=value line; expected the API key alone"},
		{"a .env file", "# keys\n\nOPENAI_API_KEY=" + key + "\nOTHER=x\n", "", "the file has 3 lines; expected the API key alone on one line"},
		{"old Mac line ends", key + "\r" + key, "", "the file has 2 lines"},
		{"export line", "export OPENAI_API_KEY=" + key, "", "the file holds spaces, control characters or bytes that are not text"},
		{"bearer prefix", "Bearer " + key, "", "the file holds spaces"},
		{"escape sequence", key + "\x1b[2J", "", "the file holds spaces, control characters"},
		{"binary", "\x00\x01" + key + "\xff", "", "bytes that are not text"},
		{"too large", strings.Repeat("k", maxKeyFileSize+1), "", "is larger than 16 KiB; expected a file holding only the API key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "key")
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := ReadAPIKeyFile(path)
			if tt.wantErr == "" {
				if err != nil || got.Reveal() != tt.want {
					t.Fatalf("got key %q, err %v; want %q", got.Reveal(), err, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; got a key of %d bytes", len(got.Reveal()))
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.wantErr) {
				t.Errorf("error %q, want it to contain %q", msg, tt.wantErr)
			}
			if strings.Contains(msg, "FILESECRET") || strings.Contains(msg, path) {
				t.Errorf("the error repeats the key or the path: %q", msg)
			}
		})
	}
}

func TestReadAPIKeyFileUnreadable(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-key")
	_, err := ReadAPIKeyFile(missing)
	if err == nil || err.Error() != "no such file" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadAPIKeyFile(dir); err == nil || err.Error() != "is a directory; expected a file holding the API key" {
		t.Errorf("directory: %v", err)
	}
	if os.Geteuid() != 0 { // root reads anything
		locked := filepath.Join(dir, "locked")
		if err := os.WriteFile(locked, []byte("sk-x\n"), 0o000); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadAPIKeyFile(locked); err == nil || err.Error() != "permission denied" || !errors.Is(err, fs.ErrPermission) {
			t.Errorf("unreadable file: %v", err)
		}
	}
}
