package loaders

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The cut YAML parse (yaml_items.go) against the whole-file parse: the
// same value or the same error for every input, and the cut taken where
// it is plainly safe, declined where it is not.

// yamlCutCases are hand-written inputs, each a corner of the cut: values
// that run over lines, comments and blank lines between items, line
// endings, and the inputs that must go to the whole-file parser.
var yamlCutCases = []string{
	"- content: a\n  score: 0.5\n- content: b\n",
	"# a comment\n\n- content: a\n# between\n\n- content: b\n  # indented\n",
	"- content: |\n    kept\n\n    lines\n\n- content: |+\n    keep\n\n\n- content: >-\n    folded\n    text\n\n",
	"- content: |+\n    keep at the end\n\n",
	"- content: plain text that\n    goes on over lines\n- b\n",
	"- content: \"double\n  quoted over lines\"\n- 'single\n  quoted'\n",
	"- content: \"open quote\n- content: b\"\n",
	"- {content: flow, score: 1}\n- [a, b]\n- [a,\n- b]\n",
	"- content: a\r\n  score: 1\r\n- content: b\r\n",
	"- content: a\r- content: b\r",
	"- content: a\n  metadata:\n  - x\n  - y\n- - nested\n  - list\n-\n- \n",
	"- content: a\n  1: int key\n  true: bool key\n  ~: null key\n  [a, b]: list key\n",
	"- content: a\n  score: .nan\n- text: b\n  metadata: {x: .inf, t: 2001-12-14t21:59:43.10-05:00}\n",
	"- content: !!binary /w==\n",
	"- content: a\n  content: twice\n",
	"- content: a\n  <<: {source: merged}\n",
	"- &m {source: s}\n- {content: c, metadata: *m}\n",
	"- content: &t text\n  title: *t\n",
	"- content: a\n  note: \"2 * 3\"\n",
	"---\n- content: a\n",
	"# c\n--- \n- content: a\n- content: b\n",
	"---\r\n- content: a\r\n- content: b\r\n",
	"---\n---\n- content: a\n",
	"---\n- content: a\n---\n",
	"--- # c\n- content: a\n",
	"---\n",
	"- content: a\n---\n- content: b\n",
	"- content: a\n...\n",
	"%YAML 1.2\n---\n- content: a\n",
	"key: value\n- content: a\n",
	"- content: a\nkey: value\n",
	"- content: a\n\t- tab\n",
	"- content: a\n  score:\t1\n",
	"-\tcontent: a\n",
	"-1\n",
	"\ufeff- content: a\n",
	"- content: a\n   bad: indent\n  score: 1\n",
	"- content: a\n- content: \x1b[31mred\n",
	"- content: a\n  x: [" + strings.Repeat("[", 200) + strings.Repeat("]", 200) + "]\n",
	"  - content: indented list\n  - content: b\n",
	"- content: a\n  tail: b\n# trailing comment",
	" -\n-",
	"- content: no newline at the end",
	"-",
	"- ",
	"# only a comment\n",
	"",
}

func TestYAMLCutMatchesWholeParseOnTheCases(t *testing.T) {
	t.Parallel()
	cut := 0
	for _, input := range yamlCutCases {
		if checkYAMLCut(t, input) {
			cut++
		}
	}
	if cut < 15 {
		t.Errorf("the cut was taken on %d of %d cases; the cases no longer test it", cut, len(yamlCutCases))
	}
}

// TestYAMLCutDeclines: inputs the cut must leave to the whole-file
// parser, which alone knows them: across items (an alias to another
// item's anchor), or not a top-level block sequence at all.
func TestYAMLCutDeclines(t *testing.T) {
	t.Parallel()
	for _, input := range []string{
		"- &m {source: s}\n- {content: c, metadata: *m}\n", // an alias to another item
		"- content: &t text\n  title: *t\n",                // any alias: yaml.v3 bounds them over the whole file
		"- content: a\n---\n- content: b\n",                // two documents
		"---\n---\n- content: a\n",                         // two document markers
		"- content: a\n---\n",                              // a marker after an item
		"[{content: a}]\n",                                 // flow style
		"key: value\n",                                     // a mapping
		"- content: a\n\t- tab\n",                          // a tab at column 0
		"\ufeff- content: a\n",                             // a byte-order mark
		"- content: \"open quote\n- content: b\"\n",        // a value open across a cut
		"- content: a\r- content: b\r",                     // bare carriage returns: two items in one piece
		"- content: a\n  content: twice\n",                 // an error in an item
		"- content: !!binary /w==\n",                       // a value normalizeYAML refuses
		"# only a comment\n",                               // no item
	} {
		if _, ok := decodeYAMLItems("docs.yaml", []byte(input), 1); ok {
			t.Errorf("the cut was taken on %q", input)
		}
	}
	for _, input := range []string{"- content: a\n# c\n- content: b\n", "---\n- content: a\n- content: b\n", "# c\n---  \r\n- content: a\r\n- content: b\r\n"} {
		if _, ok := decodeYAMLItems("docs.yaml", []byte(input), 1); !ok {
			t.Errorf("the cut was declined on a plain list of records: %q", input)
		}
	}
}

// TestYAMLCutMatchesWholeParseOnFiles: every YAML file of the sample and
// the corpus, and the fuzz seeds.
func TestYAMLCutMatchesWholeParseOnFiles(t *testing.T) {
	t.Parallel()
	inputs := append(append([]string{}, docSeeds...), historySeeds...)
	for _, dir := range []string{sampleDir, corpusDir} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || (!strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml")) {
				return err
			}
			data, err := os.ReadFile(path)
			inputs = append(inputs, string(data))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(inputs) < len(docSeeds)+len(historySeeds)+8 {
		t.Fatalf("only %d inputs; the sample or the corpus is missing", len(inputs))
	}
	for _, input := range inputs {
		checkYAMLCut(t, input)
	}
}

// TestYAMLCutMatchesWholeParseOnRandomLists: lists of random items, the
// odd one broken, in every style the generator knows.
func TestYAMLCutMatchesWholeParseOnRandomLists(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 16))
	cut := 0
	const lists = 600
	for range lists {
		if checkYAMLCut(t, randomYAMLList(rng)) {
			cut++
		}
	}
	if cut < lists/8 || cut == lists {
		t.Errorf("the cut was taken on %d of %d random lists; the generator no longer tests both ways", cut, lists)
	}
}

// FuzzYAMLCut: the cut parse gives what the whole-file parse gives.
func FuzzYAMLCut(f *testing.F) {
	for _, input := range yamlCutCases {
		f.Add([]byte(input))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		f.Add([]byte(randomYAMLList(rng)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkYAMLCut(t, string(data))
	})
}

// checkYAMLCut fails t unless decodeYAML (cut when it can) and
// decodeWholeYAML give the same value or the same error on input; it
// reports whether the cut was taken.
func checkYAMLCut(t *testing.T, input string) bool {
	t.Helper()
	data := []byte(input)
	got, gotErr := decodeYAML("docs.yaml", data)
	want, wantErr := decodeWholeYAML("docs.yaml", data)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Errorf("input %q:\n cut error   %v\n whole error %v", input, gotErr, wantErr)
	}
	// %#v, not reflect.DeepEqual: a NaN equals itself once printed.
	if g, w := fmt.Sprintf("%#v", got), fmt.Sprintf("%#v", want); g != w {
		t.Errorf("input %q:\n cut   %s\n whole %s", input, g, w)
	}
	_, cut := decodeYAMLItems("docs.yaml", data, yamlRunSize)
	if cut && wantErr != nil {
		t.Errorf("input %q: the cut was taken, the whole parse fails: %v", input, wantErr)
	}
	// In runs of one item each, the cut is taken or declined as in runs
	// of many, and gives the same list.
	items, cutEach := decodeYAMLItems("docs.yaml", data, 1)
	if cutEach != cut {
		t.Errorf("input %q: the cut in runs of one item %v, in runs of many %v", input, cutEach, cut)
	}
	if g, w := fmt.Sprintf("%#v", items), fmt.Sprintf("%#v", want.value); cutEach && g != w {
		t.Errorf("input %q:\n cut in runs of one item %s\n whole                   %s", input, g, w)
	}
	return cut
}

// randomYAMLList writes a top-level list of 1 to 6 random items.
func randomYAMLList(rng *rand.Rand) string {
	var b strings.Builder
	if rng.IntN(4) == 0 {
		b.WriteString(pick(rng, "# a comment\n", "\n", "# c\n\n", "  # indented\n"))
	}
	for range 1 + rng.IntN(6) {
		b.WriteString(randomYAMLItem(rng))
		if rng.IntN(5) == 0 {
			b.WriteString(pick(rng, "\n", "# between\n", "\n\n", "   \n", "  # indented\n"))
		}
	}
	s := b.String()
	if rng.IntN(8) == 0 {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	if rng.IntN(10) == 0 {
		s = strings.TrimSuffix(s, "\n")
	}
	return s
}

// randomYAMLItem writes one item: most often a record of a few fields,
// each in a random style; now and then one broken or unusual.
func randomYAMLItem(rng *rand.Rand) string {
	switch rng.IntN(20) {
	case 0:
		return "- " + randomYAMLScalar(rng, 2) + "\n"
	case 1:
		return "- - " + randomYAMLScalar(rng, 2) + "\n  - " + randomYAMLScalar(rng, 2) + "\n"
	case 2:
		return pick(rng, "-\n", "- \n", "- []\n", "- {}\n", "- ~\n")
	case 3:
		// Broken or refused: an open quote or flow, a bad indent, a tab,
		// a duplicate key, an alias, a marker, a key at column 0.
		return pick(rng, "- content: \"open\n", "- [a,\n", "- content: a\n   x: 1\n  y: 2\n", "- content: a\n\tb: 1\n",
			"- content: a\n  content: b\n", "- content: *nowhere\n", "---\n", "key: v\n", "- content: &a x\n  title: *a\n",
			"- content: !!binary /w==\n", "- content: a\n  s: \"\x01\"\n")
	}
	var b strings.Builder
	keys := []string{"content", "score", "source", "metadata", "title", "text", "1", "true", "id"}
	for i, n := 0, 1+rng.IntN(4); i < n; i++ {
		if i == 0 {
			b.WriteString("- ")
		} else {
			b.WriteString("  ")
		}
		b.WriteString(keys[rng.IntN(len(keys))])
		b.WriteString(":")
		b.WriteString(randomYAMLValue(rng, "  "))
	}
	return b.String()
}

// randomYAMLValue writes a mapping value, after its key's colon, with the
// lines after the first indented under indent.
func randomYAMLValue(rng *rand.Rand, indent string) string {
	switch rng.IntN(9) {
	case 0:
		return " |" + pick(rng, "", "+", "-") + "\n" + indent + "  " + randomWords(rng) + "\n\n" + indent + "  " + randomWords(rng) + "\n" + pick(rng, "", "\n", "\n\n")
	case 1:
		return " >" + pick(rng, "", "+", "-") + "\n" + indent + "  " + randomWords(rng) + "\n" + indent + "  " + randomWords(rng) + "\n"
	case 2:
		return " \"" + randomWords(rng) + "\n" + indent + "  " + randomWords(rng) + "\\t\\u00e9\"\n"
	case 3:
		return " '" + randomWords(rng) + "\n\n" + indent + " it''s'\n"
	case 4:
		return " {a: " + randomYAMLScalar(rng, 1) + ", b: [" + randomYAMLScalar(rng, 1) + ", " + randomYAMLScalar(rng, 1) + "]}\n"
	case 5:
		return "\n" + indent + "  nested: " + randomYAMLScalar(rng, 2) + "\n" + indent + "  list:\n" + indent + "  - " + randomYAMLScalar(rng, 2) + "\n"
	case 6:
		return "\n" + indent + "- " + randomYAMLScalar(rng, 2) + "\n" + indent + "- " + randomYAMLScalar(rng, 2) + "\n"
	case 7:
		return " " + randomWords(rng) + "\n" + indent + "  " + randomWords(rng) + "\n"
	}
	return " " + randomYAMLScalar(rng, 3) + pick(rng, "", " # comment") + "\n"
}

// randomYAMLScalar is a one-line scalar of words, a number, a bool, null
// or a timestamp, plain or quoted.
func randomYAMLScalar(rng *rand.Rand, words int) string {
	switch rng.IntN(8) {
	case 0:
		return fmt.Sprint(rng.IntN(2000) - 1000)
	case 1:
		return fmt.Sprintf("%.3f", rng.Float64())
	case 2:
		return pick(rng, "true", "no", "null", "~", ".nan", "-.inf", "0x1F", "1e3", "2001-12-14")
	case 3:
		return fmt.Sprintf("%q", randomWords(rng))
	case 4:
		return "'" + randomWords(rng) + "'"
	}
	w := make([]string, 1+rng.IntN(words))
	for i := range w {
		w[i] = randomWord(rng)
	}
	return strings.Join(w, " ")
}

func randomWords(rng *rand.Rand) string {
	w := make([]string, 1+rng.IntN(6))
	for i := range w {
		w[i] = randomWord(rng)
	}
	return strings.Join(w, " ")
}

func randomWord(rng *rand.Rand) string {
	return pick(rng, "alpha", "beta", "gamma", "-", "a-b", "x:y", "#tag", "é", "日本", "2*3", "&amp", "50%", "a,b", "@x", "`q`", "\"q\"", "it's")
}

func pick(rng *rand.Rand, options ...string) string {
	return options[rng.IntN(len(options))]
}
