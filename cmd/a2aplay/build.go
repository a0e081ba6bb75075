package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/a2aplay/a2aplay/internal/build"
)

func init() {
	register(&command{
		name:    "build",
		summary: "build the playground's WebAssembly modules, with wasm_exec.js, into a folder",
		run:     runBuild,
	})
}

func runBuild(ctx context.Context, fs *flag.FlagSet, args []string) error {
	out := fs.String("out", "bin", "folder to write the modules and wasm_exec.js into")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay build [-out bin] [viewer | check | live | live03 ...]")
		fmt.Fprintln(fs.Output(), "\nBuilds the modules named (all four by default) with GOOS=js GOARCH=wasm,")
		fmt.Fprintln(fs.Output(), "each with its own flags (internal/build says which and why), into OUT/NAME.wasm,")
		fmt.Fprintln(fs.Output(), "and copies beside them the wasm_exec.js of the Go that built them. Run it inside")
		fmt.Fprintln(fs.Output(), "the a2aplay repository; a2aplay site -build does the same before it builds the site.")
		fmt.Fprintln(fs.Output(), "\nThe recipes:")
		for _, m := range build.Modules() {
			fmt.Fprintf(fs.Output(), "  %-7s GOOS=js GOARCH=wasm go %s\n", m.Name, shellWords(m.Args("OUT/"+m.File())))
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	mods := build.Modules()
	if fs.NArg() > 0 {
		mods = nil
		for _, name := range fs.Args() {
			m, ok := build.Lookup(name)
			if !ok {
				return &usageError{fmt.Sprintf("no module %q: the modules are %s", name, moduleNames())}
			}
			mods = append(mods, m)
		}
	}
	_, err := buildModules(ctx, *out, mods, fs.Output())
	return err
}

// buildModules builds mods into dir from the repository's root and
// reports each file on log.
func buildModules(ctx context.Context, dir string, mods []build.Module, log io.Writer) (*build.Built, error) {
	root, err := build.Root(ctx)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range mods {
		names = append(names, m.File())
	}
	fmt.Fprintf(log, "building %s into %s (GOOS=js GOARCH=wasm, each with its flags: go run ./cmd/a2aplay build -h)\n", strings.Join(names, ", "), dir)
	b, err := build.Build(ctx, root, dir, mods...)
	if err != nil {
		return nil, err
	}
	for _, m := range mods {
		if st, err := os.Stat(b.Path(m)); err == nil {
			fmt.Fprintf(log, "wrote %s (%d bytes)\n", b.Path(m), st.Size())
		}
	}
	fmt.Fprintf(log, "wrote %s\n", b.WasmExec)
	return b, nil
}

func moduleNames() string {
	var names []string
	for _, m := range build.Modules() {
		names = append(names, m.Name)
	}
	return strings.Join(names, ", ")
}

// shellWords joins args as a shell would read them back: an argument
// with a space is quoted.
func shellWords(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " \t") {
			a = "'" + a + "'"
		}
		quoted[i] = a
	}
	return strings.Join(quoted, " ")
}
