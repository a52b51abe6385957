package tui

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A view opened while the controls have the keys takes them: its own
// keys (the ones it lists) must not turn the control that had them.
func TestOpeningAViewTakesTheKeysFromTheControls(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "c")
	if m.focus != paneControls {
		t.Fatalf("c: focus %v", m.focus)
	}
	before := m.settings
	m = keys(t, m, "d")
	if m.view != viewDiagnosis || m.focus != paneInspector {
		t.Fatalf("d from the controls: view %d, focus %v", m.view, m.focus)
	}
	m = keys(t, m, "right")
	if !reflect.DeepEqual(m.settings, before) {
		t.Errorf("→ in the Diagnosis view changed the settings: %+v", m.settings)
	}
	if m.controls.Editing() {
		t.Fatal("a key in the Diagnosis view opened a control's editor")
	}
	m = keys(t, m, "enter")
	if m.controls.Editing() {
		t.Fatal("enter in the Diagnosis view opened a control's editor")
	}
	if m.view == viewDiagnosis {
		t.Errorf("enter did not go to the finding's row: %s", ansi.Strip(m.View()))
	}
	// The other views that list keys take them as well.
	for _, k := range []string{"w", "2", "v"} {
		m = keys(t, m, "c", k)
		if m.focus != paneInspector {
			t.Errorf("%s from the controls: focus %v", k, m.focus)
		}
	}
	if s := ansi.Strip(m.View()); strings.Contains(s, "documents changed fate") {
		t.Errorf("a view's keys changed a setting:\n%s", s)
	}
}
