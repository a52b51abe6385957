// Command hugegen writes the large inputs the memory limits in
// docs/limits.md are measured on, the same bytes on every machine, so a figure there can be
// reproduced:
//
//	go run ./internal/hugegen -out huge            # every set
//	go run ./internal/hugegen -out huge kb-100k    # one set
//	go run ./internal/hugegen -list
//
// Nothing in the program or the tests reads these files; they are too
// large to keep in the repository and quick to make again.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	out := flag.String("out", os.TempDir()+"/huge", "the folder the sets are written to")
	list := flag.Bool("list", false, "list the sets and stop")
	flag.Parse()
	if *list {
		for _, s := range sets {
			fmt.Printf("%-24s %s\n", s.name, s.about)
		}
		return
	}
	chosen := sets
	if flag.NArg() > 0 {
		chosen = nil
		for _, name := range flag.Args() {
			i := slices.IndexFunc(sets, func(s set) bool { return s.name == name || strings.TrimSuffix(s.name, filepath.Ext(s.name)) == name })
			if i < 0 {
				fmt.Fprintf(os.Stderr, "hugegen: no set named %q; -list shows them\n", name)
				os.Exit(2)
			}
			chosen = append(chosen, sets[i])
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "hugegen:", err)
		os.Exit(1)
	}
	for _, s := range chosen {
		path := filepath.Join(*out, s.name)
		if err := write(path, s.write); err != nil {
			fmt.Fprintln(os.Stderr, "hugegen:", err)
			os.Exit(1)
		}
		info, _ := os.Stat(path)
		fmt.Printf("%s  %d bytes\n", path, info.Size())
	}
}

// write makes one set's file through a large buffer.
func write(path string, fill func(w *bufio.Writer)) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fill(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
