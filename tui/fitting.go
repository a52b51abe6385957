package tui

import "ctxlab/tui/draw"

// fitting is the first of lines, longest first, that fits width, or the
// last (draw.Fitting).
var fitting = draw.Fitting
