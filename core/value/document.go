package value

// Document is one retrieved chunk as a retrieval system hands it over.
// Score defaults to 1.0 and Source to "" when the input does not say, as in
// the reference.
type Document struct {
	Content  string         `json:"content"`
	Score    float64        `json:"score"`
	Source   string         `json:"source"`
	Metadata map[string]any `json:"metadata"`
}

// Message is one chat turn. Role is kept as given ("user", "assistant",
// "system", "tool", ...); Content is the message's text with any text parts
// already joined.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
	// Sent is the message as an imported request sent it; nil for a
	// message of any other input, or one ctxlab wrote (a summary).
	Sent *Sent `json:"-" yaml:"-"`
}
