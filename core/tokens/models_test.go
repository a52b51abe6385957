package tokens

import (
	"strings"
	"testing"
)

func TestLookupModel(t *testing.T) {
	tests := []struct {
		model     string
		name      string
		window    int
		maxOutput int
		encoding  string
		provider  string
	}{
		{"gpt-4o", "gpt-4o", 128_000, 16_384, TokenizerO200K, ProviderOpenAI},
		{"gpt-4o-2024-08-06", "gpt-4o", 128_000, 16_384, TokenizerO200K, ProviderOpenAI},
		{"gpt-4o-mini", "gpt-4o", 128_000, 16_384, TokenizerO200K, ProviderOpenAI},
		{"GPT-4.1-mini", "gpt-4.1", 1_047_576, 32_768, TokenizerO200K, ProviderOpenAI},
		{"gpt-4.1-nano-2025-04-14", "gpt-4.1", 1_047_576, 32_768, TokenizerO200K, ProviderOpenAI},
		{"o1", "o1", 200_000, 100_000, TokenizerO200K, ProviderOpenAI},
		{"o1-mini", "o1-mini", 128_000, 65_536, TokenizerO200K, ProviderOpenAI},
		{"o3", "o3", 200_000, 100_000, TokenizerO200K, ProviderOpenAI},
		{"o3-mini", "o3", 200_000, 100_000, TokenizerO200K, ProviderOpenAI},
		{"o4-mini-2025-04-16", "o4-mini", 200_000, 100_000, TokenizerO200K, ProviderOpenAI},
		{"gpt-5", "gpt-5", 400_000, 128_000, TokenizerO200K, ProviderOpenAI},
		{"gpt-5-mini", "gpt-5", 400_000, 128_000, TokenizerO200K, ProviderOpenAI},
		{"gpt-5-chat-latest", "gpt-5-chat", 128_000, 16_384, TokenizerO200K, ProviderOpenAI},
		{"gpt-4-turbo-2024-04-09", "gpt-4-turbo", 128_000, 4_096, TokenizerCL100K, ProviderOpenAI},
		{"gpt-4", "gpt-4", 8_192, 8_192, TokenizerCL100K, ProviderOpenAI},
		{"gpt-4-0613", "gpt-4", 8_192, 8_192, TokenizerCL100K, ProviderOpenAI},
		{"gpt-3.5-turbo", "gpt-3.5-turbo", 16_385, 4_096, TokenizerCL100K, ProviderOpenAI},
		{"openai:gpt-4o", "gpt-4o", 128_000, 16_384, TokenizerO200K, ProviderOpenAI},
		{"openai/gpt-4.1", "gpt-4.1", 1_047_576, 32_768, TokenizerO200K, ProviderOpenAI},
		{"ft:gpt-4o-mini:acme::abc123", "gpt-4o", 128_000, 16_384, TokenizerO200K, ProviderOpenAI},
		{"claude-3-5-sonnet-20241022", "claude-3-5-sonnet", 200_000, 8_192, TokenizerO200K, ProviderAnthropic},
		{"claude-3-7-sonnet-latest", "claude-3-7-sonnet", 200_000, 64_000, TokenizerO200K, ProviderAnthropic},
		{"claude-sonnet-4-5", "claude-sonnet-4", 200_000, 64_000, TokenizerO200K, ProviderAnthropic},
		{"claude-haiku-4-5", "claude-haiku-4", 200_000, 64_000, TokenizerO200K, ProviderAnthropic},
		{"claude-opus-4-1-20250805", "claude-opus-4", 200_000, 32_000, TokenizerO200K, ProviderAnthropic},
		{"anthropic:claude-3-5-haiku-latest", "claude-3-5-haiku", 200_000, 8_192, TokenizerO200K, ProviderAnthropic},
		{"us.anthropic.claude-3-5-haiku-20241022-v1:0", "claude-3-5-haiku", 200_000, 8_192, TokenizerO200K, ProviderAnthropic},
		{"claude-future-9", "claude", 200_000, 4_096, TokenizerO200K, ProviderAnthropic},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			got, ok := LookupModel(tt.model)
			if !ok {
				t.Fatalf("LookupModel(%q) not found", tt.model)
			}
			want := ModelSpec{Name: tt.name, Window: tt.window, MaxOutput: tt.maxOutput, Encoding: tt.encoding, Provider: tt.provider}
			if got != want {
				t.Errorf("LookupModel(%q) = %+v, want %+v", tt.model, got, want)
			}
			if got.Exact() != (tt.provider == ProviderOpenAI) {
				t.Errorf("Exact() = %v for provider %s", got.Exact(), tt.provider)
			}
		})
	}
}

func TestLookupModelUnknown(t *testing.T) {
	for _, model := range []string{"", "llama-3.1-70b", "mistral-large", "text-davinci-003", "gemini-2.5-pro"} {
		if spec, ok := LookupModel(model); ok {
			t.Errorf("LookupModel(%q) = %+v, want not found", model, spec)
		}
	}
}

// Every OpenAI entry must have an encoding in EncodingForModel's table,
// so the two tables cannot drift apart silently.
func TestModelSpecsHaveEncodings(t *testing.T) {
	for prefix := range modelSpecs {
		if strings.HasPrefix(prefix, "claude") {
			continue
		}
		if _, err := EncodingForModel(prefix); err != nil {
			t.Errorf("model table entry %q: %v", prefix, err)
		}
		spec := modelSpecs[prefix]
		if spec.MaxOutput <= 0 || spec.Window <= 0 || spec.MaxOutput > spec.Window {
			t.Errorf("model table entry %q: window %d, max output %d", prefix, spec.Window, spec.MaxOutput)
		}
	}
}

func TestDefaultResponseReserveFitsEveryModel(t *testing.T) {
	for prefix, spec := range modelSpecs {
		if DefaultResponseReserve >= spec.Window {
			t.Errorf("%s: the default reserve %d leaves no input in a %d-token window", prefix, DefaultResponseReserve, spec.Window)
		}
	}
}
