package pipeline

import "testing"

func TestDuplicateSharedKey(t *testing.T) {
	for _, tt := range []struct {
		d          *Duplicate
		key, value string
	}{
		{&Duplicate{Kind: DuplicateExact, Key: "url arxiv.org/abs/2307.03172"}, "URL", "arxiv.org/abs/2307.03172"},
		{&Duplicate{Kind: DuplicateExact, Key: "metadata doc_id = a = b"}, "doc_id", "a = b"},
		{&Duplicate{Kind: DuplicateExact}, "", ""},
		{&Duplicate{Kind: DuplicateNear, Similarity: 0.9}, "", ""},
		{nil, "", ""},
	} {
		if got := tt.d.SharedKey(); got != tt.key {
			t.Errorf("%+v: SharedKey %q, expected %q", tt.d, got, tt.key)
		}
		if got := tt.d.KeyValue(); got != tt.value {
			t.Errorf("%+v: KeyValue %q, expected %q", tt.d, got, tt.value)
		}
	}
}
