package cli_test

import "testing"

// TestAssembleRefusesTwoEditsOfOneItem: the same tool result dropped
// twice, or dropped and cut, exits 1 naming both flags, where it was
// applied twice and reported as two removals; edits of two items stand.
func TestAssembleRefusesTwoEditsOfOneItem(t *testing.T) {
	t.Parallel()
	base := []string{"assemble", "--scenario", "../sample/overflow.yaml"}
	for _, c := range []struct {
		edits []string
		want  string
	}{
		{[]string{"--drop-item", "tool_result:2", "--drop-item", "tool_result:2"},
			"ctxlab: --drop-item tool_result:2 and --drop-item tool_result:2 both edit tool result 2; give one edit per item\n"},
		{[]string{"--drop-item", "tool_result:2", "--truncate-item", "tool_result:2=50"},
			"ctxlab: --drop-item tool_result:2 and --truncate-item tool_result:2=50 both edit tool result 2; give one edit per item\n"},
		{[]string{"--truncate-item", "tool_result:2=500", "--truncate-item", "tool_result:2=50"},
			"ctxlab: --truncate-item tool_result:2=500 and --truncate-item tool_result:2=50 both edit tool result 2; give one edit per item\n"},
	} {
		stdout, stderr, code := run(t, "", append(base, c.edits...)...)
		if code != 1 || stderr != c.want || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, %d bytes out; want exit 1 and %q", c.edits, code, stderr, len(stdout), c.want)
		}
	}
	if _, stderr, code := run(t, "", append(base, "--drop-item", "tool_result:2", "--truncate-item", "tool_result:1=50")...); code == 1 {
		t.Errorf("edits of two items: exit 1, %s", stderr)
	}
}
