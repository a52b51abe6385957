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
// every start; this form holds the table too and is used where it lies in
// the binary: loading reads the lengths and nothing else.
//
// The form, every number little-endian:
//
//	vocabFileMagic
//	uint32           n, the number of tokens; their ranks are 0 to n-1
//	uint32           b: the rank table has 2^b slots
//	2^b × uint32     the rank table's slots (rank_table.go)
//	n bytes          the length of each token, in rank order (1 to 255)
//	the tokens' bytes laid end to end, in rank order
//
// cl100k_base takes 1.8 MB, o200k_base 3.7 MB; the loader's base64 files
// of the same encodings take 5.3 MB.
const vocabFileMagic = "ctxlab BPE vocabulary 2\n"

// vocabHeaderBytes is the magic and the two counts.
const vocabHeaderBytes = len(vocabFileMagic) + 8

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
// its longest token's length. The table is slices of file, not copies;
// only the tokens' offsets are computed.
func readVocabFile(file string) (*rankTable, int, error) {
	if len(file) < vocabHeaderBytes || file[:len(vocabFileMagic)] != vocabFileMagic {
		return nil, 0, fmt.Errorf("does not start with %q", vocabFileMagic)
	}
	n := int(le32(file[len(vocabFileMagic):]))
	slotBits := le32(file[len(vocabFileMagic)+4:])
	// An empty slot ends every lookup, so there must be more slots than
	// tokens.
	if n == 0 || slotBits > 30 || 1<<slotBits <= n {
		return nil, 0, fmt.Errorf("%d tokens in 2^%d slots", n, slotBits)
	}
	rest := file[vocabHeaderBytes:]
	slotBytes := 4 << slotBits
	if len(rest) < slotBytes+n {
		return nil, 0, fmt.Errorf("%d bytes: too short for %d tokens in 2^%d slots", len(file), n, slotBits)
	}
	slots, lengths, bytes := rest[:slotBytes], rest[slotBytes:slotBytes+n], rest[slotBytes+n:]
	offsets := make([]uint32, n+1)
	end, maxLen := 0, 0
	for r := range n {
		length := int(lengths[r])
		if length == 0 {
			return nil, 0, fmt.Errorf("token %d is empty", r)
		}
		end += length
		offsets[r+1] = uint32(end)
		maxLen = max(maxLen, length)
	}
	if end != len(bytes) {
		return nil, 0, fmt.Errorf("the lengths add up to %d bytes, the tokens take %d", end, len(bytes))
	}
	t := &rankTable{slots: slots, mask: 1<<slotBits - 1, bytes: bytes, offsets: offsets, rankBits: rankBitsFor(n)}
	return t, maxLen, nil
}

// le32 reads s's first four bytes as a little-endian number.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
