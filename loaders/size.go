package loaders

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"ctxlab/internal/numfmt"
)

// sizeUnits are the units ParseSize takes, longest suffix first so "MiB"
// is not read as "B".
var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40},
	{"B", 1},
}

// ParseSize reads a size in bytes written as a whole number with an
// optional unit: 1048576, 512KiB, 64 MiB, 1GB (KB, MB, GB are powers of
// 1,000; KiB, MiB, GiB and the bare K, M, G powers of 1,024). It accepts
// only sizes above zero that fit in 63 bits.
func ParseSize(s string) (int64, error) {
	text := strings.TrimSpace(s)
	unit := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(strings.ToUpper(text), strings.ToUpper(u.suffix)) {
			text = strings.TrimSpace(text[:len(text)-len(u.suffix)])
			unit = u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	switch {
	case err != nil && strings.Contains(err.Error(), "range"):
		return 0, fmt.Errorf("%s is too large", Quoted(s))
	case err != nil:
		return 0, fmt.Errorf("%s is not a size; expected a whole number of bytes, optionally with a unit such as 512MiB or 2GB", Quoted(s))
	case n <= 0:
		return 0, fmt.Errorf("%s is not above zero; expected a size such as 512MiB", Quoted(s))
	case n > math.MaxInt64/unit:
		return 0, fmt.Errorf("%s is too large", Quoted(s))
	}
	return n * unit, nil
}

// FormatSize writes a size for people: "256 MiB (268,435,456 bytes)" when
// it is a whole number of binary units, else "1,500 bytes".
func FormatSize(n int64) string {
	for _, u := range []struct {
		suffix string
		bytes  int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes && n%u.bytes == 0 {
			return fmt.Sprintf("%s %s (%s bytes)", numfmt.Thousands(int(n/u.bytes)), u.suffix, numfmt.Thousands(int(n)))
		}
	}
	return numfmt.Count(int(n), "byte", "bytes")
}
