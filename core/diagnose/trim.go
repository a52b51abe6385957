package diagnose

import (
	"fmt"

	"ctxlab/internal/numfmt"
	"ctxlab/internal/quoted"
)

// CodePolicyDroppedTask: a trajectory's trim policy removed the turn's
// first user message, the task the agent was given.
const CodePolicyDroppedTask = "policy-dropped-task"

// Trim is what a trajectory's trim policy removed from a turn's request
// as sent, when the request is the one the policy sends.
type Trim struct {
	// Policy is the policy's label, e.g. "last 20".
	Policy string
	// Removed counts the messages the request as sent held and the
	// policy's did not.
	Removed int
	// TaskDropped is true when the first user message, the task, is
	// among them.
	TaskDropped bool
}

// Words says what the policy removed: "the last 20 policy removed 9
// messages, the task among them".
func (t *Trim) Words() string {
	s := fmt.Sprintf("the %s policy removed %s", quoted.Name(t.Policy), numfmt.Count(t.Removed, "message", "messages"))
	if t.TaskDropped {
		s += ", the task among them"
	}
	return s
}

// trimFindings: the policy dropped the task. The model is sent the agent
// loop without what it was asked to do: a trim that keeps the newest
// messages needs the first user message pinned.
func trimFindings(in *Input) []Finding {
	t := in.Trim
	if t == nil || !t.TaskDropped {
		return nil
	}
	return []Finding{{Code: CodePolicyDroppedTask, Severity: SeverityWarning, Message: fmt.Sprintf(
		"The %s policy dropped the task: it removed %s, the first user message among them, so the model is sent the agent loop without what it was asked to do. Keep the first user message (a policy that pins it, or a larger window) or summarize it.",
		quoted.Name(t.Policy), numfmt.Count(t.Removed, "message", "messages"))}}
}
