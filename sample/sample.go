package sample

import "embed"

// FS holds the docs, history and scenarios directories.
//
//go:embed docs history scenarios
var FS embed.FS

// DefaultScenario is the path in FS of the scenario the workbench opens first.
const DefaultScenario = "scenarios/support_chat.yaml"
