package replay

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// What a transcript can hold, for code that builds transcripts from
// another source, such as a HAR file (package replay/har) or traffic a
// proxy records. Each function states, as a predicate, a rule that
// [Parse] and [Write] apply to a whole transcript; [Validate] applies
// them all.

// Validate reports why t cannot be written as a transcript, or nil. Its
// error wraps [ErrNotRepresentable] and names the exchange and field at
// fault, as [Write]'s does.
func Validate(t *Transcript) error { return check(t) }

// ValidTime reports whether t can be a time in a transcript: set, in
// UTC, a whole millisecond from year 0 to 9999.
func ValidTime(t time.Time) bool { return timeProblem(t) == "" }

// ValidLine reports whether s can be the text of one line: UTF-8
// without a line break, as a title, note, header value or error is.
func ValidLine(s string) bool { return lineProblem(s) == "" }

// ValidName reports whether s is a participant name: ASCII letters,
// digits, ".", "_" and "-".
func ValidName(s string) bool { return validName(s) }

// ValidHeaderName reports whether s can be a method or header name: an
// HTTP token that does not start with "#".
func ValidHeaderName(s string) bool { return validHeaderName(s) }

// ValidProto reports whether s is a protocol as a transcript writes it:
// "HTTP/" and a version such as 1.1 or 2.
func ValidProto(s string) bool { return validProto(s) }

// ValidURL reports whether s is an absolute http or https URL without
// spaces or control characters.
func ValidURL(s string) bool { return validURL(s) }

// ParseTime reads a time in the one layout a transcript allows,
// "2026-10-06T09:00:00.000Z".
func ParseTime(s string) (time.Time, bool) { return parseTime(s) }

// FormatTime writes t, a time in UTC, in the transcript's layout.
func FormatTime(t time.Time) string { return formatTime(t) }

// Quote quotes s for an error message as replay's own errors do: with
// Go's escapes, and shortened to 72 bytes and "…" when longer.
func Quote(s string) string { return quote(s) }

// FitFrameData makes a frame's data that came off the wire fit a
// transcript: data nested too deep (see the format) is left out, and
// FitFrameData returns "" and why, for a note.
func FitFrameData(data string) (fit, why string) {
	if msg := deepProblem(data); msg != "" {
		return "", "data " + msg + ", which a transcript cannot hold"
	}
	return data, ""
}

// FitBody makes a body that came off the wire fit a transcript: line
// endings become "\n" and the line breaks at its end go. If it still does
// not fit (it is not UTF-8 text, a line starts with "#", or it nests
// JSON too deep), the body is left out: FitBody returns "" and why, for
// a note.
func FitBody(text string) (body, why string) {
	if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return "", fmt.Sprintf("%d bytes that are not UTF-8 text", len(text))
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimRight(text, "\n")
	if msg := bodyProblem(text); msg != "" {
		return "", "body " + msg + ", which a transcript cannot hold"
	}
	return text, ""
}
