package tokens

import (
	"encoding/base64"
	"encoding/binary"
	"flag"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// updateVocabularies rewrites the compiled-in vocabularies from
// tiktoken-go-loader's files: `make vocabularies`.
var updateVocabularies = flag.Bool("update-vocabularies", false, "regenerate vocabularies/*.bpe from tiktoken-go-loader's .tiktoken files")

// TestCompiledVocabulariesMatchLoader regenerates each compiled-in
// vocabulary from the loader's .tiktoken file and fails on any difference,
// so the two can never drift apart (a new loader version shows here).
func TestCompiledVocabulariesMatchLoader(t *testing.T) {
	for _, name := range bpeNames {
		tiktokenFile, err := assets.Assets.ReadFile(name + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		want, err := compactVocabulary(tiktokenFile)
		if err != nil {
			t.Fatalf("%s.tiktoken: %v", name, err)
		}
		path := filepath.Join("vocabularies", name+".bpe")
		if *updateVocabularies {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if vocabFiles[name] != string(want) {
			t.Errorf("%s differs from what %s.tiktoken gives (%d bytes, regenerated %d): run make vocabularies", path, name, len(vocabFiles[name]), len(want))
		}
	}
}

// compactVocabulary turns a .tiktoken file (one "base64 rank" line per
// token) into the form readVocabFile reads. The ranks must count up from
// 0 in file order, as they do in every tiktoken file, every token be 1 to
// 255 bytes long and no two the same.
func compactVocabulary(tiktokenFile []byte) ([]byte, error) {
	var tokens []byte
	offsets := []uint32{0}
	maxLen := 0
	for i, line := range strings.Split(strings.TrimSuffix(string(tiktokenFile), "\n"), "\n") {
		encoded, rank, ok := strings.Cut(line, " ")
		if !ok {
			return nil, fmt.Errorf("line %d: expected \"base64 rank\"", i+1)
		}
		if rank != strconv.Itoa(len(offsets)-1) {
			return nil, fmt.Errorf("line %d: rank %q, expected %d (ranks count up from 0)", i+1, rank, len(offsets)-1)
		}
		token, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if len(token) < 1 || len(token) > 255 {
			return nil, fmt.Errorf("line %d: a token of %d bytes (expected 1 to 255)", i+1, len(token))
		}
		maxLen = max(maxLen, len(token))
		tokens = append(tokens, token...)
		offsets = append(offsets, uint32(len(tokens)))
	}
	slotBits, slots, err := layRankTable(string(tokens), offsets)
	if err != nil {
		return nil, err
	}
	out := []byte(vocabFileMagic)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(offsets)-1))
	out = binary.LittleEndian.AppendUint32(out, uint32(slotBits))
	out = binary.LittleEndian.AppendUint32(out, uint32(maxLen))
	for _, slot := range slots {
		out = binary.LittleEndian.AppendUint32(out, slot)
	}
	for _, offset := range offsets {
		out = binary.LittleEndian.AppendUint32(out, offset)
	}
	return append(out, tokens...), nil
}

// layRankTable places each token's slot as rankTable.rank looks for it:
// at its hash's position, or the first empty slot after it, in rank
// order. The table is at most half full.
func layRankTable(bytes string, offsets []uint32) (slotBits int, slots []uint32, err error) {
	n := len(offsets) - 1
	slotBits = bits.Len(uint(2*n - 1))
	slots = make([]uint32, 1<<slotBits)
	mask := uint64(len(slots) - 1)
	rankBits := rankBitsFor(n)
	rankMask := uint32(1)<<rankBits - 1
	token := func(r int) string { return bytes[offsets[r]:offsets[r+1]] }
	for r := range n {
		h := vocabHash(token(r))
		slot := slotTag(h, rankBits) | uint32(r+1)
		i := h & mask
		for ; slots[i] != 0; i = (i + 1) & mask {
			if other := int(slots[i]&rankMask) - 1; token(other) == token(r) {
				return 0, nil, fmt.Errorf("ranks %d and %d are the same token %q", other, r, token(r))
			}
		}
		slots[i] = slot
	}
	return slotBits, slots, nil
}

func TestReadVocabFileRejectsDamage(t *testing.T) {
	good, err := compactVocabulary([]byte("YQ== 0\nYg== 1\nYWI= 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	table, maxLen, err := readVocabFile(string(good))
	if err != nil || table.bytes != "abab" || table.offsets != "\x00\x00\x00\x00\x01\x00\x00\x00\x02\x00\x00\x00\x04\x00\x00\x00" || maxLen != 2 {
		t.Fatalf("read %+v %d, %v", table, maxLen, err)
	}
	for r, token := range []string{"a", "b", "ab"} {
		if got, ok := table.rank(token); !ok || got != r {
			t.Errorf("%q found at %d, %v", token, got, ok)
		}
	}
	if got, ok := table.rank("ba"); ok {
		t.Errorf("\"ba\" found at %d", got)
	}
	// Three tokens in 2^3 slots of four bytes, then their four offsets.
	offsets := vocabHeaderBytes + 4<<3
	cases := map[string]string{
		"another magic":         "ctxlab BPE vocabulary 9\n" + string(good[len(vocabFileMagic):]),
		"empty":                 "",
		"cut in a count":        string(good[:vocabHeaderBytes-2]),
		"cut in the table":      string(good[:offsets-1]),
		"cut in tokens":         string(good[:len(good)-1]),
		"a byte over":           string(good) + "x",
		"no tokens":             vocabFileMagic + "\x00\x00\x00\x00\x03\x00\x00\x00\x02\x00\x00\x00",
		"no empty slot":         vocabFileMagic + "\x08\x00\x00\x00\x03\x00\x00\x00" + string(good[vocabHeaderBytes-4:]),
		"a table of 2^31 slots": vocabFileMagic + "\x03\x00\x00\x00\x1f\x00\x00\x00\x02\x00\x00\x00",
		"no longest token":      vocabFileMagic + "\x03\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00" + string(good[vocabHeaderBytes:]),
		"not from byte 0":       string(good[:offsets]) + "\x01" + string(good[offsets+1:]),
		"ending past the file":  string(good[:offsets+12]) + "\x05" + string(good[offsets+13:]),
	}
	for label, file := range cases {
		if _, _, err := readVocabFile(file); err == nil {
			t.Errorf("%s: read without an error", label)
		}
	}
}

func TestCompactVocabularyRejectsBadLines(t *testing.T) {
	for _, file := range []string{"YQ== 1\n", "YQ==\n", "YQ== 0\nYg== 0\n", "!!! 0\n", "YQ== 0\n 1\n"} {
		if _, err := compactVocabulary([]byte(file)); err == nil {
			t.Errorf("%q: compacted without an error", file)
		}
	}
	if _, err := compactVocabulary(nil); err == nil {
		t.Error("an empty file compacted without an error")
	}
}

func TestCompactVocabularyRefusesARepeatedToken(t *testing.T) {
	_, err := compactVocabulary([]byte("YQ== 0\nYg== 1\nYWI= 2\nYg== 3\n"))
	if err == nil || !strings.Contains(err.Error(), "ranks 1 and 3") {
		t.Fatalf("a repeated token gave %v", err)
	}
}
