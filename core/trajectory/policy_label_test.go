package trajectory

import "testing"

// A policy is named one way on every screen, in the report and in
// replay's text: the way --policy takes it, so what is read can be typed.
func TestPolicyLabelIsWhatPolicyTakes(t *testing.T) {
	for _, p := range append(Defaults(), Policy{Kind: KindLast, N: 5}, Policy{Kind: KindWatermark, High: 0.9, Low: 0.5}) {
		got, err := ParsePolicy(p.Label())
		if err != nil || got != p {
			t.Errorf("%+v: label %q reads back as %+v, %v", p, p.Label(), got, err)
		}
	}
}
