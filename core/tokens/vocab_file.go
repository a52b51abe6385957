package tokens

import (
	_ "embed"
	"fmt"
)

// The BPE vocabularies are compiled into the binary in a form of
// ctxlab's own, generated from tiktoken-go-loader's .tiktoken files (one
// "base64 rank" line per token) by `make vocabularies`; a test
// regenerates them and fails if a byte differs, so they cannot drift from
// the loader's. The loader's text form cost a copy of the whole file, a
// base64 decode and a number parse per line and a table of every token at
// every start; this form holds the table and where each token starts, and
// is used where it lies in the binary: loading reads a header of three
// numbers and computes nothing. (Version 2 held each token's length, and
// loading added them up: 100,000 to 200,000 numbers, and 0.4 to 0.8 MB
// allocated, at the start of every process that counts, which for one
// small count was as much as the count.)
//
// The form, every number little-endian:
//
//	vocabFileMagic
//	uint32           n, the number of tokens; their ranks are 0 to n-1
//	uint32           b: the rank table has 2^b slots
//	uint32           the longest token's length in bytes
//	2^b × uint32     the rank table's slots (rank_table.go)
//	(n+1) × uint32   where each token starts in the bytes below, in rank
//	                 order, and where the last one ends
//	the tokens' bytes laid end to end, in rank order
//
// cl100k_base takes 2.1 MB, o200k_base 4.3 MB; the loader's base64 files
// of the same encodings take 5.3 MB.
const vocabFileMagic = "ctxlab BPE vocabulary 3\n"

// vocabHeaderBytes is the magic and the three numbers.
const vocabHeaderBytes = len(vocabFileMagic) + 12

var (
	//go:embed vocabularies/cl100k_base.bpe
	cl100kFile string
	//go:embed vocabularies/o200k_base.bpe
	o200kFile string
)

// vocabFiles are the compiled-in vocabularies by encoding name.
var vocabFiles = map[string]string{
	TokenizerCL100K: cl100kFile,
	TokenizerO200K:  o200kFile,
}

// readVocabFile returns the rank table of a file in the form above and
// its longest token's length. The table is slices of file, not copies,
// and nothing is computed. Only the sizes are checked, not every offset:
// the files are compiled in, and a test makes them again from the
// loader's and requires the same bytes.
func readVocabFile(file string) (*rankTable, int, error) {
	if len(file) < vocabHeaderBytes || file[:len(vocabFileMagic)] != vocabFileMagic {
		return nil, 0, fmt.Errorf("does not start with %q", vocabFileMagic)
	}
	header := file[len(vocabFileMagic):]
	n, slotBits, maxLen := int(le32(header)), le32(header[4:]), int(le32(header[8:]))
	// An empty slot ends every lookup, so there must be more slots than
	// tokens.
	if n == 0 || slotBits > 30 || 1<<slotBits <= n {
		return nil, 0, fmt.Errorf("%d tokens in 2^%d slots", n, slotBits)
	}
	if maxLen < 1 || maxLen > 255 {
		return nil, 0, fmt.Errorf("a longest token of %d bytes (expected 1 to 255)", maxLen)
	}
	rest := file[vocabHeaderBytes:]
	slotBytes, offsetBytes := 4<<slotBits, 4*(n+1)
	if len(rest) < slotBytes+offsetBytes {
		return nil, 0, fmt.Errorf("%d bytes: too short for %d tokens in 2^%d slots", len(file), n, slotBits)
	}
	slots, offsets, bytes := rest[:slotBytes], rest[slotBytes:slotBytes+offsetBytes], rest[slotBytes+offsetBytes:]
	if first, last := le32(offsets), le32(offsets[4*n:]); first != 0 || int(last) != len(bytes) {
		return nil, 0, fmt.Errorf("the tokens span bytes %d to %d, the file holds %d", first, last, len(bytes))
	}
	t := &rankTable{slots: slots, mask: 1<<slotBits - 1, bytes: bytes, offsets: offsets, rankBits: rankBitsFor(n)}
	return t, maxLen, nil
}

// le32 reads s's first four bytes as a little-endian number.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
