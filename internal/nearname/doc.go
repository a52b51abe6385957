// Package nearname finds the name a user probably meant: a YAML key, a
// flag or a command mistyped by a letter or two, or cut short, and a model
// name the tables do not know. The loaders, the command line and the
// model table use it to answer a mistake with a suggestion.
package nearname
