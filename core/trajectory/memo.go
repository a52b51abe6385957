package trajectory

import (
	"errors"

	"ctxlab/core/window"
)

func asOverflow(err error, target **window.OverflowError) bool { return errors.As(err, target) }
