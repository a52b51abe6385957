package rows

import (
	"strconv"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
)

// noteShape is what a note's width depends on: its kind, the
// assembler's cut, and for each number how it prints (digits, sign, and
// whether it is exactly 1, which says "token" rather than "tokens").
// Two notes of one shape are equally wide, so the list measures one
// note per shape instead of one per row.
type noteShape struct {
	kind                 noteKind
	cut                  uint8
	citation, num1, num2 uint8
	sim                  uint8
}

func (n Note) shape() noteShape {
	s := noteShape{kind: n.kind, citation: numberShape(n.citation), num1: numberShape(n.n1), num2: numberShape(n.n2)}
	switch n.cut {
	case core.SurvivedLost:
		s.cut = 1
	case core.SurvivedCut:
		s.cut = 2
	case "":
	default:
		s.cut = 3
	}
	if n.kind == noteNearCopy {
		s.sim = similarityShape(n.sim)
	}
	return s
}

// numberShape is a number's printed length, its sign and whether it is
// 1, packed in a byte: thousands separators follow from the length.
func numberShape(n int) uint8 {
	var shape uint8
	if n < 0 {
		shape = 1
	}
	if n == 1 {
		shape |= 2
	}
	digits := uint8(1)
	for n >= 10 || n <= -10 {
		n /= 10
		digits++
	}
	return shape | digits<<2
}

// similarityShape is how a similarity prints with two decimals: any value
// from 0 to 1 (the only ones the pipeline makes) as four characters; for
// anything else, its printed length.
func similarityShape(sim float64) uint8 {
	if sim >= 0 && sim <= 1 {
		return 0
	}
	var buf [32]byte
	return uint8(1 + len(strconv.AppendFloat(buf[:0], numfmt.FloorTo(sim, 2), 'f', 2, 64)))
}
