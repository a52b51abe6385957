package window

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestPresetsMatchArticle pins the article's BUDGETS number for number.
func TestPresetsMatchArticle(t *testing.T) {
	want := map[string]ContextBudget{
		PresetSupportChat:   {128_000, 800, 2_000, 4_000, 3_000, 2_000, 500, 2_000},
		PresetDocumentQA:    {128_000, 500, 0, 2_000, 8_000, 0, 1_000, 4_000},
		PresetAgentWorkflow: {128_000, 1_000, 4_000, 3_000, 4_000, 6_000, 500, 3_000},
		PresetCodeReview:    {128_000, 1_500, 1_500, 2_000, 24_000, 12_000, 1_000, 4_000},
	}
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			got, err := Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			if got != w {
				t.Errorf("Preset(%q) = %+v, want %+v", name, got, w)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}
	if !reflect.DeepEqual(PresetNames, []string{"support_chat", "document_qa", "code_review", "agent_workflow"}) {
		t.Errorf("PresetNames = %v", PresetNames)
	}
}

func TestPresetUnknown(t *testing.T) {
	_, err := Preset("chat")
	want := `unknown preset "chat" (expected one of support_chat, document_qa, code_review, agent_workflow)`
	if err == nil || err.Error() != want {
		t.Fatalf("Preset(chat) error = %v, want %q", err, want)
	}
	if b, err := Preset(" document_qa "); err != nil || b.RetrievedContext != 8_000 {
		t.Errorf("Preset with spaces = %+v, %v", b, err)
	}
}

func TestBuiltinPresetsIsACopy(t *testing.T) {
	set := BuiltinPresets()
	b := set[PresetSupportChat]
	b.TotalWindow = 1
	set[PresetSupportChat] = b
	if got, _ := Preset(PresetSupportChat); got.TotalWindow != 128_000 {
		t.Errorf("changing BuiltinPresets() changed Preset: %d", got.TotalWindow)
	}
}

func TestBudgetOverridesApply(t *testing.T) {
	n := func(v int) *int { return &v }
	base, _ := Preset(PresetSupportChat)
	cases := []struct {
		name string
		o    BudgetOverrides
		want func(ContextBudget) ContextBudget
	}{
		{"none", BudgetOverrides{}, func(b ContextBudget) ContextBudget { return b }},
		{"zero is an override", BudgetOverrides{ToolDefinitions: n(0)}, func(b ContextBudget) ContextBudget { b.ToolDefinitions = 0; return b }},
		{"every field", BudgetOverrides{n(1), n(2), n(3), n(4), n(5), n(6), n(7), n(8)},
			func(ContextBudget) ContextBudget { return ContextBudget{1, 2, 3, 4, 5, 6, 7, 8} }},
		{"window and reserve", BudgetOverrides{TotalWindow: n(32_000), ResponseReserve: n(1_000)},
			func(b ContextBudget) ContextBudget { b.TotalWindow, b.ResponseReserve = 32_000, 1_000; return b }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got, want := c.o.Apply(base), c.want(base); got != want {
				t.Errorf("Apply = %+v, want %+v", got, want)
			}
		})
	}
}

func TestPresetSetMergeAndValidate(t *testing.T) {
	team := PresetSet{
		"support_chat": {TotalWindow: 32_000, SystemPrompt: 500, UserQuery: 500, ResponseReserve: 1_000},
		"bulk_summary": {TotalWindow: 16_000, RetrievedContext: 15_000, ResponseReserve: 2_000},
	}
	merged := MergePresets(BuiltinPresets(), team)
	if got := merged["support_chat"].TotalWindow; got != 32_000 {
		t.Errorf("extra did not replace base: window %d", got)
	}
	if got := merged[PresetDocumentQA].RetrievedContext; got != 8_000 {
		t.Errorf("base preset lost: %d", got)
	}
	if got := strings.Join(merged.Names(), ","); got != "support_chat,document_qa,code_review,agent_workflow,bulk_summary" {
		t.Errorf("Names = %s", got)
	}
	want := `preset "bulk_summary": Budget overflow: 15000 tokens allocated, max input is 14000`
	if err := merged.Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate = %v, want %q", err, want)
	}
	if err := BuiltinPresets().Validate(); err != nil {
		t.Errorf("built-ins invalid: %v", err)
	}
	neg := PresetSet{"x": {TotalWindow: 100, SystemPrompt: -1}}
	if err := neg.Validate(); err == nil || err.Error() != `preset "x": system_prompt is negative (-1)` {
		t.Errorf("Validate negative = %v", err)
	}
	if _, err := merged.Lookup("nope"); err == nil || !strings.Contains(err.Error(), "bulk_summary") {
		t.Errorf("Lookup error should list team presets: %v", err)
	}
}

// TestPresetUnknownAmongMany: with more presets than an error line can
// list, an unknown name's error gives their number and the nearest name,
// not every name (a budget file of half a million presets gave an error
// of megabytes).
func TestPresetUnknownAmongMany(t *testing.T) {
	set := PresetSet{}
	for i := range 5000 {
		set[fmt.Sprintf("team_%04d", i)] = ContextBudget{}
	}
	_, err := set.Lookup("team_O042")
	want := "unknown preset \"team_O042\" (expected one of the 5,000 presets defined; `ctxlab presets` lists them; did you mean \"team_0042\"?)"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
	_, err = set.Lookup("zzz")
	if want := "unknown preset \"zzz\" (expected one of the 5,000 presets defined; `ctxlab presets` lists them)"; err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
}
