package pipeline

// sweepBlock is the block a sweep counts, made only when a count needs
// its text and kept while the values place the same documents. A full
// block formatted for every value only to count it would leave, with a
// document (or a source) of 50 MB, a 50 MB block per value for the
// collector, and the workbench's sweep of a control would run beside
// the block it shows. Most values of a knob place the same documents,
// so their block is one; the heuristic counts from the pieces and never
// needs the text.
type sweepBlock struct {
	placed []placedDoc // as last formatted or counted
	block  string      // formatBlock(placed); "" until a count needs it
	made   bool        // block is made
	tokens int         // blockTokens of placed
	valid  bool        // placed, tokens (and block when made) are set
}

// sameAs reports whether placed would format as the remembered block:
// the same documents as placed (cut copies and synopses compared by
// their text, which shares its bytes when it is the same copy), in the
// same order, with the same fates.
func (s *sweepBlock) sameAs(placed []placedDoc) bool {
	if !s.valid || len(placed) != len(s.placed) {
		return false
	}
	for i, p := range placed {
		q := s.placed[i]
		if p.index != q.index || p.fate != q.fate || p.doc.Score != q.doc.Score ||
			p.doc.Source != q.doc.Source || p.doc.Content != q.doc.Content {
			return false
		}
	}
	return true
}

// use makes placed the remembered placement, counting its tokens; the
// block is formatted only for a tokenizer that counts the block's text.
func (s *sweepBlock) use(a *Analysis, opts Options, placed []placedDoc) {
	if s.sameAs(placed) {
		return
	}
	*s = sweepBlock{placed: append(s.placed[:0], placed...), valid: true}
	if blockTokensNeedText(opts.Tokenizer) {
		s.text()
	}
	s.tokens = blockTokens(a, opts.Tokenizer, s.placed, s.block)
}

// text is the remembered placement's block, formatted once (the block
// of the build shown beside the sweep, when it places the same
// documents: formatBlock shares it).
func (s *sweepBlock) text() string {
	if !s.made {
		s.block, _ = formatBlock(s.placed)
		s.made = true
	}
	return s.block
}
