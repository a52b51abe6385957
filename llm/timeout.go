package llm

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// Bounds of a timeout. A positive timeout under MinTimeout would truncate
// to zero nanoseconds, which means no timeout at all, the opposite of what
// was asked; one over MaxTimeout is a typo (or seconds that overflow a
// time.Duration), not a limit anyone means.
const (
	MinTimeout = time.Millisecond
	MaxTimeout = 24 * time.Hour
)

// ParseTimeout reads a timeout as a Go duration ("90s", "2m") or a number
// of seconds; 0 means none. Its error is the predicate of a sentence
// ("is negative; ..."), for the caller to put after the setting's name
// and value.
func ParseTimeout(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if secs, err := strconv.ParseFloat(v, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		switch {
		case math.IsNaN(secs):
			return 0, errors.New("is not a number of seconds; expected a duration such as 30s or 2m, or a number of seconds")
		case secs < 0:
			return 0, errors.New("is negative; expected 0 for no limit, or a duration such as 30s")
		case secs > MaxTimeout.Seconds():
			return 0, errors.New("is longer than 24 hours, the longest timeout taken")
		case secs > 0 && secs < MinTimeout.Seconds():
			return 0, errTooShort
		}
		return checkTimeout(time.Duration(secs * float64(time.Second)))
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, errors.New("is not a timeout; expected a duration such as 30s or 2m, or a number of seconds")
	}
	return checkTimeout(d)
}

// checkTimeout applies the bounds to a parsed duration.
func checkTimeout(d time.Duration) (time.Duration, error) {
	switch {
	case d < 0:
		return 0, errors.New("is negative; expected 0 for no limit, or a duration such as 30s")
	case d > MaxTimeout:
		return 0, errors.New("is longer than 24 hours, the longest timeout taken")
	case d > 0 && d < MinTimeout:
		return 0, errTooShort
	}
	return d, nil
}

var errTooShort = errors.New("is shorter than 1 millisecond, which would mean no limit at all; expected 0 for no limit, or a duration such as 30s")
