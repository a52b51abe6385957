package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"ctxlab/core/summarize"
	"ctxlab/internal/numfmt"
	"ctxlab/llm"
)

// Summarizer names --summarizer accepts.
const (
	summarizerExtractive = "extractive"
	summarizerLLM        = "llm"
)

// llmFlags choose the summarizer behind the rolling summary (assemble
// --memory summary, the workbench) and longdoc --run. Each flag overrides
// the environment variable llm.ConfigFromLookup reads for the same setting.
// The API key is never a flag value: a key typed on the command line ends
// up in the shell's history and in every ps listing. --llm-api-key-file
// names a file that holds it, --llm-api-key-env a variable.
type llmFlags struct {
	summarizer string
	baseURL    string
	model      string
	timeout    string
	apiKeyEnv  string
	apiKeyFile string
}

func (l *llmFlags) register(fs *flagSet) {
	fs.StringVar(&l.summarizer, "summarizer", "", "who writes summaries: extractive (offline, deterministic) or llm (an OpenAI-compatible chat completions endpoint); default llm when "+llm.EnvBaseURL+" or "+llm.EnvModel+" is set or --llm-base-url or --llm-model is given, else extractive")
	fs.StringVar(&l.baseURL, "llm-base-url", "", "LLM API root, e.g. http://localhost:11434/v1 (Ollama) or http://localhost:8000/v1 (vLLM) (default: $"+llm.EnvBaseURL+", $"+llm.EnvOpenAIBaseURL+", else "+llm.DefaultBaseURL+")")
	fs.StringVar(&l.model, "llm-model", "", "LLM model name (default: $"+llm.EnvModel+", else "+llm.DefaultModel+")")
	fs.StringVar(&l.timeout, "llm-timeout", "", "limit for one LLM call: a duration such as 30s or 2m, or seconds; 0 means none (default: $"+llm.EnvTimeout+", else "+fmt.Sprintf("%ds", int(llm.DefaultTimeout/time.Second))+")")
	fs.StringVar(&l.apiKeyEnv, "llm-api-key-env", "", "NAME of the environment variable holding the LLM API key (default: $"+llm.EnvAPIKey+", else $"+llm.EnvOpenAIAPIKey+"); the key itself is never accepted as a flag, so it stays out of shell history and ps")
	fs.StringVar(&l.apiKeyFile, "llm-api-key-file", "", "FILE holding the LLM API key alone on one line (surrounding whitespace trimmed), e.g. a file only you can read or a mounted secret; wins over $"+llm.EnvAPIKey+" and $"+llm.EnvOpenAIAPIKey+"; not with --llm-api-key-env. Read only when an LLM is used; the key is never printed")
}

// summarizerSetup is the summarizer a command uses and what it reports.
type summarizerSetup struct {
	// Summarizer is what the command passes to core; never nil.
	Summarizer summarize.Summarizer
	// LLM is the model's summarizer, nil when the extractive one works
	// alone.
	LLM *llm.OpenAISummarizer
	// Explicit is true when --summarizer llm was given, so a command can
	// say when nothing it does needs a summary.
	Explicit bool
	// Fallbacks collects the LLM's failures, each answered by the
	// extractive summary instead.
	Fallbacks *fallbackLog
}

// Label names the summarizer for a report: its endpoint and model, never
// the key.
func (s *summarizerSetup) Label() string {
	if s.LLM == nil {
		return "extractive (offline)"
	}
	cfg := s.LLM.Config()
	return fmt.Sprintf("llm (%s, model %s; falls back to extractive)", cfg.Endpoint(), cfg.Model)
}

// summarizerJSON describes the summarizer in JSON output.
type summarizerJSON struct {
	Name     string `json:"name"` // extractive or llm
	Endpoint string `json:"endpoint,omitempty"`
	Model    string `json:"model,omitempty"`
	Label    string `json:"-"`
}

// JSON describes the summarizer for JSON output: never the key.
func (s *summarizerSetup) JSON() summarizerJSON {
	j := summarizerJSON{Name: summarizerExtractive, Label: s.Label()}
	if s.LLM != nil {
		cfg := s.LLM.Config()
		j.Name, j.Endpoint, j.Model = summarizerLLM, cfg.Endpoint(), cfg.Model
	}
	return j
}

// build turns the flags and the environment into a summarizer. breaker
// makes the first failure that says the endpoint is unusable (timeout,
// unreachable, refused key, server error) skip the model for the rest of
// the command, so a one-shot command with many summary calls does not
// wait out the timeout once per call.
func (l *llmFlags) build(env Env, fs *flagSet, breaker bool) (*summarizerSetup, error) {
	getenv := env.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	setup := &summarizerSetup{Summarizer: summarize.ExtractiveSummarizer{}, Fallbacks: &fallbackLog{}}
	set := func(name string) bool { return flagWasSet(fs, name) }

	useLLM := false
	switch {
	case set("summarizer"):
		switch strings.TrimSpace(l.summarizer) {
		case summarizerExtractive:
		case summarizerLLM:
			useLLM, setup.Explicit = true, true
		default:
			return nil, fmt.Errorf("--summarizer %s: expected %s or %s", quoted(l.summarizer), summarizerExtractive, summarizerLLM)
		}
	case set("llm-base-url") || set("llm-model"):
		useLLM = true
	default:
		useLLM = strings.TrimSpace(getenv(llm.EnvBaseURL)) != "" || strings.TrimSpace(getenv(llm.EnvModel)) != ""
	}
	// Two answers to where the key is, or a malformed timeout, are errors
	// even when nothing asks a model.
	if set("llm-api-key-file") && set("llm-api-key-env") {
		return nil, errors.New("--llm-api-key-file and --llm-api-key-env both say where the API key is: give one")
	}
	if set("llm-timeout") {
		if _, err := parseLLMTimeout(l.timeout); err != nil {
			return nil, err
		}
	}
	if !useLLM {
		// The environment is not read at all: a broken LLM setting must
		// not stop a command that does not use it.
		return setup, nil
	}

	// The flags are laid over the environment and read through llm's own
	// precedence, so a flag and its variable mean exactly the same.
	overlay := map[string]string{}
	if set("llm-base-url") {
		if strings.TrimSpace(l.baseURL) == "" {
			return nil, fmt.Errorf("--llm-base-url is empty: expected a URL such as http://localhost:11434/v1")
		}
		overlay[llm.EnvBaseURL] = l.baseURL
	}
	if set("llm-model") {
		if strings.TrimSpace(l.model) == "" {
			return nil, fmt.Errorf("--llm-model is empty: expected a model name such as %s", llm.DefaultModel)
		}
		overlay[llm.EnvModel] = l.model
	}
	if set("llm-timeout") {
		overlay[llm.EnvTimeout] = l.timeout
	}
	if set("llm-api-key-env") {
		name := strings.TrimSpace(l.apiKeyEnv)
		if !envNamePattern.MatchString(name) {
			// The value is not quoted: it may be a key pasted by mistake.
			return nil, fmt.Errorf("--llm-api-key-env takes the NAME of an environment variable (letters, digits and _), such as OPENAI_API_KEY, not the key itself")
		}
		key := strings.TrimSpace(getenv(name))
		if key == "" {
			return nil, fmt.Errorf("--llm-api-key-env: %s is not set or empty", printableEnvName(name))
		}
		overlay[llm.EnvAPIKey] = key
	}
	if set("llm-api-key-file") {
		key, err := readKeyFile(l.apiKeyFile)
		if err != nil {
			return nil, err
		}
		overlay[llm.EnvAPIKey] = key
	}
	lookup := func(name string) (string, bool) {
		if v, ok := overlay[name]; ok {
			return v, true
		}
		v := getenv(name)
		return v, v != ""
	}
	cfg, _, err := llm.ConfigFromLookup(lookup)
	if err != nil {
		return nil, err // names CTXLAB_LLM_TIMEOUT; a flag value was checked above
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", baseURLSource(set, getenv), err)
	}
	if u, err := url.Parse(cfg.BaseURL); err == nil && u.Hostname() == "api.openai.com" && cfg.APIKey.Reveal() == "" {
		return nil, fmt.Errorf("--summarizer llm: the OpenAI API at %s needs a key: set %s or %s, name your variable with --llm-api-key-env or your file with --llm-api-key-file (or point --llm-base-url at a local server)", cfg.Endpoint(), llm.EnvOpenAIAPIKey, llm.EnvAPIKey)
	}
	model, err := llm.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", baseURLSource(set, getenv), err)
	}
	setup.LLM = model
	var primary summarize.Summarizer = model
	if breaker {
		primary = &circuitBreaker{next: model}
	}
	// The cache sits inside the fallback, as summarize.CachedSummarizer asks,
	// so an extractive stand-in is never remembered as the model's.
	setup.Summarizer = llm.WithFallback(summarize.NewCachedSummarizer(primary, 0), summarize.ExtractiveSummarizer{}, setup.Fallbacks.report)
	return setup, nil
}

// readKeyFile reads --llm-api-key-file. Its errors name the flag and the
// file, and never hold the key: llm.ReadAPIKeyFile says what is wrong with
// the file without quoting it.
func readKeyFile(path string) (string, error) {
	if strings.TrimSpace(path) == "" {
		return "", errors.New("--llm-api-key-file is empty: expected the path of a file holding the API key")
	}
	key, err := llm.ReadAPIKeyFile(path)
	if err == nil {
		return key.Reveal(), nil
	}
	if errors.Is(err, fs.ErrNotExist) && looksLikeKey(path) {
		// The value is not quoted: it may be a key typed where its file belongs.
		return "", errors.New("--llm-api-key-file: no such file; it takes the path of a file holding the API key, not the key itself")
	}
	return "", fmt.Errorf("--llm-api-key-file %s: %w", quoted(path), err)
}

// looksLikeKey reports whether a path that names no file is more likely a
// key: long, with neither a directory separator nor a dot, which nearly
// every key file's path has (key.txt, ~/.config/..., /run/secrets/...).
func looksLikeKey(path string) bool {
	return len(path) >= 32 && !strings.ContainsAny(path, `/\.`)
}

// envNamePattern is what --llm-api-key-env accepts.
var envNamePattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// upperEnvName is the usual shape of a variable's name.
var upperEnvName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// printableEnvName quotes a variable name in an error only when it looks
// like one (upper case, short); anything else may be a key typed where
// its variable's name belongs, and is not repeated.
func printableEnvName(name string) string {
	if len(name) <= 64 && upperEnvName.MatchString(name) {
		return name
	}
	return "the variable named there"
}

// baseURLSource names where a bad base URL came from.
func baseURLSource(set func(string) bool, getenv func(string) string) string {
	switch {
	case set("llm-base-url"):
		return "--llm-base-url"
	case strings.TrimSpace(getenv(llm.EnvBaseURL)) != "":
		return llm.EnvBaseURL
	case strings.TrimSpace(getenv(llm.EnvOpenAIBaseURL)) != "":
		return llm.EnvOpenAIBaseURL
	}
	return "--summarizer llm"
}

// parseLLMTimeout checks --llm-timeout as llm reads CTXLAB_LLM_TIMEOUT
// (llm.ParseTimeout), naming the flag.
func parseLLMTimeout(v string) (time.Duration, error) {
	d, err := llm.ParseTimeout(v)
	if err != nil {
		return 0, fmt.Errorf("--llm-timeout %s %v", quoted(strings.TrimSpace(v)), err)
	}
	return d, nil
}

// circuitBreaker stops asking the model after a failure that will not go
// away within one command: the remaining calls fail at once with the same
// error and the fallback answers them.
type circuitBreaker struct {
	next summarize.Summarizer

	mu      sync.Mutex
	tripped error
}

// skippedError is a call the breaker answered without asking the model.
type skippedError struct{ err error }

func (e *skippedError) Error() string { return e.err.Error() }
func (e *skippedError) Unwrap() error { return e.err }

// Summarize implements summarize.Summarizer.
func (b *circuitBreaker) Summarize(ctx context.Context, req summarize.Request) (string, error) {
	b.mu.Lock()
	tripped := b.tripped
	b.mu.Unlock()
	if tripped != nil {
		return "", &skippedError{err: tripped}
	}
	out, err := b.next.Summarize(ctx, req)
	if err != nil && ctx.Err() == nil && tripsBreaker(err) {
		b.mu.Lock()
		if b.tripped == nil {
			b.tripped = err
		}
		b.mu.Unlock()
	}
	return out, err
}

// tripsBreaker reports failures of the endpoint rather than of one
// request: an empty answer or a refusal may be about that text alone.
func tripsBreaker(err error) bool {
	var e *llm.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Kind {
	case llm.KindEmpty, llm.KindRequest, llm.KindCanceled:
		return false
	}
	return true
}

// fallbackLog gathers the fallback reports of one command, one entry per
// distinct failure, so a dead endpoint is reported once, not once per
// summary call. It is safe for concurrent use: the workbench summarizes
// off its UI goroutine.
type fallbackLog struct {
	mu      sync.Mutex
	entries []fallbackEntry
}

// fallbackEntry is one distinct failure and how many calls it covered.
type fallbackEntry struct {
	Message string `json:"message"`
	// Calls is how many summary calls fell back with this message.
	Calls int `json:"calls"`
	// Skipped is how many of them did not ask the model at all, after
	// the first failure.
	Skipped int `json:"skipped,omitempty"`
}

// report is the function llm.WithFallback calls.
func (r *fallbackLog) report(err error) {
	skipped := 0
	var s *skippedError
	if errors.As(err, &s) {
		skipped = 1
	}
	msg := err.Error()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.entries {
		if r.entries[i].Message == msg {
			r.entries[i].Calls++
			r.entries[i].Skipped += skipped
			return
		}
	}
	r.entries = append(r.entries, fallbackEntry{Message: msg, Calls: 1, Skipped: skipped})
}

// Entries returns the failures so far, in the order they first happened.
func (r *fallbackLog) Entries() []fallbackEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]fallbackEntry(nil), r.entries...)
}

// Lines are the failures as stderr lines: "ctxlab: LLM summarizer
// (ENDPOINT, model M): WHAT; used the extractive summary instead", with
// how many calls it covered when more than one.
func (r *fallbackLog) Lines() []string {
	var lines []string
	for _, e := range r.Entries() {
		line := "ctxlab: " + e.Message
		switch {
		case e.Skipped > 0 && e.Calls-e.Skipped == 1:
			line += fmt.Sprintf(", and for the %s summary %s after it without asking the model again", numfmt.Thousands(e.Skipped), numfmt.Plural(e.Skipped, "call", "calls"))
		case e.Skipped > 0:
			line += fmt.Sprintf(" (%s summary calls; the last %s did not ask the model again)", numfmt.Thousands(e.Calls), numfmt.Thousands(e.Skipped))
		case e.Calls > 1:
			line += fmt.Sprintf(" (%s summary calls)", numfmt.Thousands(e.Calls))
		}
		lines = append(lines, line)
	}
	return lines
}
