package summarize

import (
	"slices"
	"strings"
	"testing"

	"ctxlab/core/value"
)

func TestExtSplitSentences(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"plain", "One ships today. Two ships Friday! Is three late? Yes.",
			[]string{"One ships today.", "Two ships Friday!", "Is three late?", "Yes."}},
		{"lines and list marks", "# Heading\n- first item. second sentence\n> quoted",
			[]string{"Heading", "first item.", "second sentence", "quoted"}},

		// The sample chat's cut: p.m. before a time zone or a lower-case word.
		{"p.m. before a time zone", "It leaves today because it was created before the 1 p.m. Mountain Time cutoff, so it arrives Friday.",
			[]string{"It leaves today because it was created before the 1 p.m. Mountain Time cutoff, so it arrives Friday."}},
		{"p.m. before a lower-case word", "Orders placed by 1 p.m. ship the same day.",
			[]string{"Orders placed by 1 p.m. ship the same day."}},
		{"a.m. before a zone abbreviation", "We open at 9 a.m. ET on weekdays.",
			[]string{"We open at 9 a.m. ET on weekdays."}},
		{"p.m. ending a sentence", "We close at 5 p.m. Orders after that ship tomorrow.",
			[]string{"We close at 5 p.m.", "Orders after that ship tomorrow."}},
		{"p.m. ending the text", "The cutoff is 1 p.m.", []string{"The cutoff is 1 p.m."}},

		{"e.g. and i.e.", "Bring a layer, e.g. a fleece. Pack light, i.e. under 10 kg.",
			[]string{"Bring a layer, e.g. a fleece.", "Pack light, i.e. under 10 kg."}},
		{"e.g. before a capital", "Use a carrier, e.g. UPS or FedEx.", []string{"Use a carrier, e.g. UPS or FedEx."}},
		{"titles", "Mr. and Mrs. Lee met Dr. Okafor on St. Paul Street. She agreed.",
			[]string{"Mr. and Mrs. Lee met Dr. Okafor on St. Paul Street.", "She agreed."}},
		{"vs.", "Compare the 2P vs. the 3P model.", []string{"Compare the 2P vs. the 3P model."}},
		{"U.S.", "Only U.S. Postal Service addresses get it. Others wait.",
			[]string{"Only U.S. Postal Service addresses get it.", "Others wait."}},
		{"an initial", "Ask J. Smith or J. R. R. Tolkien.", []string{"Ask J. Smith or J. R. R. Tolkien."}},
		{"the pronoun I ends a sentence", "So did I. Then we left.", []string{"So did I.", "Then we left."}},
		{"(e.g. inside brackets", "Some poles (e.g. the hub) crack.", []string{"Some poles (e.g. the hub) crack."}},

		{"No. before a number", "See No. 5 and no. #12 in the list.", []string{"See No. 5 and no. #12 in the list."}},
		{"No. as an answer", "No. We cannot refund it.", []string{"No.", "We cannot refund it."}},

		{"etc. before a lower-case word", "We sell tents, stoves, etc. at every store.",
			[]string{"We sell tents, stoves, etc. at every store."}},
		{"etc. ending a sentence", "We sell tents, stoves, etc. Shipping is free.",
			[]string{"We sell tents, stoves, etc.", "Shipping is free."}},
		{"Co. ending a greeting", "Thanks for reaching out to Larkspur Outdoor Co. Absolutely, we can help.",
			[]string{"Thanks for reaching out to Larkspur Outdoor Co.", "Absolutely, we can help."}},
		{"Inc. before a lower-case word", "Acme Inc. is the vendor.", []string{"Acme Inc. is the vendor."}},

		{"decimals and versions", "It costs $349.99 with 7.5% tax. Upgrade to v1.2.3 first. Version 2.0 is out.",
			[]string{"It costs $349.99 with 7.5% tax.", "Upgrade to v1.2.3 first.", "Version 2.0 is out."}},
		{"a version ending a sentence", "Upgrade to 1.2.3. It fixes the crash.",
			[]string{"Upgrade to 1.2.3.", "It fixes the crash."}},
		{"a number ending a sentence", "The total was 12. Then we paid.", []string{"The total was 12.", "Then we paid."}},
		{"list numbers are dropped like bullets", "1. Open the box. 2) Check the poles.\n10. Call us.",
			[]string{"Open the box.", "Check the poles.", "Call us."}},
		{"a number alone is a sentence", "Pick one of these:\n3.", []string{"Pick one of these:", "3."}},
		{"a year opening a sentence is kept", "2024. That was the year.", []string{"2024.", "That was the year."}},
		{"an ellipsis", "Wait... what happened?", []string{"Wait...", "what happened?"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitSentences(tt.text)
			if !slices.Equal(got, tt.want) {
				t.Errorf("splitSentences(%q)\n got %q\nwant %q", tt.text, got, tt.want)
			}
			// Deterministic, and nothing is lost: the sentences are the
			// text's words in order.
			if again := splitSentences(tt.text); !slices.Equal(again, got) {
				t.Errorf("second split differs: %q", again)
			}
		})
	}
}

// TestExtractiveKeepsTheCutoffWhole is the reported summary: the sentence
// with the 1 p.m. cutoff was cut after "p.m." and lost its time zone and
// what the cutoff was for.
func TestExtractiveKeepsTheCutoffWhole(t *testing.T) {
	out := summarize(t, Request{Messages: []value.Message{
		{Role: "assistant", Content: "Your replacement order is ORD-48597. It's scheduled to leave the warehouse today, September 3, because it was created before the 1 p.m. Mountain Time cutoff, and the estimated delivery is September 5."},
	}})
	want := "created before the 1 p.m. Mountain Time cutoff, and the estimated delivery is September 5."
	if !strings.Contains(out, want) {
		t.Errorf("summary %q lacks %q", out, want)
	}
}

// TestSynopsisKeepsAbbreviations: a synopsis is one sentence, and "p.m."
// or "e.g." do not end it.
func TestSynopsisKeepsAbbreviations(t *testing.T) {
	got := Synopsis("# Cutoffs\nOrders placed before 1 p.m. Mountain Time ship the same day, e.g. tents and bags. Others ship tomorrow.")
	want := "Orders placed before 1 p.m. Mountain Time ship the same day, e.g. tents and bags."
	if got != want {
		t.Errorf("Synopsis = %q, want %q", got, want)
	}
}
