// Package choice is a setting that takes one of a fixed list of names:
// its values in display order, a parser whose error lists them and names
// the one probably meant, and the list in words.
package choice

import (
	"fmt"
	"strings"

	"ctxlab/internal/nearname"
)

// Choice is the values of a string type T a setting may take.
type Choice[T ~string] struct {
	// What names the setting in an error: "budget mode".
	What string
	// Values are the allowed values in display order.
	Values []T
}

// Of is the choice of values, named what.
func Of[T ~string](what string, values ...T) Choice[T] {
	return Choice[T]{What: what, Values: values}
}

// Parse returns the value named s exactly, or an error saying what was expected and, for a near miss, what was probably meant:
// unknown budget mode "strct" (expected reference or strict; did you mean
// strict?).
func (c Choice[T]) Parse(s string) (T, error) {
	for _, v := range c.Values {
		if string(v) == s {
			return v, nil
		}
	}
	hint := ""
	if near, ok := nearname.Closest(strings.ToLower(strings.TrimSpace(s)), c.Names()); ok {
		hint = "; did you mean " + near + "?"
	}
	return "", fmt.Errorf("unknown %s %q (expected %s%s)", c.What, s, c, hint)
}

// Names are the values as strings, in display order.
func (c Choice[T]) Names() []string {
	names := make([]string, len(c.Values))
	for i, v := range c.Values {
		names[i] = string(v)
	}
	return names
}

// String lists the values in words: "reference or strict", "sliding,
// priority or summary".
func (c Choice[T]) String() string {
	names := c.Names()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
