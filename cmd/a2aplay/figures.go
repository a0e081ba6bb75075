package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

func init() {
	register(&command{
		name:    "figures",
		summary: "draw transcripts as SVG (or Mermaid) sequence diagrams for docs",
		run:     runFigures,
	})
}

func runFigures(ctx context.Context, fs *flag.FlagSet, args []string) error {
	out := fs.String("out", ".", "folder to write the figures into")
	stepRange := fs.String("steps", "", "draw only these steps, such as 4-9, 4- or 7; they keep their numbers")
	format := fs.String("format", "svg", "svg, or mermaid for sequenceDiagram text")
	har := harFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay figures [-out DIR] [-steps 4-9] [-format svg|mermaid] [-har-all] FILE.http|FILE.har...")
		fmt.Fprintln(fs.Output(), "\nDraws each transcript (or a browser's HAR network log) as a sequence diagram,")
		fmt.Fprintln(fs.Output(), "DIR/NAME.svg (or NAME.mmd), where NAME is the file's name without .http or .har.")
		fmt.Fprintln(fs.Output(), "The same input gives the same bytes.")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &usageError{"no transcript given"}
	}
	ext := ""
	switch *format {
	case "svg":
		ext = ".svg"
	case "mermaid", "mmd":
		ext = ".mmd"
	default:
		return &usageError{fmt.Sprintf("-format %q: want svg or mermaid", *format)}
	}
	first, last, err := parseStepRange(*stepRange)
	if err != nil {
		return &usageError{err.Error()}
	}

	// Read and draw everything before writing anything, so that a bad
	// file leaves the folder as it was.
	type figure struct {
		path string
		data []byte
	}
	var figs []figure
	from := map[string]string{}
	for _, file := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		if other, dup := from[name]; dup {
			return fmt.Errorf("%s and %s would both be drawn to %s%s", other, file, name, ext)
		}
		from[name] = file
		t, err := readTranscript(file, *har)
		if err != nil {
			return err
		}
		steps := replay.Steps(t)
		if len(steps) == 0 {
			return fmt.Errorf("%s: no steps to draw", file)
		}
		if n := len(steps); first > n {
			return fmt.Errorf("%s: -steps %s: the transcript has steps 1 to %d", file, *stepRange, n)
		}
		opts := diagram.Options{Title: t.Title, First: first, Last: last}
		var b bytes.Buffer
		if ext == ".svg" {
			err = diagram.WriteSVG(&b, diagram.Layout(steps, opts))
		} else {
			err = diagram.WriteMermaid(&b, steps, opts)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		figs = append(figs, figure{filepath.Join(*out, name+ext), b.Bytes()})
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	for _, f := range figs {
		if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// parseStepRange reads "4-9", "4-", "-9" or "7" (and "" for all steps)
// into the first and last step to draw, 0 for an open end.
func parseStepRange(s string) (first, last int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	bad := fmt.Errorf("-steps %q: want a range of step numbers such as 4-9, 4-, -9 or 7", s)
	num := func(t string) (int, bool) {
		if t == "" {
			return 0, true
		}
		n, err := strconv.Atoi(t)
		return n, err == nil && n >= 1
	}
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	first, okA := num(a)
	last, okB := num(b)
	if !okA || !okB || (first == 0 && last == 0) {
		return 0, 0, bad
	}
	if last > 0 && first > last {
		return 0, 0, fmt.Errorf("-steps %q: the first step comes after the last", s)
	}
	return first, last, nil
}
