package pipeline

import "sync"

// identityOnce is an Analysis's identity numbering, made on first use.
type identityOnce struct {
	once sync.Once
	ids  []int
}

// Identity is 0, 1, ..., len(Docs)-1, made once per Analysis and shared
// by every caller: an evaluation of the documents in their own order maps
// each to itself, and each evaluation of a million documents holding its
// own copy cost 8 MB. The slice is shared: do not modify it.
func (a *Analysis) Identity() []int {
	a.identity.once.Do(func() {
		a.identity.ids = make([]int, len(a.Docs))
		for i := range a.identity.ids {
			a.identity.ids[i] = i
		}
	})
	return a.identity.ids
}
