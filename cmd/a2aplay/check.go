package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/a2aplay/a2aplay/check"
)

func init() {
	register(&command{
		name:    "check",
		summary: "check transcripts (.http, or a browser's .har) against the A2A spec's rules",
		run:     runCheck,
	})
}

// checkOut is where findings go; tests replace it.
var checkOut io.Writer = os.Stdout

func runCheck(ctx context.Context, fs *flag.FlagSet, args []string) error {
	strict := fs.Bool("strict", false, "fail on warnings too")
	quiet := fs.Bool("q", false, "print violations only, not warnings")
	listRules := fs.Bool("rules", false, "list the rules with their sections, and stop")
	har := harFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay check [-strict] [-q] [-har-all] FILE.http|FILE.har...")
		fmt.Fprintln(fs.Output(), "       a2aplay check -rules")
		fmt.Fprintln(fs.Output(), "\nChecks each transcript against the A2A v1.0 specification and prints one")
		fmt.Fprintln(fs.Output(), "line per finding, FILE:LINE: §SECTION: message (a HAR file has no lines:")
		fmt.Fprintln(fs.Output(), "FILE: exchange N: ...). Exits 1 when a transcript breaks a rule (with")
		fmt.Fprintln(fs.Output(), "-strict, also when it only departs from a recommendation), 2 on bad usage.")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *listRules {
		for _, r := range check.Rules {
			fmt.Fprintf(checkOut, "§%-6s %-22s %-9s %s\n", r.Section, r.ID, r.Severity, r.Summary)
		}
		return nil
	}
	if fs.NArg() == 0 {
		return &usageError{"no transcript given"}
	}
	var violations, warnings, unread int
	for _, file := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		t, err := readTranscript(file, *har)
		if err != nil {
			fmt.Fprintln(fs.Output(), err)
			unread++
			continue
		}
		for _, f := range check.Check(t) {
			if f.Severity == check.Warning {
				warnings++
				if *quiet {
					continue
				}
			} else {
				violations++
			}
			fmt.Fprintf(checkOut, "%s: %s\n", where(file, f), f)
		}
	}
	if unread > 0 {
		return fmt.Errorf("%d of %d files could not be read", unread, fs.NArg())
	}
	if violations > 0 || (*strict && warnings > 0) {
		return fmt.Errorf("%s, %s", count(violations, "violation"), count(warnings, "warning"))
	}
	return nil
}

// where is "file:line", or for a finding without a line (a HAR import)
// "file: exchange N, frame M".
func where(file string, f check.Finding) string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d", file, f.Line)
	}
	s := file
	if f.Exchange > 0 {
		s += fmt.Sprintf(": exchange %d", f.Exchange)
	}
	if f.Frame > 0 {
		s += fmt.Sprintf(", frame %d", f.Frame)
	}
	return s
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
