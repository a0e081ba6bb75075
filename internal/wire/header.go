package wire

import (
	"errors"
	"fmt"
)

// ErrVersion says that a message was written by another version of the
// messages: the page and its worker come from different builds (a
// worker script the browser kept from an older site).
var ErrVersion = errors.New("the page and its worker come from different versions of the site: reload the page")

// Start begins a message: its version, then its kind.
func Start(version uint64, kind byte) *Encoder {
	e := &Encoder{B: make([]byte, 0, 256)}
	e.Uint(version)
	e.B = append(e.B, kind)
	return e
}

// Open reads the start of a message that Start began: it returns the
// message's kind, and a Decoder at the byte after it. A message of
// another version is an error that wraps ErrVersion; one too short to
// have a kind is an error too.
func Open(data string, version uint64) (*Decoder, byte, error) {
	d := &Decoder{S: data}
	v := d.Uint()
	if d.Err == nil && v != version {
		return nil, 0, fmt.Errorf("%w (message version %d, this one's %d)", ErrVersion, v, version)
	}
	if d.Err != nil || d.I >= len(d.S) {
		return nil, 0, errors.New("a message without a kind")
	}
	kind := d.S[d.I]
	d.I++
	return d, kind, nil
}
