package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func lookupFrom(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

func TestConfigFromLookupPrecedence(t *testing.T) {
	tests := []struct {
		name       string
		env        map[string]string
		want       Config
		configured bool
	}{
		{"empty", nil, Config{BaseURL: DefaultBaseURL, Model: DefaultModel, Timeout: DefaultTimeout}, false},
		{"openai variables only", map[string]string{EnvOpenAIBaseURL: "http://o/v1", EnvOpenAIAPIKey: "k-openai"},
			Config{BaseURL: "http://o/v1", Model: DefaultModel, APIKey: "k-openai", Timeout: DefaultTimeout}, false},
		{"ctxlab wins", map[string]string{
			EnvBaseURL: "http://localhost:11434/v1", EnvOpenAIBaseURL: "http://o/v1",
			EnvAPIKey: "k-ctxlab", EnvOpenAIAPIKey: "k-openai", EnvModel: "llama3.2", EnvTimeout: "90s",
		}, Config{BaseURL: "http://localhost:11434/v1", Model: "llama3.2", APIKey: "k-ctxlab", Timeout: 90 * time.Second}, true},
		{"blank ctxlab falls through", map[string]string{EnvAPIKey: "  ", EnvOpenAIAPIKey: "k-openai", EnvModel: "m"},
			Config{BaseURL: DefaultBaseURL, Model: "m", APIKey: "k-openai", Timeout: DefaultTimeout}, true},
		{"timeout in seconds", map[string]string{EnvTimeout: "2.5"},
			Config{BaseURL: DefaultBaseURL, Model: DefaultModel, Timeout: 2500 * time.Millisecond}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, configured, err := ConfigFromLookup(lookupFrom(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if got.BaseURL != tt.want.BaseURL || got.Model != tt.want.Model || got.APIKey.Reveal() != tt.want.APIKey.Reveal() || got.Timeout != tt.want.Timeout {
				t.Errorf("got %v key %q, want %v key %q", got, got.APIKey.Reveal(), tt.want, tt.want.APIKey.Reveal())
			}
			if configured != tt.configured {
				t.Errorf("configured = %v, want %v", configured, tt.configured)
			}
		})
	}
	if _, _, err := ConfigFromLookup(lookupFrom(map[string]string{EnvTimeout: "soon"})); err == nil || !strings.Contains(err.Error(), EnvTimeout) {
		t.Errorf("bad timeout: err = %v", err)
	}
}

func TestConfigValidate(t *testing.T) {
	ok := Config{BaseURL: "http://127.0.0.1:1234/v1", Model: "m"}
	tests := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"ok", func(*Config) {}, ""},
		{"no scheme", func(c *Config) { c.BaseURL = "localhost:11434" }, "must be http:// or https://"},
		{"ftp", func(c *Config) { c.BaseURL = "ftp://x/v1" }, "must be http:// or https://"},
		{"unparsable", func(c *Config) { c.BaseURL = "http://u:pw@[::1" }, "is not a URL"},
		{"no model", func(c *Config) { c.Model = " " }, "no LLM model"},
		{"negative timeout", func(c *Config) { c.Timeout = -time.Second }, "negative"},
		{"negative retries", func(c *Config) { c.MaxRetries = -1 }, "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			err := c.Validate()
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "pw") {
				t.Errorf("err leaks the URL password: %v", err)
			}
		})
	}
}

// TestKeyNeverPrinted formats, logs and marshals a config every way we
// can think of and looks for the key.
func TestKeyNeverPrinted(t *testing.T) {
	cfg := Config{BaseURL: "https://user:hunter2@api.example.com/v1?api-key=qkey", Model: "m", APIKey: testKey, Timeout: time.Second}
	type wrapper struct {
		Cfg    Config
		Ptr    *Config
		Secret Secret
	}
	var out []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%10.3s"} {
		out = append(out, fmt.Sprintf(verb, cfg), fmt.Sprintf(verb, &cfg), fmt.Sprintf(verb, cfg.APIKey),
			fmt.Sprintf(verb, wrapper{cfg, &cfg, cfg.APIKey}))
	}
	out = append(out, fmt.Sprint(cfg), fmt.Sprintln(cfg.APIKey), cfg.String(), cfg.GoString(), cfg.Endpoint())

	var logs bytes.Buffer
	for _, h := range []slog.Handler{slog.NewJSONHandler(&logs, nil), slog.NewTextHandler(&logs, nil)} {
		slog.New(h).Info("llm", "config", cfg, "key", cfg.APIKey, "ptr", &cfg)
	}
	out = append(out, logs.String())

	for _, v := range []any{cfg, &cfg, wrapper{cfg, &cfg, cfg.APIKey}} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, s.String(), fmt.Sprintf("%v", s.Config()))

	joined := strings.Join(out, "\n")
	for _, secret := range []string{testKey, "hunter2", "qkey"} {
		if strings.Contains(joined, secret) {
			t.Errorf("%q appears in:\n%s", secret, joined)
		}
	}
	if !strings.Contains(joined, "[redacted]") || !strings.Contains(joined, "api.example.com") {
		t.Errorf("expected the redacted marker and the host in:\n%s", joined)
	}
	if Secret("").String() != "" {
		t.Error("an unset key must look unset")
	}
}
