// Package loadertest holds the helpers the loaders' tests share: the error
// contract every loader keeps, fuzz seeds, the bundled sample and corpus,
// and pipes and FIFOs standing in for stdin.
package loadertest
