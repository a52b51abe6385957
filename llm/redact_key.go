package llm

import (
	"encoding/base64"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// echoNote is what a reply that echoed the key in another form than its
// own is noted with, beside the text it was redacted from.
const echoNote = "the reply echoed part of the API key; it was redacted"

// minEchoedPart is the shortest run of the key's characters, in order or
// reversed, that counts as an echo of part of it.
const minEchoedPart = 8

// redactEchoes replaces in text every copy of secret a reply can carry
// that the literal replacement misses: in another case; with zero-width
// or other format characters, or white space, between its characters;
// percent-encoded; base64-encoded (standard or URL alphabet, padded or
// not, at any of the three alignments within the encoded stream);
// reversed; or a run of at least minEchoedPart of its characters, in
// order or reversed (a key split across lines). It reports whether it
// replaced anything.
func redactEchoes(text, secret string) (string, bool) {
	if secret == "" || text == "" {
		return text, false
	}
	sk := newSkeleton(text)
	var spans [][2]int
	// In any case, in order or reversed.
	folded := foldCase(secret)
	reversed := reverseRunes(folded)
	for _, needle := range []string{folded, reversed} {
		spans = append(spans, sk.find(sk.folded, sk.foldedUnit, needle)...)
	}
	// Base64, case and all: the characters the key's bytes alone decide.
	for _, core := range base64Cores(secret) {
		spans = append(spans, sk.find(sk.plain, sk.plainUnit, core)...)
	}
	// Parts of it, in order or reversed.
	keyRunes := []rune(folded)
	if len(keyRunes) > minEchoedPart {
		for _, runes := range [][]rune{keyRunes, []rune(reversed)} {
			for i := 0; i+minEchoedPart <= len(runes); i++ {
				spans = append(spans, sk.find(sk.folded, sk.foldedUnit, string(runes[i:i+minEchoedPart]))...)
			}
		}
	}
	if len(spans) == 0 {
		return text, false
	}
	return replaceSpans(text, spans), true
}

// skeleton is a text as the key is looked for in it: without the
// characters a terminal does not show (format characters, zero-width
// ones) and white space, and with percent escapes of ASCII decoded. Each
// unit is a character of the text, or an escape, and keeps where it lies
// in the text; plain holds the units as they are, folded in lower case,
// and plainUnit and foldedUnit give the unit each of their bytes belongs
// to.
type skeleton struct {
	units                 [][2]int
	plain, folded         string
	plainUnit, foldedUnit []int
}

func newSkeleton(text string) *skeleton {
	sk := &skeleton{}
	var plain, folded []byte
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == '%' && i+2 < len(text) {
			if b, ok := unhex(text[i+1], text[i+2]); ok && b < utf8.RuneSelf {
				r, size = rune(b), 3
			}
		}
		start := i
		i += size
		if ignoredInKey(r) {
			continue
		}
		unit := len(sk.units)
		sk.units = append(sk.units, [2]int{start, i})
		plain = utf8.AppendRune(plain, r)
		for len(sk.plainUnit) < len(plain) {
			sk.plainUnit = append(sk.plainUnit, unit)
		}
		folded = utf8.AppendRune(folded, unicode.ToLower(r))
		for len(sk.foldedUnit) < len(folded) {
			sk.foldedUnit = append(sk.foldedUnit, unit)
		}
	}
	sk.plain, sk.folded = string(plain), string(folded)
	return sk
}

// find returns where in the text each copy of needle in hay (plain or
// folded, with its unit index) lies.
func (sk *skeleton) find(hay string, unitOf []int, needle string) [][2]int {
	if needle == "" {
		return nil
	}
	var spans [][2]int
	for from := 0; ; {
		i := strings.Index(hay[from:], needle)
		if i < 0 {
			return spans
		}
		i += from
		first, last := unitOf[i], unitOf[i+len(needle)-1]
		spans = append(spans, [2]int{sk.units[first][0], sk.units[last][1]})
		from = i + 1
		for from < len(hay) && !utf8.RuneStart(hay[from]) {
			from++
		}
	}
}

// ignoredInKey: characters looked through when matching the key, as a
// screen shows nothing of them or only space: format characters
// (category Cf, which holds U+200B, the joiners, U+2060 and U+FEFF) and
// white space.
func ignoredInKey(r rune) bool {
	switch r {
	case 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff:
		return true
	}
	return unicode.Is(unicode.Cf, r) || unicode.IsSpace(r)
}

func unhex(hi, lo byte) (byte, bool) {
	h, ok1 := hexDigit(hi)
	l, ok2 := hexDigit(lo)
	return h<<4 | l, ok1 && ok2
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func foldCase(s string) string {
	return strings.Map(unicode.ToLower, strings.Map(func(r rune) rune {
		if ignoredInKey(r) {
			return -1
		}
		return r
	}, s))
}

func reverseRunes(s string) string {
	r := []rune(s)
	slices.Reverse(r)
	return string(r)
}

// base64Cores are the runs of base64 characters that the key's bytes
// alone decide, wherever it starts in an encoded stream: at an offset of
// 0, 1 or 2 bytes into a group of three, the characters before the first
// and after the last bit of the key depend on its neighbours, and are
// left out. Each is given in the standard and the URL alphabet; padding
// lies outside them.
func base64Cores(secret string) []string {
	var cores []string
	for offset := range 3 {
		encoded := base64.RawStdEncoding.EncodeToString(append(make([]byte, offset), secret...))
		from := (8*offset + 5) / 6
		to := 8 * (offset + len(secret)) / 6
		if to-from < minEchoedPart {
			continue
		}
		core := encoded[from:to]
		cores = append(cores, core)
		if url := strings.NewReplacer("+", "-", "/", "_").Replace(core); url != core {
			cores = append(cores, url)
		}
	}
	return cores
}

// replaceSpans replaces each span of text, merged where they overlap or
// touch, by the redaction marker.
func replaceSpans(text string, spans [][2]int) string {
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	at := 0
	for i := 0; i < len(spans); {
		start, end := spans[i][0], spans[i][1]
		for i++; i < len(spans) && spans[i][0] <= end; i++ {
			end = max(end, spans[i][1])
		}
		if start < at {
			start = at
		}
		b.WriteString(text[at:start])
		b.WriteString(redacted)
		at = end
	}
	b.WriteString(text[at:])
	return b.String()
}
