package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/a2aplay/a2aplay/check/jsontree"
	"github.com/a2aplay/a2aplay/replay"
)

// KindListing is the node kind of a listing.
var KindListing = ast.NewNodeKind("Listing")

// A Listing quotes a named part of a transcript:
//
//	```listing
//	title: frame 3: the deploy asks for approval
//	source: transcripts/07-auth-required.http
//	exchange: 1
//	frame: 3
//	path: result.statusUpdate
//	cut: status.message.messageId, status.message.taskId
//	note: The JSON-RPC envelope is cut.
//	```
//
// Keys: source and exchange (required); part (request, response or
// frame; frame when a frame is given, else response); frame (1-based,
// in the exchange's stream); path (a dotted JSON path to quote, such as
// result.statusUpdate); cut (comma-separated paths under it to replace
// with "…"); lang (json, http for the raw HTTP message, or text); title,
// note and id. A listing has no body: its text always comes from the
// transcript.
type Listing struct {
	ast.BaseBlock
	fence

	ID, Title, Note string
	Lang            string // json, http or text
	Quote           string // the quoted text, after cutting
	Where           string // "exchange 1, frame 3"
	Step            int    // the replayer's step for the quoted part; 0 if unknown
	Cuts            []string

	transcript string
}

// Kind implements ast.Node.
func (n *Listing) Kind() ast.NodeKind { return KindListing }

// Dump implements ast.Node.
func (n *Listing) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Where": n.Where, "Lang": n.Lang}, nil)
}

// Transcript is the replayer's name of the quoted transcript.
func (n *Listing) Transcript() string { return n.transcript }

var listingKeys = map[string]bool{
	"source": true, "exchange": true,
	"part": false, "frame": false, "path": false, "cut": false,
	"lang": false, "title": false, "note": false, "id": false,
}

func (n *Listing) resolve(srcs *sources) {
	f := &n.fence
	f.checkHeader(listingKeys)
	for _, k := range []string{"title", "note"} {
		if fl, ok := f.get(k); ok {
			f.checkInline(fl)
		}
	}
	if n.HasChildren() {
		f.errorf(f.offset, "listing: a listing has no body; its text comes from its source")
	}
	id, _ := f.get("id")
	n.ID = id.Value
	if n.ID != "" && !isID(n.ID) {
		f.errorf(id.Offset, "listing: id %q: use letters, digits, \"-\" and \"_\"", n.ID)
	}
	title, _ := f.get("title")
	note, _ := f.get("note")
	n.Title, n.Note = title.Value, note.Value

	src, okSrc := f.get("source")
	exF, okEx := f.get("exchange")
	if !okSrc || !okEx || src.Value == "" {
		return // reported by checkHeader
	}
	n.transcript = TranscriptName(src.Value)
	exN, ok := positive(f, exF)
	if !ok {
		return
	}
	frameF, hasFrame := f.get("frame")
	frameN := 0
	if hasFrame {
		if frameN, ok = positive(f, frameF); !ok {
			return
		}
	}
	partF, hasPart := f.get("part")
	part := "response"
	if hasFrame {
		part = "frame"
	}
	if hasPart {
		switch partF.Value {
		case "request", "response", "frame":
			part = partF.Value
		default:
			f.errorf(partF.Offset, "listing: part %q: want request, response or frame", partF.Value)
			return
		}
		if part == "frame" && !hasFrame {
			f.errorf(partF.Offset, "listing: part frame needs a frame key")
			return
		}
		if part != "frame" && hasFrame {
			f.errorf(frameF.Offset, "listing: a frame belongs to part frame, not %s", part)
			return
		}
	}
	langF, hasLang := f.get("lang")
	if hasLang {
		switch langF.Value {
		case "json", "http", "text":
		default:
			f.errorf(langF.Offset, "listing: lang %q: want json, http or text", langF.Value)
			return
		}
	}
	pathF, hasPath := f.get("path")
	cutF, hasCut := f.get("cut")
	if hasLang && langF.Value != "json" && (hasPath || hasCut) {
		f.errorf(langF.Offset, "listing: path and cut need lang json")
		return
	}

	rs, err := srcs.get(src.Value)
	if err != nil {
		f.errorf(src.Offset, "listing: %v", err)
		return
	}
	t := rs.t
	ex := exchange(t, exN)
	if ex == nil {
		f.errorf(exF.Offset, "listing: %s has no exchange %d (it has %d)", src.Value, exN, len(t.Exchanges))
		return
	}
	n.Where = fmt.Sprintf("exchange %d", exN)

	var raw, httpText string
	switch part {
	case "request":
		raw = ex.Request.Body
		httpText = requestText(&ex.Request)
		n.Where += ", request"
		n.Step = stepOf(rs.steps, exN, 0, false)
	case "response":
		r := ex.Response
		switch {
		case r == nil:
			f.errorf(exF.Offset, "listing: exchange %d has no response", exN)
			return
		case r.Err != "":
			f.errorf(exF.Offset, "listing: exchange %d failed without a response: %s", exN, r.Err)
			return
		case r.Stream != nil && (!hasLang || langF.Value != "http"):
			f.errorf(exF.Offset, "listing: exchange %d answered with a stream: quote one of its %d frames with frame: N (or the whole response with lang: http)", exN, len(r.Stream.Frames))
			return
		}
		raw = r.Body
		httpText = responseText(r)
		n.Where += ", response"
		n.Step = stepOf(rs.steps, exN, 0, true)
	case "frame":
		r := ex.Response
		if r == nil || r.Stream == nil {
			f.errorf(frameF.Offset, "listing: exchange %d has no stream", exN)
			return
		}
		if frameN > len(r.Stream.Frames) {
			f.errorf(frameF.Offset, "listing: exchange %d's stream has no frame %d (it has %d)", exN, frameN, len(r.Stream.Frames))
			return
		}
		fr := &r.Stream.Frames[frameN-1]
		raw = fr.Data
		httpText = frameText(fr)
		n.Where += fmt.Sprintf(", frame %d", frameN)
		n.Step = stepOf(rs.steps, exN, frameN, true)
	}

	lang := "text"
	var tree *jsontree.Value
	if v, err := jsontree.Parse([]byte(raw)); err == nil && strings.TrimSpace(raw) != "" {
		tree, lang = v, "json"
	}
	if hasLang {
		lang = langF.Value
	}
	n.Lang = lang
	switch lang {
	case "http":
		n.Quote = httpText
		return
	case "text":
		n.Quote = raw
		return
	}
	if tree == nil {
		at := langF.Offset
		if !hasLang {
			at = f.offset
		}
		f.errorf(at, "listing: the %s of %s is not JSON", part, n.Where)
		return
	}
	v, key := tree, ""
	if hasPath {
		p, err := tree.Path(pathF.Value)
		if err != nil {
			f.errorf(pathF.Offset, "listing: %v", err)
			return
		}
		v = p
		if i := strings.LastIndexByte(pathF.Value, '.'); i >= 0 {
			key = pathF.Value[i+1:]
		} else {
			key = pathF.Value
		}
		if _, err := strconv.Atoi(key); err == nil {
			key = "" // an array element has no name
		}
	}
	if hasCut {
		for _, c := range strings.Split(cutF.Value, ",") {
			if c = strings.TrimSpace(c); c != "" {
				n.Cuts = append(n.Cuts, c)
			}
		}
	}
	text, err := jsontree.Format(v, jsontree.FormatOptions{Key: key, Cut: n.Cuts})
	if err != nil {
		f.errorf(cutF.Offset, "listing: %v", err)
		return
	}
	n.Quote = text
}

// positive reads a header value as a number from 1 up.
func positive(f *fence, fl Field) (int, bool) {
	v, err := strconv.Atoi(fl.Value)
	if err != nil || v < 1 {
		f.errorf(fl.Offset, "%s: %s %q: want a number from 1", f.info, fl.Key, fl.Value)
		return 0, false
	}
	return v, true
}

func isID(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return s != ""
}

func exchange(t *replay.Transcript, seq int) *replay.Exchange {
	for _, ex := range t.Exchanges {
		if ex.Seq == seq {
			return ex
		}
	}
	return nil
}

func requestText(r *replay.Request) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s\n", r.Method, r.URL, r.Proto)
	for _, h := range r.Header {
		fmt.Fprintf(&b, "%s: %s\n", h.Name, h.Value)
	}
	if r.Body != "" {
		b.WriteString("\n" + r.Body)
	}
	return strings.TrimRight(b.String(), "\n")
}

func responseText(r *replay.Response) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d %s\n", r.Proto, r.StatusCode, r.Status)
	for _, h := range r.Header {
		fmt.Fprintf(&b, "%s: %s\n", h.Name, h.Value)
	}
	switch {
	case r.Stream != nil:
		for i := range r.Stream.Frames {
			b.WriteString("\n" + frameText(&r.Stream.Frames[i]) + "\n")
		}
	case r.Body != "":
		b.WriteString("\n" + r.Body)
	}
	return strings.TrimRight(b.String(), "\n")
}

func frameText(fr *replay.Frame) string {
	var b strings.Builder
	if fr.ID != "" {
		b.WriteString("id: " + fr.ID + "\n")
	}
	if fr.Event != "" {
		b.WriteString("event: " + fr.Event + "\n")
	}
	for _, l := range strings.Split(fr.Data, "\n") {
		b.WriteString("data: " + l + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// stepOf returns the replayer's step (1-based) for a part of exchange
// exN: its request, its reply, or frame frameN of its stream. A streamed
// reply has no step of its own; its first frame stands for it. It returns
// 0 when no step matches.
func stepOf(steps []replay.Step, exN, frameN int, reply bool) int {
	for _, s := range steps {
		if s.Exchange != exN {
			continue
		}
		switch {
		case !reply && s.Kind == replay.KindRequest,
			reply && frameN == 0 && (s.Kind == replay.KindReply || s.Kind == replay.KindFrame),
			reply && frameN > 0 && s.Kind == replay.KindFrame && s.Frame == frameN:
			return s.Index
		}
	}
	return 0
}
