package trajectory

import (
	"io"

	engine "ctxlab/core/trajectory"
	"ctxlab/loaders"
)

// Stdin is the path that names standard input.
const Stdin = "-"

// ReadBodiesInput is ReadBodies, with "-" reading one file's turns from
// stdin under the input size limit every stdin input has.
func ReadBodiesInput(path string, stdin io.Reader) ([]TurnBody, error) {
	if path != Stdin {
		return ReadBodies(path)
	}
	if stdin == nil {
		return nil, &loaders.Error{Name: "stdin", Msg: "no standard input to read the trajectory from"}
	}
	data, err := loaders.ReadInput("stdin", stdin)
	if err != nil {
		return nil, loaders.InputError("reading stdin", err)
	}
	return ParseBodies("stdin", data)
}

// LoadInput is Load, with "-" reading stdin; errors name it "stdin".
func LoadInput(path string, stdin io.Reader, opts Options) (*engine.Trajectory, error) {
	bodies, err := ReadBodiesInput(path, stdin)
	if err != nil {
		return nil, err
	}
	name := path
	if path == Stdin {
		name = "stdin"
	}
	return Build(name, bodies, opts)
}
