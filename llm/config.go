package llm

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"ctxlab/internal/numfmt"
)

// Defaults for a Config read from an empty environment.
const (
	DefaultBaseURL = "https://api.openai.com/v1"
	// DefaultModel is the article's summarization model.
	DefaultModel = "gpt-4o-mini"
	// DefaultTimeout bounds one summary call; a local model on a CPU can
	// take tens of seconds for 400 tokens.
	DefaultTimeout = 60 * time.Second
)

// Environment variables ConfigFromLookup reads.
const (
	EnvBaseURL       = "CTXLAB_LLM_BASE_URL"
	EnvOpenAIBaseURL = "OPENAI_BASE_URL"
	EnvModel         = "CTXLAB_LLM_MODEL"
	EnvAPIKey        = "CTXLAB_LLM_API_KEY"
	EnvOpenAIAPIKey  = "OPENAI_API_KEY"
	EnvTimeout       = "CTXLAB_LLM_TIMEOUT"
)

// Config says which endpoint and model to ask.
type Config struct {
	// BaseURL is the API root, e.g. https://api.openai.com/v1 or
	// http://localhost:11434/v1 for Ollama; chat/completions is appended.
	BaseURL string `json:"base_url"`
	Model   string `json:"model"`
	// APIKey is sent as a bearer token when set; local servers usually
	// need none.
	APIKey Secret `json:"api_key,omitempty"`
	// Timeout bounds one summary call, retries included; 0 means none
	// beyond the caller's context.
	Timeout time.Duration `json:"timeout"`
	// HTTPClient is used for the requests; nil means a fresh client with
	// no timeout of its own (Timeout applies through the context).
	HTTPClient *http.Client `json:"-"`
	// MaxRetries is how often the SDK retries a 429, a 5xx or a dropped
	// connection. The default 0 fails fast: a failed summary falls back
	// to the extractive one instead of stalling the workbench.
	MaxRetries int `json:"max_retries,omitempty"`
	// MaxCompletionTokens sends the limit as max_completion_tokens, which
	// OpenAI's reasoning models require, instead of the article's
	// max_tokens, which is what local servers understand.
	MaxCompletionTokens bool `json:"max_completion_tokens,omitempty"`
}

// ConfigFromLookup builds a Config from environment variables, each
// setting taken from the first variable that is set and not empty:
//
//	base URL  CTXLAB_LLM_BASE_URL, OPENAI_BASE_URL, else https://api.openai.com/v1
//	model     CTXLAB_LLM_MODEL, else gpt-4o-mini
//	API key   CTXLAB_LLM_API_KEY, OPENAI_API_KEY, else none
//	timeout   CTXLAB_LLM_TIMEOUT (a Go duration such as 30s, or seconds), else 60s
//
// configured is true only when CTXLAB_LLM_BASE_URL or CTXLAB_LLM_MODEL is
// set: an OPENAI_API_KEY in the environment for other tools must not make
// ctxlab send conversations to a model unasked.
func ConfigFromLookup(lookup func(string) (string, bool)) (cfg Config, configured bool, err error) {
	get := func(names ...string) string {
		for _, n := range names {
			if v, ok := lookup(n); ok && strings.TrimSpace(v) != "" {
				return strings.TrimSpace(v)
			}
		}
		return ""
	}
	cfg = Config{
		BaseURL: get(EnvBaseURL, EnvOpenAIBaseURL),
		Model:   get(EnvModel),
		APIKey:  Secret(get(EnvAPIKey, EnvOpenAIAPIKey)),
		Timeout: DefaultTimeout,
	}
	configured = get(EnvBaseURL) != "" || cfg.Model != ""
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if v := get(EnvTimeout); v != "" {
		cfg.Timeout, err = parseTimeout(v)
		if err != nil {
			return cfg, configured, fmt.Errorf("%s: %w", EnvTimeout, err)
		}
	}
	return cfg, configured, nil
}

// parseTimeout reads CTXLAB_LLM_TIMEOUT through ParseTimeout.
func parseTimeout(v string) (time.Duration, error) {
	d, err := ParseTimeout(v)
	if err != nil {
		return 0, fmt.Errorf("timeout %q %v", v, err)
	}
	return d, nil
}

// Validate reports a setting the summarizer cannot work with.
func (c Config) Validate() error {
	u, err := url.Parse(c.BaseURL)
	if err != nil {
		// url's own message quotes the whole URL, credentials included.
		return fmt.Errorf("LLM base URL %q is not a URL", redactURL(c.BaseURL))
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("LLM base URL %q must be http:// or https:// with a host, e.g. http://localhost:11434/v1", redactURL(c.BaseURL))
	}
	if strings.TrimSpace(c.Model) == "" {
		return fmt.Errorf("no LLM model set (set %s or pass one)", EnvModel)
	}
	if c.Timeout < 0 {
		return fmt.Errorf("LLM timeout %s is negative", c.Timeout)
	}
	if c.MaxRetries < 0 {
		return fmt.Errorf("LLM max retries %s is negative", numfmt.Thousands(c.MaxRetries))
	}
	return nil
}

// Endpoint is the base URL as errors and the UI show it: user
// credentials and the query string (which may hold a key) removed.
func (c Config) Endpoint() string { return redactURL(c.BaseURL) }

// redactURL drops a URL's user info, query and fragment. Text that does
// not parse is cut at the first '?' and '@'-prefixed part as a best effort.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		if i := strings.IndexAny(raw, "?#"); i >= 0 {
			raw = raw[:i]
		}
		if i := strings.LastIndex(raw, "@"); i >= 0 {
			scheme := ""
			if j := strings.Index(raw, "://"); j >= 0 && j < i {
				scheme = raw[:j+3]
			}
			raw = scheme + raw[i+1:]
		}
		return raw
	}
	u.User = nil
	u.RawQuery = ""
	u.ForceQuery = false
	u.Fragment = ""
	u.RawFragment = ""
	return u.String()
}

// String shows the config with the key redacted.
func (c Config) String() string {
	return fmt.Sprintf("llm.Config{BaseURL: %q, Model: %q, APIKey: %q, Timeout: %s, MaxRetries: %d}",
		c.Endpoint(), c.Model, c.APIKey.String(), c.Timeout, c.MaxRetries)
}

// GoString is String: %#v must not reveal the key either.
func (c Config) GoString() string { return c.String() }

// Format implements fmt.Formatter so every verb, not only %v and %s,
// goes through String.
func (c Config) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		fmt.Fprintf(f, "%q", c.String())
		return
	}
	fmt.Fprint(f, c.String())
}

// LogValue implements slog.LogValuer.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("base_url", c.Endpoint()),
		slog.String("model", c.Model),
		slog.String("api_key", c.APIKey.String()),
		slog.Duration("timeout", c.Timeout),
		slog.Int("max_retries", c.MaxRetries),
	)
}

// MarshalJSON writes the config as String shows it: the key redacted and
// the base URL without credentials or query, so a saved or exported
// config never holds a secret.
func (c Config) MarshalJSON() ([]byte, error) {
	type plain Config // drops the methods, so no recursion
	p := plain(c)
	p.BaseURL = c.Endpoint()
	return json.Marshal(p)
}
