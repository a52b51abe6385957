package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// set is one generated input: its file name, what it is, and how it is
// written.
type set struct {
	name  string
	about string
	write func(w *bufio.Writer)
}

var sets = []set{
	{"million-words.jsonl", "1,000,000 one-word documents, 38 MB", millionWords},
	{"kb-100k.jsonl", "100,000 documents of about 1 KB over an 80-word vocabulary, near and exact copies (the issue-9 set, with sources), 125 MB", kb100k},
	{"random-200mb.jsonl", "92,906 documents of 300 random words, 200 MB", func(w *bufio.Writer) { randomDocsJSONL(w, 92906, 300, 3) }},
	{"short-words-42mb.jsonl", "16,504 documents of 1,000 one- and two-letter words, 42 MB", shortWords},
	{"random-2k-50mb.jsonl", "25,000 documents of 2 KB of random words, JSON Lines, 50 MB", func(w *bufio.Writer) { randomDocsJSONL(w, 25000, 2000, 4) }},
	{"random-2k-50mb.json", "the same as a JSON array", randomDocsJSONArray},
	{"random-2k-50mb.csv", "the same as CSV", randomDocsCSV},
	{"random-2k-50mb.yaml", "the same as YAML", randomDocsYAML},
	{"random-50mb.txt", "the same words as one text, blank lines between the documents", randomText},
	{"one-doc-50mb.jsonl", "one document of 50 MB of random words", oneDoc},
	{"two-docs.jsonl", "two small documents, for assemble", twoDocs},
	{"history-20k.jsonl", "a chat history of 20,000 messages of 2.5 KB, 50.7 MB", history20k},
	{"history-20k.yaml", "the same history as YAML", history20kYAML},
	{"history-one-50mb.json", "a chat history whose one message is 50 MB", historyOne},
	{"request-47mb.json", "an OpenAI request body of 16,500 messages of 2.5 KB, the query, 2,000 tool calls and their 2.5 KB outputs, 47 MB", request47},
}

// randomWord is 3 to 9 lowercase letters.
func randomWord(rng *rand.Rand, b *strings.Builder) {
	for range 3 + rng.IntN(7) {
		b.WriteByte(byte('a' + rng.IntN(26)))
	}
}

// randomWords is space-separated random words filling at least size
// bytes.
func randomWords(rng *rand.Rand, size int) string {
	var b strings.Builder
	b.Grow(size + 10)
	for b.Len() < size {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		randomWord(rng, &b)
	}
	return b.String()
}

// randomCountWords is count random words, space separated.
func randomCountWords(rng *rand.Rand, count int) string {
	var b strings.Builder
	for i := range count {
		if i > 0 {
			b.WriteByte(' ')
		}
		randomWord(rng, &b)
	}
	return b.String()
}

func score(rng *rand.Rand) string {
	return strconv.FormatFloat(float64(rng.IntN(1000))/1000, 'f', -1, 64)
}

func millionWords(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 1000000 {
		fmt.Fprintf(w, "{\"content\": %q, \"score\": %s}\n", kbVocabulary[rng.IntN(len(kbVocabulary))], score(rng))
	}
}

// kbVocabulary gives the issue-9 set realistic word reuse, as
// core/pipeline's benchDocs does.
var kbVocabulary = strings.Fields(`refund order shipping return policy days business customer account
payment card gift warranty damaged item replacement tracking number carrier delivery address store credit
exchange size guide tent jacket boots backpack label printable window approved request original method
within after before please contact support team email phone hours weekend holiday international customs`)

// kb100k is core/pipeline's benchDocs at 100,000: documents of 80-240
// words, one in ten a near copy of an earlier one, one in twenty an
// exact copy.
func kb100k(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 100000
	contents := make([]string, n)
	for i := range contents {
		switch {
		case i > 20 && i%20 == 0:
			contents[i] = contents[rng.IntN(i)]
		case i > 10 && i%10 == 0:
			words := strings.Fields(contents[rng.IntN(i)])
			words[rng.IntN(len(words))] = "changed"
			contents[i] = strings.Join(words, " ")
		default:
			words := make([]string, 80+rng.IntN(160))
			for j := range words {
				words[j] = kbVocabulary[rng.IntN(len(kbVocabulary))]
			}
			contents[i] = strings.Join(words, " ")
		}
		fmt.Fprintf(w, "{\"content\": %q, \"score\": %s, \"source\": \"kb/article-%d.md\"}\n", contents[i], score(rng), i)
	}
}

func randomDocsJSONL(w *bufio.Writer, n, size int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := range n {
		var content string
		if size == 300 { // the 200 MB set counts words
			content = randomCountWords(rng, size)
		} else {
			content = randomWords(rng, size)
		}
		fmt.Fprintf(w, "{\"content\": %q, \"score\": %s, \"source\": \"doc-%d\"}\n", content, score(rng), i)
	}
}

// random2k calls each of the 25,000 documents of the 2 KB sets in turn,
// the same words in every format.
func random2k(each func(i int, content, score string)) {
	rng := rand.New(rand.NewPCG(4, 1))
	for i := range 25000 {
		content := randomWords(rng, 2000)
		each(i, content, score(rng))
	}
}

func randomDocsJSONArray(w *bufio.Writer) {
	w.WriteString("[\n")
	random2k(func(i int, content, score string) {
		if i > 0 {
			w.WriteString(",\n")
		}
		fmt.Fprintf(w, "  {\"content\": %q, \"score\": %s, \"source\": \"doc-%d\"}", content, score, i)
	})
	w.WriteString("\n]\n")
}

func randomDocsCSV(w *bufio.Writer) {
	w.WriteString("content,score,source\n")
	random2k(func(i int, content, score string) { fmt.Fprintf(w, "%s,%s,doc-%d\n", content, score, i) })
}

func randomDocsYAML(w *bufio.Writer) {
	random2k(func(i int, content, score string) {
		fmt.Fprintf(w, "- content: %s\n  score: %s\n  source: doc-%d\n", content, score, i)
	})
}

func randomText(w *bufio.Writer) {
	random2k(func(i int, content, _ string) {
		if i > 0 {
			w.WriteString("\n\n")
		}
		w.WriteString(content)
	})
	w.WriteString("\n")
}

func shortWords(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(5, 1))
	var b strings.Builder
	for i := range 16504 {
		b.Reset()
		for j := range 1000 {
			if j > 0 {
				b.WriteByte(' ')
			}
			for range 1 + rng.IntN(2) {
				b.WriteByte(byte('a' + rng.IntN(26)))
			}
		}
		fmt.Fprintf(w, "{\"content\": %q, \"score\": %s, \"source\": \"doc-%d\"}\n", b.String(), score(rng), i)
	}
}

func oneDoc(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(6, 1))
	fmt.Fprintf(w, "{\"content\": %q, \"score\": 0.9, \"source\": \"huge.md\"}\n", randomWords(rng, 50_000_000))
}

func twoDocs(w *bufio.Writer) {
	w.WriteString(`{"content": "Paris is the capital of France.", "score": 0.9, "source": "a.md"}` + "\n")
	w.WriteString(`{"content": "Berlin is the capital of Germany.", "score": 0.8, "source": "b.md"}` + "\n")
}

func history20k(w *bufio.Writer) {
	history20kMessages(func(role, content string) {
		fmt.Fprintf(w, "{\"role\": %q, \"content\": %q}\n", role, content)
	})
}

func history20kYAML(w *bufio.Writer) {
	history20kMessages(func(role, content string) {
		fmt.Fprintf(w, "- role: %s\n  content: %s\n", role, content)
	})
}

// history20kMessages makes history-20k's messages, the same in every
// syntax.
func history20kMessages(each func(role, content string)) {
	rng := rand.New(rand.NewPCG(7, 1))
	for i := range 20000 {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		each(role, randomWords(rng, 2500))
	}
}

func historyOne(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(8, 1))
	fmt.Fprintf(w, "[{\"role\": \"user\", \"content\": %q}]\n", randomWords(rng, 50_000_000))
}

func request47(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(9, 1))
	w.WriteString(`{"model": "gpt-4o", "messages": [` + "\n")
	w.WriteString(`{"role": "system", "content": "You are a support assistant."}`)
	for i := range 16500 {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		fmt.Fprintf(w, ",\n{\"role\": %q, \"content\": %q}", role, randomWords(rng, 2500))
	}
	w.WriteString(",\n{\"role\": \"user\", \"content\": \"What is the capital of France?\"}")
	for i := range 2000 {
		fmt.Fprintf(w, ",\n{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_%d\", \"type\": \"function\", \"function\": {\"name\": \"search\", \"arguments\": \"{\\\"q\\\": \\\"capital %d\\\"}\"}}]}", i, i)
		fmt.Fprintf(w, ",\n{\"role\": \"tool\", \"tool_call_id\": \"call_%d\", \"content\": %q}", i, randomWords(rng, 2500))
	}
	w.WriteString("\n]}\n")
}
