// Package replaytest holds what the tests of replay and of the packages
// that read transcripts share: the transcript files ([TranscriptFiles]),
// reading and parsing them ([ReadFile], [ParseFile], [ParseInto]), and
// comparing transcripts without the lines a parser records
// ([IgnoreLines]), and filling every field of a value for round trips
// ([Fill]).
//
// It does not import replay, so that replay's own tests can use it: the
// parser is passed in.
//
//	tr := replaytest.ParseFile(t, "../transcripts/07-auth-required.http", replay.Parse)
//	if diff := cmp.Diff(want, tr, replaytest.IgnoreLines); diff != "" { ... }
//
// Only tests import it (internal/layers checks it).
package replaytest
