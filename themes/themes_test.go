package themes

import "testing"

func TestDefault(t *testing.T) {
	if Default(true, true).Name != "mono" || Default(false, true).Name != "dark" || Default(false, false).Name != "light" {
		t.Error("Default does not follow NO_COLOR and the background")
	}
}

func TestNextCyclesAll(t *testing.T) {
	p := All[0]
	seen := map[string]bool{}
	for range All {
		seen[p.Name] = true
		p = Next(p)
	}
	if len(seen) != len(All) || p.Name != All[0].Name {
		t.Errorf("cycle visited %v", seen)
	}
}

func TestEveryThemeBuildsEveryComponentStyle(t *testing.T) {
	for _, p := range All {
		s := New(p)
		for _, c := range []string{CompSystem, CompTools, CompHistory, CompRAG, CompToolResults, CompQuery, CompFraming, CompReserve} {
			if _, ok := s.Component[c]; !ok {
				t.Errorf("%s: no style for %s", p.Name, c)
			}
		}
		if p.Name != "mono" && (p.Included == "" || p.Excluded == "" || p.Alert == "") {
			t.Errorf("%s: missing fate colours", p.Name)
		}
	}
	if _, ok := ByName("solarized"); ok {
		t.Error("unknown theme found")
	}
}
