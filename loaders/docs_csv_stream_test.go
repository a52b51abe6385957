package loaders

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// Loading a CSV file reads it straight from the file when it plainly is
// CSV and whole otherwise; either way the documents, the format and
// every error are what parsing the whole file gives.
func TestStreamedCSVEqualsTheWholeFileParse(t *testing.T) {
	longCell := strings.Repeat("word, \"quoted\" ", 10_000)
	cases := map[string]string{
		"plain":              "content,score,source\nfirst doc,0.5,a.md\nsecond,,b.md\n",
		"bom":                "\ufeffcontent,score\nx,1\n",
		"crlf":               "text,id\r\nx,1\r\n\"multi\r\nline\",2\r\n",
		"quoted header":      "\"content\",\"score\"\n\"a, b\",0.3\n",
		"header over lines":  "\"con\ntent\",score\nx,1\n",
		"long cell":          "content,score\n\"" + strings.ReplaceAll(longCell, "\"", "\"\"") + "\",0.5\n",
		"long header":        strings.Repeat("col,", 20_000) + "content\n" + strings.Repeat("x,", 20_000) + "y\n",
		"short row":          "content,score\nx\n",
		"long row":           "content,score\nx,1,2\n",
		"bare quote":         "content,score\na \"b\" c,1\n",
		"bad score":          "content,score\nx,high\n",
		"no content column":  "title,score\nx,1\n",
		"twice named":        "content,Content\nx,y\n",
		"nameless column":    "content,\nx,y\n",
		"header only":        "content,score\n",
		"empty":              "",
		"blank":              "  \n\n",
		"json":               "[{\"content\": \"a, b\"}]",
		"yaml with commas":   "- content: a, content\n",
		"invalid utf-8":      "content,score\nx\xff,1\n",
		"nul":                "content,score\nx\x00,1\n",
		"no last newline":    "content,score\nx,1",
		"empty lines first":  "\n\ncontent\nx\n",
		"spaces in header":   " Content , SCORE \nx, 0.25\n",
		"page_content":       "page_content,metadata\nx,{}\n",
		"quote at the start": "content\n\"open\n",
	}
	rng := rand.New(rand.NewPCG(7, 3))
	cells := []string{"a", "b c", "\"q\"\"x\"", "\"multi\nline\"", "", " ", "0.5", "é漢", "\"a,b\"", "high", "\r"}
	for i := range 60 {
		var b strings.Builder
		cols := 1 + rng.IntN(3)
		b.WriteString([]string{"content", "text,score", "source,content,score", "title"}[rng.IntN(4)] + "\n")
		for range rng.IntN(20) {
			for c := range cols {
				if c > 0 {
					b.WriteByte(',')
				}
				b.WriteString(cells[rng.IntN(len(cells))])
			}
			b.WriteString([]string{"\n", "\r\n"}[rng.IntN(2)])
		}
		cases[fmt.Sprintf("random %d", i)] = b.String()
	}
	dir := t.TempDir()
	for name, text := range cases {
		checkLoadedAsWhole(t, dir, name+".csv", text, FormatCSV)
	}
	for name, streamed := range map[string]bool{"plain": true, "bom": true, "crlf": true, "long cell": true, "quoted header": true,
		"spaces in header": true, "no last newline": true, "empty lines first": true, "long header": false, "short row": false,
		"bad score": false, "invalid utf-8": false, "json": false, "yaml with commas": true, "empty": false, "blank": false} {
		if _, handled, _ := streamCSVRecords(fileInput(filepath.Join(dir, name+".csv")), true); handled != streamed {
			t.Errorf("%s: streamed %v, want %v", name, handled, streamed)
		}
	}
}
