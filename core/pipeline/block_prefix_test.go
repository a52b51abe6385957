package pipeline

import (
	"testing"
	"unsafe"
)

// TestBlockPrefix: with a prefix the block is the same, written after
// the prefix in one string whose tail it is; without one there is no
// prefixed string.
func TestBlockPrefix(t *testing.T) {
	a := Analyze(benchDocs(50))
	plain, err := Build(a, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	opts := DefaultOptions()
	opts.BlockPrefix = "Relevant context:\n"
	headed, err := Build(a, opts)
	if err != nil {
		t.Fatal(err)
	}
	if headed.ContextBlock != plain.ContextBlock || plain.PrefixedBlock() != "" {
		t.Fatalf("the block changed with a prefix, or a build without one has a prefixed block %.40q", plain.PrefixedBlock())
	}
	p := headed.PrefixedBlock()
	if p != opts.BlockPrefix+plain.ContextBlock {
		t.Fatalf("PrefixedBlock = %.60q..., want the prefix and the block", p)
	}
	if unsafe.StringData(p[len(opts.BlockPrefix):]) != unsafe.StringData(headed.ContextBlock) {
		t.Error("ContextBlock is a copy, not the prefixed block's tail")
	}
}
