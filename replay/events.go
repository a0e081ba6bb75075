package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/jsonread"
)

// EventsJSON returns the frames of every stream in t as the JSON of an
// NN-name.events.json file: an array with one object per exchange that
// has a stream, indented with two spaces and ending in a newline. The
// shape is specified in the package documentation. The output depends on
// t alone, so the same transcript always gives the same bytes.
//
// It fails only when a time cannot be written as the format requires.
func EventsJSON(t *Transcript) ([]byte, error) {
	streams := []eventsStream{}
	for _, x := range t.Exchanges {
		if x == nil || x.Response == nil || x.Response.Stream == nil {
			continue
		}
		s := x.Response.Stream
		es := eventsStream{
			Exchange: x.Seq,
			Name:     x.Name,
			From:     x.From,
			To:       x.To,
			Frames:   []eventsFrame{},
		}
		for i, f := range s.Frames {
			if msg := timeProblem(f.At); msg != "" {
				return nil, fmt.Errorf("replay: exchange %d (%s): frame %d time %s: %w", x.Seq, x.Name, i+1, msg, ErrNotRepresentable)
			}
			ef := eventsFrame{Frame: i + 1, At: formatTime(f.At), ID: f.ID, Event: f.Event}
			if utf8.ValidString(f.Data) && jsonread.Valid(f.Data) {
				ef.Data = json.RawMessage(f.Data)
			} else {
				ef.Data = f.Data
			}
			es.Frames = append(es.Frames, ef)
		}
		if e := s.End; e != nil {
			if msg := timeProblem(e.At); msg != "" {
				return nil, fmt.Errorf("replay: exchange %d (%s): stream end time %s: %w", x.Seq, x.Name, msg, ErrNotRepresentable)
			}
			es.End = &eventsEnd{At: formatTime(e.At), By: e.By}
		}
		streams = append(streams, es)
	}
	b, err := indentJSON(streams)
	if err != nil {
		return nil, fmt.Errorf("replay: events JSON: %w", err)
	}
	return b, nil
}

// indentJSON encodes v the way replay writes its JSON files (events.json
// and HAR): indented with two spaces, "<", ">" and "&" as they are, and a
// final newline.
func indentJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

type eventsStream struct {
	Exchange int           `json:"exchange"`
	Name     string        `json:"name"`
	From     string        `json:"from"`
	To       string        `json:"to"`
	Frames   []eventsFrame `json:"frames"`
	End      *eventsEnd    `json:"end"`
}

type eventsFrame struct {
	Frame int    `json:"frame"`
	At    string `json:"at"`
	ID    string `json:"id,omitempty"`
	Event string `json:"event,omitempty"`
	Data  any    `json:"data"`
}

type eventsEnd struct {
	At string `json:"at"`
	By string `json:"by"`
}
