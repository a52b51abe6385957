package testtext

import (
	"fmt"
	"strings"
)

// benchSentences is varied English so BPE counts behave as on real text.
var benchSentences = []string{
	"The customer reports that the order has not arrived after ten business days.",
	"Refunds are issued to the original payment method within five to seven days.",
	"Our warehouse in Rotterdam ships European orders on weekdays before 3 pm.",
	"If the tracking number shows no movement for 72 hours, open a carrier claim.",
	"Premium members get free express shipping and a dedicated support line.",
	"Order ORD-48213 was split into two parcels because one item was backordered.",
}

func BenchText(words int, seed int) string {
	var b strings.Builder
	for n := 0; n < words; {
		s := benchSentences[(seed+n)%len(benchSentences)]
		b.WriteString(s)
		b.WriteByte(' ')
		n += len(strings.Fields(s))
	}
	return b.String()
}

// PaddedWords returns "p01 p02 … pNN": n words, which the heuristic counts
// as int(n * 1.3) tokens.
func PaddedWords(prefix string, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("%s%02d", prefix, i+1)
	}
	return strings.Join(w, " ")
}

func Words(n int, prefix string) string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return strings.Join(w, " ")
}

// LongDoc returns n paragraphs of words words each; paragraph i mentions
// "clause<i>".
func LongDoc(n, words int) string {
	paras := make([]string, n)
	for i := range paras {
		w := make([]string, words)
		for j := range w {
			w[j] = fmt.Sprintf("w%d", j)
		}
		w[0] = fmt.Sprintf("clause%d", i)
		paras[i] = strings.Join(w, " ") + "."
	}
	return strings.Join(paras, "\n\n")
}
