// Command a2aplay captures, checks, draws and serves A2A transcripts.
//
// Usage:
//
//	a2aplay <command> [flags] [args]
//
// Run "a2aplay help" for the list of commands.
//
// # a2aplay check
//
// Check reads transcripts (.http) and HAR files and reports where their
// traffic departs from the A2A v1.0 specification, one finding per
// place, each of a rule that enforces a sentence of the specification
// ("a2aplay check -rules" lists them). A finding's severity is the
// keyword of that sentence: a MUST, MUST NOT, SHALL or REQUIRED broken is
// a violation, a SHOULD a warning, a sentence without such a keyword (or
// with MAY) a note. A finding blames the client, the agent, or neither
// when the transcript cannot tell. Findings quote the transcript with
// what would steer a terminal or a page (control characters, bidi
// overrides) as its escape, \u202e.
//
// -format text (the default) prints a line per finding,
// "FILE:LINE: §SECTION (WHO): [warning: |note: ]message"; json, sarif and
// junit print one report for all the files, described below. Past -max
// findings of one rule in one file (100 by default), the rest are
// counted, not listed: on stderr, and in each report.
//
// # Exit status
//
// The exit status is the same in every format:
//
//   - 0: no finding fails the run;
//   - 1: a finding fails the run: a violation, or with -strict a warning
//     (notes never do); also when the check is interrupted (Ctrl-C);
//   - 2: bad usage (an unknown flag or format, no file), or a file that
//     cannot be read (missing, or neither a transcript nor a HAR file).
//     The json, sarif and junit reports are still written, complete, with
//     the error as a finding of rule "unreadable", so a CI always has a
//     report.
//
// # -format json
//
// One JSON document, version 1 of format "a2aplay-check". A later version
// may add members, and changes the version number only when a member
// changes meaning or goes away. Every member is always present.
//
//   - format: "a2aplay-check".
//   - version: 1.
//   - findings: every finding listed (with -q, violations and unreadable
//     files only), file by file in the order given, each sorted by line:
//   - file: the file's name as given on the command line;
//   - line: the line of the transcript the finding is about, 0 when none
//     (a HAR file, or the file as a whole);
//   - exchange: the exchange's number (### N in a transcript, the Nth
//     A2A exchange of a HAR file in the order of its start), 0 when none;
//   - frame: the frame of the exchange's stream, from 1; 0 when none;
//   - rule: the rule's ID ("a2aplay check -explain RULE"), or
//     "unreadable" for a file that cannot be read;
//   - section: the specification's section the finding cites, "3.4.3";
//     "" for unreadable;
//   - severity: "violation", "warning" or "note"; "error" for unreadable;
//   - by: whom it blames: "client", "agent", or "unknown" (cannot tell,
//     and for unreadable);
//   - message: what is wrong, escaped as the text output is;
//   - deviation: the implementation known to depart from the rule this
//     way ("a2a-go v2.4.0"), or "".
//   - omitted: the findings -max left out, one entry per file, rule and
//     severity: file, rule, severity (as above) and count (how many).
//   - summary: files (given), unreadable (files that could not be read),
//     violations, warnings and notes (every finding, the omitted ones
//     included), omitted (of those, how many are not listed), and exit
//     (the exit status).
//
// For example, "a2aplay check -format json -max 1 session.http gone.http",
// where session.http holds three SendMessage requests without an
// A2A-Version and gone.http does not exist, prints (a test runs it):
//
//	{
//	  "format": "a2aplay-check",
//	  "version": 1,
//	  "findings": [
//	    {
//	      "file": "session.http",
//	      "line": 9,
//	      "exchange": 1,
//	      "frame": 0,
//	      "rule": "a2a-version",
//	      "section": "3.6.1",
//	      "severity": "violation",
//	      "by": "client",
//	      "message": "SendMessage request sends no A2A-Version header (nor an A2A-Version request parameter); a v1.0 client sends A2A-Version: 1.0",
//	      "deviation": ""
//	    },
//	    {
//	      "file": "gone.http",
//	      "line": 0,
//	      "exchange": 0,
//	      "frame": 0,
//	      "rule": "unreadable",
//	      "section": "",
//	      "severity": "error",
//	      "by": "unknown",
//	      "message": "open gone.http: no such file or directory",
//	      "deviation": ""
//	    }
//	  ],
//	  "omitted": [
//	    {
//	      "file": "session.http",
//	      "rule": "a2a-version",
//	      "severity": "violation",
//	      "count": 2
//	    }
//	  ],
//	  "summary": {
//	    "files": 2,
//	    "unreadable": 1,
//	    "violations": 3,
//	    "warnings": 0,
//	    "notes": 0,
//	    "omitted": 2,
//	    "exit": 2
//	  }
//	}
//
// # -format sarif
//
// A SARIF 2.1.0 log (validated against the OASIS schema in the tests) of
// one run: the rules, and "unreadable", as the driver's rules, with their
// quotes and links; a result per finding, whose artifact URI is the
// file's name percent-encoded as RFC 3986 asks ("my capture#2.http" is
// "my%20capture%232.http"; an absolute name a file: URI), with the
// finding's line as its region, or for a HAR file the region of the
// entry of the log its exchange comes from (lines and columns, in code
// points); properties blame, section and deviation. The run's invocation
// has the exit status and a notification per rule and file for the
// findings -max left out, whose total is the run's property omitted.
//
// # -format junit
//
// JUnit XML: a testsuite per file, a testcase per rule (name "RULE
// §SECTION", classname the file) that fails when the rule's findings in
// the file fail the run, its failure listing them a text line each (and
// how many -max left out); the findings that do not fail the run are in
// the testcase's system-out. A file that cannot be read is a testsuite of
// one testcase, unreadable, with an error element.
package main
