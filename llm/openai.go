package llm

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"ctxlab/core/summarize"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// OpenAISummarizer implements summarize.Summarizer with one chat completion
// per summary: the article's prompt as a single user message and the
// article's max_tokens, sent to any OpenAI-compatible endpoint.
type OpenAISummarizer struct {
	cfg Config
	svc openai.ChatCompletionService
}

// New checks cfg and builds the summarizer. It makes no request.
func New(cfg Config) (*OpenAISummarizer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	opts := []option.RequestOption{
		option.WithBaseURL(cfg.BaseURL),
		option.WithHTTPClient(withReplyLimit(client, MaxReplySize)),
		option.WithMaxRetries(cfg.MaxRetries),
	}
	if key := cfg.APIKey.Reveal(); key != "" {
		opts = append(opts, option.WithAPIKey(key))
	}
	// The service, unlike openai.NewClient, reads no OPENAI_* variables:
	// what is sent is exactly what cfg says, and tests are hermetic.
	return &OpenAISummarizer{cfg: cfg, svc: openai.NewChatCompletionService(opts...)}, nil
}

// Name identifies the summarizer in notes and reports.
func (s *OpenAISummarizer) Name() string { return "llm" }

// String names the endpoint and model; never the key.
func (s *OpenAISummarizer) String() string {
	return fmt.Sprintf("LLM summarizer (%s, model %s)", s.cfg.Endpoint(), s.cfg.Model)
}

// Config returns the summarizer's configuration.
func (s *OpenAISummarizer) Config() Config { return s.cfg }

// Summarize implements summarize.Summarizer. Every failure is an *Error.
func (s *OpenAISummarizer) Summarize(ctx context.Context, req summarize.Request) (string, error) {
	if err := req.Validate(); err != nil {
		return "", &Error{Endpoint: s.cfg.Endpoint(), Model: s.cfg.Model, Kind: KindRequest, Detail: err.Error(), Err: err}
	}
	callCtx := ctx
	if s.cfg.Timeout > 0 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, s.cfg.Timeout)
		defer cancel()
	}
	params := openai.ChatCompletionNewParams{
		Model:    openai.ChatModel(s.cfg.Model),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(req.Prompt())},
	}
	if s.cfg.MaxCompletionTokens {
		params.MaxCompletionTokens = openai.Int(int64(req.MaxTokens()))
	} else {
		params.MaxTokens = openai.Int(int64(req.MaxTokens()))
	}
	var resp *http.Response
	completion, err := s.svc.New(callCtx, params, option.WithResponseInto(&resp))
	if err != nil {
		return "", s.classify(err, resp, ctx)
	}
	if completion == nil || len(completion.Choices) == 0 {
		return "", &Error{Endpoint: s.cfg.Endpoint(), Model: s.cfg.Model, Kind: KindEmpty, Status: statusOf(resp), Detail: "the response has no choices"}
	}
	msg := completion.Choices[0].Message
	content := strings.TrimSpace(msg.Content)
	if content == "" {
		detail := "the response's message is empty"
		if r := strings.TrimSpace(msg.Refusal); r != "" {
			refusal, echoed := s.scrub(r)
			detail = "the model refused: " + refusal
			if echoed {
				detail += "; " + echoNote
			}
		}
		return "", &Error{Endpoint: s.cfg.Endpoint(), Model: s.cfg.Model, Kind: KindEmpty, Status: statusOf(resp), Detail: detail}
	}
	// A server may echo the request's Authorization header or the key
	// back inside the text; the summary is shown, exported and logged.
	// A copy in another form is noted where the summary is read.
	content, echoed := s.redact(content)
	if echoed {
		content += "\n\n[ctxlab: " + echoNote + "]"
	}
	return content, nil
}

func statusOf(resp *http.Response) int {
	if resp == nil {
		return 0
	}
	return resp.StatusCode
}
