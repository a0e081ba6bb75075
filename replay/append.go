package replay

import (
	"fmt"
	"io"
	"strings"
)

// An Appender writes a transcript a piece at a time, for a recording that
// must survive being cut short: [NewAppender] writes the header, and each
// [Appender.Append] writes one more exchange with a single Write call. The
// bytes written after each call are the canonical text of the transcript
// so far, as [Marshal] gives it, so a file that stops between two calls
// always parses.
//
// An Appender is not safe for concurrent use.
type Appender struct {
	w     io.Writer
	names map[string]bool
	seq   int
	blank bool // the text so far ends with an empty line
}

// NewAppender checks the header of t (title, notes, participants) and
// writes it to w. The exchanges of t are not written: pass them to
// Append. The participants are fixed from now on.
func NewAppender(w io.Writer, t *Transcript) (*Appender, error) {
	head := &Transcript{Title: t.Title, Notes: t.Notes, Participants: t.Participants}
	if err := check(head); err != nil {
		return nil, err
	}
	names, _ := checkParticipants(head.Participants)
	var b strings.Builder
	writeHeader(&b, head)
	if _, err := io.WriteString(w, b.String()); err != nil {
		return nil, err
	}
	return &Appender{w: w, names: names}, nil
}

// Append sets x.Seq to the next exchange number and writes x. When x
// cannot be written, Append writes nothing, leaves the number unused and
// returns an error that wraps [ErrNotRepresentable], as [Write] does.
func (a *Appender) Append(x *Exchange) error {
	if x == nil {
		return fmt.Errorf("replay: exchange %d is nil: %w", a.seq+1, ErrNotRepresentable)
	}
	seq := x.Seq
	x.Seq = a.seq + 1
	if msg := checkExchange(x, x.Seq, a.names); msg != "" {
		x.Seq = seq
		return fmt.Errorf("replay: exchange %d (%s): %s: %w", a.seq+1, x.Name, msg, ErrNotRepresentable)
	}
	var b strings.Builder
	blank := writeExchange(&b, x, a.blank)
	if _, err := io.WriteString(a.w, b.String()); err != nil {
		return err
	}
	a.seq++
	a.blank = blank
	return nil
}

// Len returns how many exchanges have been appended.
func (a *Appender) Len() int { return a.seq }
