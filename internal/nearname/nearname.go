package nearname

import "strings"

// Closest returns the candidate within typing distance of name: at most
// one edit for a name of four letters or fewer, two otherwise. A swap of
// two adjacent letters counts as one edit. Ties go to the earlier
// candidate, so callers list the likelier names first.
func Closest(name string, candidates []string) (string, bool) {
	best, bestDist := "", 3
	if len(name) <= 4 {
		bestDist = 2
	}
	for _, c := range candidates {
		if d := Distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, best != ""
}

// Suggest returns what a user probably meant by name: the closest
// candidate by typing distance or, failing that, the candidates name
// starts (`--dedup` for `--dedup-threshold` and `--dedup-key`), at most
// three. It returns nil when nothing is close.
func Suggest(name string, candidates []string) []string {
	if c, ok := Closest(name, candidates); ok {
		return []string{c}
	}
	if len(name) < 3 {
		return nil
	}
	var starts []string
	for _, c := range candidates {
		if strings.HasPrefix(c, name) {
			starts = append(starts, c)
		}
	}
	if len(starts) > 3 {
		starts = starts[:3]
	}
	return starts
}

// Distance is the optimal-string-alignment distance between two short
// names: Levenshtein plus swapping two adjacent letters, the commonest
// typo.
func Distance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
