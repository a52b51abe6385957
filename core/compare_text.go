package core

import "strings"

// TextOp says whether a line of a text diff is in both texts or in one.
type TextOp byte

const (
	TextSame    TextOp = ' '
	TextRemoved TextOp = '-' // in the baseline only
	TextAdded   TextOp = '+' // in the current text only
)

// TextLine is one line of a diff.
type TextLine struct {
	Op   TextOp
	Text string
}

// maxDiffCells bounds the line diff's table (lines removed × lines
// added, after the common start and end are set aside): beyond it the
// middle is shown as removed then added, which is still true, rather
// than spending seconds of a keystroke on the best alignment.
const maxDiffCells = 4_000_000

// DiffLines is a line diff of a against b, the longest common
// subsequence kept and the rest marked removed or added, removals before
// additions within a change.
func DiffLines(a, b []string) []TextLine {
	start := 0
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	endA, endB := len(a), len(b)
	for endA > start && endB > start && a[endA-1] == b[endB-1] {
		endA--
		endB--
	}
	out := make([]TextLine, 0, len(a)+len(b)-endA+start)
	for _, l := range a[:start] {
		out = append(out, TextLine{TextSame, l})
	}
	out = append(out, diffMiddle(a[start:endA], b[start:endB])...)
	for _, l := range a[endA:] {
		out = append(out, TextLine{TextSame, l})
	}
	return out
}

// diffMiddle aligns the lines between the common start and end.
func diffMiddle(a, b []string) []TextLine {
	var out []TextLine
	if len(a)*len(b) > maxDiffCells || len(a) == 0 || len(b) == 0 {
		for _, l := range a {
			out = append(out, TextLine{TextRemoved, l})
		}
		for _, l := range b {
			out = append(out, TextLine{TextAdded, l})
		}
		return out
	}
	// common[i][j] is the longest common subsequence of a[i:] and b[j:].
	width := len(b) + 1
	common := make([]int32, (len(a)+1)*width)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			switch {
			case a[i] == b[j]:
				common[i*width+j] = common[(i+1)*width+j+1] + 1
			case common[(i+1)*width+j] >= common[i*width+j+1]:
				common[i*width+j] = common[(i+1)*width+j]
			default:
				common[i*width+j] = common[i*width+j+1]
			}
		}
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			out = append(out, TextLine{TextSame, a[i]})
			i++
			j++
		case common[(i+1)*width+j] >= common[i*width+j+1]:
			out = append(out, TextLine{TextRemoved, a[i]})
			i++
		default:
			out = append(out, TextLine{TextAdded, b[j]})
			j++
		}
	}
	for ; i < len(a); i++ {
		out = append(out, TextLine{TextRemoved, a[i]})
	}
	for ; j < len(b); j++ {
		out = append(out, TextLine{TextAdded, b[j]})
	}
	return out
}

// RequestLines is the request's messages as lines: a "[role]" line
// before each message's content, so a line diff shows which message a
// change is in.
func RequestLines(ev *Evaluation) []string {
	if ev.Assembly == nil {
		return nil
	}
	var lines []string
	for _, m := range ev.Assembly.Messages {
		lines = append(lines, "["+m.Role+"]")
		lines = append(lines, strings.Split(m.Content, "\n")...)
		if len(m.ToolCalls) > 0 {
			lines = append(lines, string(m.ToolCalls))
		}
	}
	return lines
}

// LinesAroundChanges marks the lines of a diff worth printing: every
// changed line and up to around unchanged lines on each side of it.
func LinesAroundChanges(text []TextLine, around int) []bool {
	shown := make([]bool, len(text))
	for i, l := range text {
		if l.Op == TextSame {
			continue
		}
		for j := max(0, i-around); j <= min(len(text)-1, i+around); j++ {
			shown[j] = true
		}
	}
	return shown
}

// TextChangeCounts counts a diff's lines removed and added.
func TextChangeCounts(text []TextLine) (removed, added int) {
	for _, l := range text {
		switch l.Op {
		case TextRemoved:
			removed++
		case TextAdded:
			added++
		}
	}
	return removed, added
}
