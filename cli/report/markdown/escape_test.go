package markdown

import "testing"

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a|b":                          "a&#124;b",
		"`code`":                       "&#96;code&#96;",
		"<script>x</script>":           "&lt;script&gt;x&lt;/script&gt;",
		"**b** _i_ ~s~":                `\*\*b\*\* \_i\_ \~s\~`,
		"[x](javascript:1)":            `\[x\](javascript:1)`,
		"@octocat #12 &amp;":           "&#64;octocat &#35;12 &amp;amp;",
		`back\slash`:                   `back\\slash`,
		"line\nbreak":                  "line\uFFFDbreak",
		"kb/refund-policy.md (rank 2)": "kb/refund-policy.md (rank 2)",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}
