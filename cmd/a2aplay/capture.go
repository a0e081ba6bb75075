package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/a2aplay/a2aplay/capture"
)

func init() {
	register(&command{
		name:    "capture",
		summary: "capture the kit's scenarios into transcripts (NN-name.http, .events.json)",
		run:     runCapture,
	})
}

func runCapture(ctx context.Context, fs *flag.FlagSet, args []string) error {
	out := fs.String("out", "transcripts", "folder to write the transcripts into")
	only := fs.String("only", "", "capture only the scenario with this name, such as 07-auth-required")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay capture [-out transcripts] [-only NAME]")
		fmt.Fprintln(fs.Output(), "\nRuns the scripted scenarios against the kit agents in process and writes")
		fmt.Fprintln(fs.Output(), "one transcript per scenario. Running it again gives the same bytes.")
		fmt.Fprintln(fs.Output(), "\nScenarios:")
		for _, sc := range capture.Scenarios() {
			fmt.Fprintf(fs.Output(), "  %-18s %s\n", sc.Name, sc.Title)
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{"unexpected arguments: " + strings.Join(fs.Args(), " ")}
	}
	if *only != "" && capture.Lookup(*only) == nil {
		var names []string
		for _, sc := range capture.Scenarios() {
			names = append(names, sc.Name)
		}
		return &usageError{fmt.Sprintf("-only %q: no such scenario; there are %s", *only, strings.Join(names, ", "))}
	}
	files, err := capture.Files(ctx, *only)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	wrote := map[string]bool{}
	for _, f := range files {
		wrote[f.Name] = true
		path := filepath.Join(*out, f.Name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			fmt.Fprintf(os.Stderr, "unchanged %s\n", path)
			continue
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", path)
	}
	if *only != "" {
		return nil
	}
	// A full capture owns the folder's NN-name files: remove the ones no
	// scenario writes any more.
	entries, err := os.ReadDir(*out)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.IsDir() && capture.IsCaptureFile(e.Name()) && !wrote[e.Name()] {
			path := filepath.Join(*out, e.Name())
			if err := os.Remove(path); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "removed %s (no scenario writes it)\n", path)
		}
	}
	return nil
}
