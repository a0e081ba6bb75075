package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/a2aplay/a2aplay/replay/open"
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
	harOpts := harFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay figures [-out DIR] [-steps 4-9] [-format svg|mermaid] [-har-all] FILE.http|FILE.har...")
		fmt.Fprintln(fs.Output(), "\nDraws each transcript (or a browser's HAR network log) as a sequence diagram,")
		fmt.Fprintln(fs.Output(), "DIR/NAME.svg (or NAME.mmd), where NAME is the file's name without .http or .har.")
		fmt.Fprintln(fs.Output(), "The same input gives the same bytes. A figure draws at most 20,000 steps (past")
		fmt.Fprintln(fs.Output(), "that it asks for a -steps range) of a transcript of at most 100,000 steps and")
		fmt.Fprintln(fs.Output(), "64 MB, or a HAR file of at most 32 MB.")
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

	// Each figure is written to a hidden file beside its place, renamed
	// into place once every figure is drawn: a bad file leaves the folder
	// as it was, and no figure is held in memory.
	made, err := makeDir(*out)
	if err != nil {
		return err
	}
	var temps []string
	done := false
	defer func() {
		if done {
			return
		}
		for _, t := range temps {
			os.Remove(t)
		}
		if made {
			os.Remove(*out) // only if it is still empty
		}
	}()
	var finals []string
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
		tmp, err := drawFigure(file, *harOpts, *out, ext, first, last, *stepRange)
		if tmp != "" {
			temps = append(temps, tmp)
		}
		if err != nil {
			return err
		}
		finals = append(finals, filepath.Join(*out, name+ext))
	}
	for i, t := range temps {
		if err := os.Rename(t, finals[i]); err != nil {
			return err
		}
	}
	done = true
	return nil
}

// The sizes a2aplay figures works within, so that it stays within 256 MB
// of memory (BenchmarkFiguresLarge measures it). A figure is for
// reading: 20,000 steps make an SVG of about 22 MB and a million pixels
// tall. A transcript is read whole and all its steps made, even to draw
// a few, and 100,000 steps (about 33 MB of transcript) take up to 230 MB.
// A file is refused by its size before it is read: parsing takes about
// 2.5 times a transcript's size, and a HAR's JSON about 6 times its own.
// Tests make them smaller.
var (
	maxFigureSteps     = 20000    // the most steps one figure draws
	maxTranscriptSteps = 100000   // the most steps of a transcript it reads
	maxTranscriptBytes = 64 << 20 // the largest .http file it reads
	maxHARBytes        = 32 << 20 // the largest HAR file it reads
)

// drawFigure draws one transcript into a hidden file in dir and returns
// its name (also with an error, for the caller to remove).
func drawFigure(file string, harOpts har.Options, dir, ext string, first, last int, stepRange string) (string, error) {
	if err := checkSize(file); err != nil {
		return "", err
	}
	t, err := readTranscript(file, harOpts)
	if err != nil {
		return "", err
	}
	n := replay.CountSteps(t)
	if n > maxTranscriptSteps {
		return "", fmt.Errorf("%s: %d steps are more than a2aplay figures reads (%d, to stay within 256 MB of memory); draw a part of a shorter capture",
			file, n, maxTranscriptSteps)
	}
	if n == 0 {
		return "", fmt.Errorf("%s: no steps to draw", file)
	}
	if first > n {
		return "", fmt.Errorf("%s: -steps %s: the transcript has steps 1 to %d", file, stepRange, n)
	}
	lo, hi := max(first, 1), n
	if last > 0 {
		hi = min(last, n)
	}
	if drawn := hi - lo + 1; drawn > maxFigureSteps {
		return "", fmt.Errorf("%s: %d steps are more than one figure draws (%d); draw a part with -steps, such as -steps %d-%d",
			file, drawn, maxFigureSteps, lo, lo+maxFigureSteps-1)
	}
	steps := replay.Steps(t)
	opts := diagram.Options{Title: t.Title, First: first, Last: last}
	t = nil // the steps are all a figure needs

	f, err := os.CreateTemp(dir, ".figure-*"+ext)
	if err != nil {
		return "", err
	}
	// A temporary file is private (0600); a figure is for publishing, and
	// is readable like any file the other commands write.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return f.Name(), err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	if ext == ".svg" {
		err = diagram.WriteSVG(w, diagram.Layout(steps, opts))
	} else {
		err = diagram.WriteMermaid(w, steps, opts)
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return f.Name(), fmt.Errorf("%s: %w", file, err)
	}
	return f.Name(), nil
}

// isHARFile reports whether file is read as a HAR file, as
// replay/open tells from its first bytes.
func isHARFile(file string) bool {
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, open.HeadSize)
	n, _ := io.ReadFull(f, head)
	return open.IsHAR(head[:n], file)
}

// checkSize refuses a file too large to read within the memory budget.
func checkSize(file string) error {
	st, err := os.Stat(file)
	if err != nil || !st.Mode().IsRegular() {
		return nil // reading it says what is wrong
	}
	limit, kind := maxTranscriptBytes, "transcript"
	if isHARFile(file) {
		limit, kind = maxHARBytes, "HAR file"
	}
	if st.Size() > int64(limit) {
		return fmt.Errorf("%s: a %s of %.1f MB is more than a2aplay figures reads (%d MB, to stay within 256 MB of memory); draw a shorter capture",
			file, kind, float64(st.Size())/(1<<20), limit>>20)
	}
	return nil
}

// makeDir makes dir if it is missing and says whether it did.
func makeDir(dir string) (bool, error) {
	if st, err := os.Stat(dir); err == nil {
		if !st.IsDir() {
			return false, fmt.Errorf("-out %q is not a folder", dir)
		}
		return false, nil
	}
	return true, os.MkdirAll(dir, 0o755)
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
