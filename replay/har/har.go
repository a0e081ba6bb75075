package har

import (
	"encoding/json"
	"fmt"

	"github.com/a2aplay/a2aplay/replay"
)

// An Error reports a HAR file whose JSON is well formed but does not
// hold what [Read] needs. It reads "name: entries[3].request.url: msg",
// where the path names the field from the log object down; array indices
// count from 0, as in the file.
type Error struct {
	Name string // the name given to Read, usually a file name
	Path string // the field, such as "entries[3].request.url"
	Msg  string // what was expected and what was found
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s: %s", e.Name, e.Path, e.Msg) }

// harLogExt is the log's _a2aplay field.
type harLogExt struct {
	Format       int              `json:"format"`
	Title        string           `json:"title,omitempty"`
	Notes        []string         `json:"notes,omitempty"`
	Participants []harParticipant `json:"participants"`
}

type harParticipant struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

// harEntryExt is an entry's _a2aplay field.
type harEntryExt struct {
	Name       string         `json:"name"`
	From       string         `json:"from"`
	To         string         `json:"to"`
	Channel    replay.Channel `json:"channel,omitempty"`
	Notes      []string       `json:"notes,omitempty"`
	ResponseAt string         `json:"responseAt,omitempty"`
	Frames     []string       `json:"frames,omitempty"` // the time of each frame
	End        *harEnd        `json:"end,omitempty"`
}

type harEnd struct {
	At string `json:"at"`
	By string `json:"by"`
}

// The HAR 1.2 objects as [Write] writes them, with every field the
// specification requires: the one description of a HAR file that a2aplay
// writes (test/browser writes the HARs it records from Chromium with
// them too). [Read] reads only the parts it needs, leniently, with its
// own types.
type (
	// File is a HAR file: its log.
	File struct {
		Log Log `json:"log"`
	}
	// Log is the HAR log.
	Log struct {
		Version string     `json:"version"`
		Creator Creator    `json:"creator"`
		Pages   []Page     `json:"pages,omitempty"`
		Entries []Entry    `json:"entries"`
		Ext     *harLogExt `json:"_a2aplay,omitempty"`
	}
	// Creator names the program that wrote the log.
	Creator struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	// Page is a page the entries belong to.
	Page struct {
		StartedDateTime string      `json:"startedDateTime"`
		ID              string      `json:"id"`
		Title           string      `json:"title"`
		PageTimings     PageTimings `json:"pageTimings"`
	}
	// PageTimings are a page's load times in milliseconds; -1 when unknown.
	PageTimings struct {
		OnContentLoad float64 `json:"onContentLoad"`
		OnLoad        float64 `json:"onLoad"`
	}
	// Entry is one request and its response.
	Entry struct {
		Pageref         string       `json:"pageref,omitempty"`
		StartedDateTime string       `json:"startedDateTime"`
		Time            float64      `json:"time"`
		Request         Request      `json:"request"`
		Response        Response     `json:"response"`
		Cache           struct{}     `json:"cache"`
		Timings         Timings      `json:"timings"`
		ResourceType    string       `json:"_resourceType,omitempty"`
		Ext             *harEntryExt `json:"_a2aplay,omitempty"`
	}
	// NameValue is a header, a cookie or a query parameter.
	NameValue struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	// Request is an entry's request.
	Request struct {
		Method      string      `json:"method"`
		URL         string      `json:"url"`
		HTTPVersion string      `json:"httpVersion"`
		Cookies     []NameValue `json:"cookies"`
		Headers     []NameValue `json:"headers"`
		QueryString []NameValue `json:"queryString"`
		PostData    *PostData   `json:"postData,omitempty"`
		HeadersSize int         `json:"headersSize"`
		BodySize    int         `json:"bodySize"`
	}
	// PostData is a request's body.
	PostData struct {
		MimeType string `json:"mimeType"`
		Text     string `json:"text"`
	}
	// Response is an entry's response; Error is Chromium's _error, set
	// when the request failed.
	Response struct {
		Status      int         `json:"status"`
		StatusText  string      `json:"statusText"`
		HTTPVersion string      `json:"httpVersion"`
		Cookies     []NameValue `json:"cookies"`
		Headers     []NameValue `json:"headers"`
		Content     Content     `json:"content"`
		RedirectURL string      `json:"redirectURL"`
		HeadersSize int         `json:"headersSize"`
		BodySize    int         `json:"bodySize"`
		Error       string      `json:"_error,omitempty"`
	}
	// Content is a response's body; Encoding is "base64" for a body
	// that is not text.
	Content struct {
		Size     int    `json:"size"`
		MimeType string `json:"mimeType"`
		Text     string `json:"text,omitempty"`
		Encoding string `json:"encoding,omitempty"`
	}
	// Timings are an entry's phases in milliseconds; -1 for a phase
	// that does not apply.
	Timings struct {
		Blocked float64 `json:"blocked"`
		DNS     float64 `json:"dns"`
		Connect float64 `json:"connect"`
		Send    float64 `json:"send"`
		Wait    float64 `json:"wait"`
		Receive float64 `json:"receive"`
		SSL     float64 `json:"ssl"`
	}
)

// The parts of a HAR file that Read reads.
type (
	harIn struct {
		Log *harLogIn `json:"log"`
	}
	harLogIn struct {
		Pages   []harPageIn        `json:"pages"`
		Entries *[]json.RawMessage `json:"entries"`
		Ext     json.RawMessage    `json:"_a2aplay"`
	}
	harPageIn struct {
		Title string `json:"title"`
	}
	harEntryIn struct {
		StartedDateTime string   `json:"startedDateTime"`
		Time            *float64 `json:"time"`
		Request         struct {
			Method      string      `json:"method"`
			URL         string      `json:"url"`
			HTTPVersion string      `json:"httpVersion"`
			Headers     []NameValue `json:"headers"`
			PostData    *struct {
				Text string `json:"text"`
			} `json:"postData"`
		} `json:"request"`
		Response struct {
			Status      float64     `json:"status"`
			StatusText  string      `json:"statusText"`
			HTTPVersion string      `json:"httpVersion"`
			Headers     []NameValue `json:"headers"`
			Content     struct {
				Text     string `json:"text"`
				Encoding string `json:"encoding"`
				MimeType string `json:"mimeType"`
			} `json:"content"`
			Error string `json:"_error"`
		} `json:"response"`
		Timings struct {
			Blocked float64 `json:"blocked"`
			DNS     float64 `json:"dns"`
			Connect float64 `json:"connect"`
			Send    float64 `json:"send"`
			Wait    float64 `json:"wait"`
		} `json:"timings"`
		ResourceType string          `json:"_resourceType"`
		Ext          json.RawMessage `json:"_a2aplay"`
	}
)
