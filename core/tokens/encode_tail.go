package tokens

// tailStart returns where the last keep tokens of text begin, in bytes,
// and how many tokens text has. A cut that keeps the end of a 50 MB
// history needs only that offset: the tokens' bytes are text's own, so
// the kept part is text[start:]. Only the start of the last keep tokens
// is held, in a ring, where encode would build a list of every id
// (eight bytes a token, twice over while it grows). text must be valid
// UTF-8 (validText), as encode sees it.
func (e *encoding) tailStart(text string, keep int) (start, total int) {
	if keep <= 0 {
		return len(text), e.count(text)
	}
	ring := make([]int, 0, min(keep, len(text)/4+1))
	record := func(offset int) {
		if len(ring) < keep {
			ring = append(ring, offset)
		} else {
			ring[total%keep] = offset
		}
		total++
	}
	for i := 0; i < len(text); {
		end := e.next(text, i)
		piece := text[i:end]
		if e.ranks.has(piece) {
			record(i)
		} else {
			offset := i
			e.splitPiece(piece, func(token string) bool {
				record(offset)
				offset += len(token)
				return true
			})
		}
		i = end
	}
	if total <= keep {
		return 0, total
	}
	// The oldest start in the ring is token total-keep's.
	return ring[total%keep], total
}
