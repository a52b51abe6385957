package cli

import (
	"ctxlab/loaders"
)

// inputSizeFlag is --max-input-size: it sets the limit every loader reads
// through (loaders.NewInputReader) as soon as it is parsed, so the loads
// that follow use it; cli.Main restores the default when the run ends.
type inputSizeFlag struct{}

func (inputSizeFlag) String() string { return "" }

func (inputSizeFlag) Set(s string) error {
	n, err := loaders.ParseSize(s)
	if err != nil {
		return err
	}
	loaders.SetMaxInputSize(n)
	return nil
}

// yamlSizeFlag is --max-yaml-size: it sets the loaders' YAML limit
// (loaders.SetMaxYAMLSize) as inputSizeFlag sets the input size limit.
type yamlSizeFlag struct{}

func (yamlSizeFlag) String() string { return "" }

func (yamlSizeFlag) Set(s string) error {
	n, err := loaders.ParseSize(s)
	if err != nil {
		return err
	}
	loaders.SetMaxYAMLSize(n)
	return nil
}
