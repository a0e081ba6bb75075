package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
	"github.com/a2aplay/a2aplay/replay/open"
)

// A command is one subcommand of a2aplay. Each lives in its own file and
// registers itself from init.
type command struct {
	name    string
	summary string
	// run parses its flags from args and does the work. It returns an
	// error to be printed; a *usageError also prints the flag help.
	run func(ctx context.Context, fs *flag.FlagSet, args []string) error
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// An exitError ends a command with its code, after its message (if it
// has one), without the flag help.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "a2aplay: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	fs := flag.NewFlagSet("a2aplay "+c.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := c.run(ctx, fs, args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		// An error may quote a file's name or contents: what would steer
		// the terminal (an escape sequence, a carriage return) or hide
		// (a bidi control) is printed as its escape.
		if err.Error() != "" {
			fmt.Fprintf(stderr, "a2aplay %s: %s\n", c.name, replay.Visible(err.Error()))
		}
		if _, ok := err.(*usageError); ok {
			fs.Usage()
			return 2
		}
		if e, ok := err.(*exitError); ok {
			return e.code
		}
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "a2aplay replays, captures and serves A2A transcripts.")
	fmt.Fprintln(w, "\nUsage: a2aplay <command> [flags] [args]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"a2aplay <command> -h\" for a command's flags.")
}

// readTranscript reads a transcript or a HAR file, told apart by what it
// holds (see package replay/open), held in memory once.
func readTranscript(file string, harOpts har.Options) (*replay.Transcript, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return open.ReadFrom(f, file, harOpts)
}

// harFlag adds the flag that keeps what a HAR holds besides A2A.
func harFlag(fs *flag.FlagSet) *har.Options {
	var o har.Options
	fs.BoolVar(&o.KeepAll, "har-all", false, "keep what a HAR file holds besides A2A traffic (page documents, scripts, styles, images, fonts, favicons, CORS preflights), which is left out and counted in a note")
	return &o
}
