package window

// namedHeader is the header of a message sent with a name: the role, a
// colon and the name, which cost their tokens and nothing more. The
// cookbook counts a name as its tokens and 1 more; the colon is that
// token where it stands apart, but it joins some names (":user" is one
// token), and the bill follows the header's tokens: the cookbook's
// example conversation bills 124 (gpt-4o) and 129 (gpt-4), as the header
// gives, and AutoGen's named messages (name "user" among them) bill a
// token less each than the cookbook's count (docs/internals/counting.md).
func namedHeader(role, name string) string {
	return role + ":" + name
}
