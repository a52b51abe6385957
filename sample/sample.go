package sample

import "embed"

// FS holds the docs and history directories and the scenario files.
//
//go:embed docs history *.yaml
var FS embed.FS

// DefaultScenario is the path in FS of the scenario the workbench opens first.
const DefaultScenario = "support_chat.yaml"
