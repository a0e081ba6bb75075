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
// note and id. Its text always comes from the transcript.
//
// A listing may instead carry the quoted text itself, as the tutorial's
// upstream pages do: its body, after "---", is the quote, with "…"
// wherever something is cut. Then the quote is checked against its
// source (see [Listing.Verified]):
//
//	```listing
//	title: frame 3: the deploy asks for approval
//	source: capture/out/07-auth-required.events.json
//	lang: json
//	---
//	"statusUpdate": {
//	  "taskId": "ecf2dcb6-79c8-48f8-8868-24a0541781f4",
//	  …
//	}
//	```
//
// Keys: source (required: a transcript's .http, or its .events.json);
// lang (json, text or http; without it, a quote that reads as JSON is
// JSON); exchange, frame and part (request, response or frame) to look
// in one part of a .http source only; title, note and id. A JSON quote is
// one value or a run of members cut out of an object, and must match a
// value of the source: objects member by member (in any order, and with
// no other members unless the quote cuts some), arrays element by
// element in order, strings exactly (or around the cuts in them),
// numbers by value, white space ignored. Any other quote must occur in
// the HTTP text of the source, its parts between cuts in order, with
// runs of white space compared as one space. A mismatch is an error at
// the quote's line that shows the first difference on both sides.
type Listing struct {
	ast.BaseBlock
	fence

	ID, Title, Note string
	Lang            string // json, http or text
	Quote           string // the quoted text, after cutting
	Where           string // "exchange 1, frame 3"
	Step            int    // the replayer's step for the quoted part; 0 if unknown
	Cuts            []string
	// Verified is true for a listing that carries its own quote and was
	// found in its source (Where says where).
	Verified bool

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

// quotedListingKeys are the keys of a listing that carries its quote.
var quotedListingKeys = map[string]bool{
	"source":   true,
	"exchange": false, "frame": false, "part": false,
	"lang": false, "title": false, "note": false, "id": false,
}

var listingKeys = map[string]bool{
	"source": true, "exchange": true,
	"part": false, "frame": false, "path": false, "cut": false,
	"lang": false, "title": false, "note": false, "id": false,
}

func (n *Listing) resolve(srcs *sources) {
	f := &n.fence
	quoted := len(f.body) > 0
	if quoted {
		f.checkHeader(quotedListingKeys)
	} else {
		f.checkHeader(listingKeys)
	}
	for _, k := range []string{"title", "note"} {
		if fl, ok := f.get(k); ok {
			f.checkInline(fl)
		}
	}
	id, _ := f.get("id")
	n.ID = id.Value
	if n.ID != "" && !isID(n.ID) {
		f.errorf(id.Offset, "listing: id %q: use letters, digits, \"-\" and \"_\"", n.ID)
	}
	title, _ := f.get("title")
	note, _ := f.get("note")
	n.Title, n.Note = title.Value, note.Value

	if quoted {
		n.verify(srcs)
		return
	}
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

// verify checks a listing's own quote against its source.
func (n *Listing) verify(srcs *sources) {
	f := &n.fence
	src, ok := f.get("source")
	if !ok || src.Value == "" || len(f.errs) > 0 {
		return // reported by checkHeader
	}
	n.transcript = TranscriptName(src.Value)
	events := IsEventsSource(src.Value)
	exF, hasEx := f.get("exchange")
	frameF, hasFrame := f.get("frame")
	partF, hasPart := f.get("part")
	if events && (hasEx || hasFrame || hasPart) {
		f.errorf(src.Offset, "listing: exchange, frame and part choose a part of a .http source; an events file is searched whole")
		return
	}
	exN, frameN := 0, 0
	if hasEx {
		if exN, ok = positive(f, exF); !ok {
			return
		}
	}
	if hasFrame {
		if frameN, ok = positive(f, frameF); !ok {
			return
		}
	}
	part := ""
	if hasPart {
		switch partF.Value {
		case "request", "response", "frame":
			part = partF.Value
		default:
			f.errorf(partF.Offset, "listing: part %q: want request, response or frame", partF.Value)
			return
		}
	}
	if hasFrame && part != "" && part != "frame" {
		f.errorf(frameF.Offset, "listing: a frame belongs to part frame, not %s", part)
		return
	}
	lang := ""
	if langF, ok := f.get("lang"); ok {
		switch langF.Value {
		case "json", "http", "text":
			lang = langF.Value
		default:
			f.errorf(langF.Offset, "listing: lang %q: want json, http or text", langF.Value)
			return
		}
	}

	rs, err := srcs.get(HTTPSource(src.Value))
	if err != nil {
		f.errorf(src.Offset, "listing: %v", err)
		return
	}
	var places []place
	if events {
		places, err = eventsPlaces(rs)
		if err != nil {
			f.errorf(src.Offset, "listing: %v", err)
			return
		}
	} else {
		if exN > 0 && exchange(rs.t, exN) == nil {
			f.errorf(exF.Offset, "listing: %s has no exchange %d (it has %d)", src.Value, exN, len(rs.t.Exchanges))
			return
		}
		places = httpPlaces(rs, exN, frameN, part)
		if len(places) == 0 {
			f.errorf(f.offset, "listing: %s has no %s to quote from", src.Value, describePart(exN, frameN, part))
			return
		}
	}

	quote, at := f.bodyText()
	n.Quote = quote
	var h hit
	if lang == "" || lang == "json" {
		p, perr := parseQuote(quote)
		switch {
		case perr == nil:
			lang = "json"
			h = findQuote(p, quote, places)
		case lang == "json":
			qe := perr.(*quoteError)
			f.errorf(at(qe.off), "listing: the quote is not JSON (with … for cuts): %s", qe.msg)
			return
		default:
			lang = "text"
		}
	}
	if lang != "json" {
		h = findText(quote, places)
	}
	n.Lang = lang
	switch {
	case h.mm == nil && h.score < 0:
		f.errorf(f.offset, "listing: %s has nothing to compare the quote with", src.Value)
		return
	case h.mm != nil && h.score <= 0 && lang != "json":
		f.errorf(at(h.mm.off), "listing: the quote is nowhere in %s: no text there is like the listing's %s",
			src.Value, quoteMsg(h.mm.want))
		return
	case h.mm != nil:
		f.errorf(at(h.mm.off), "listing: the quote differs from %s (closest: %s): the listing has %s, the capture has %s",
			src.Value, h.where, quoteMsg(h.mm.want), quoteMsg(h.mm.got))
		return
	}
	n.Where, n.Step, n.Verified = h.where, h.step, true
}

// quoteMsg sets text from a lesson or a capture apart in an error
// message, between backquotes, with control characters and bytes that
// are not UTF-8 escaped as Go would quote them, so that the text cannot
// drive a terminal.
func quoteMsg(s string) string { return "`" + escapeControls(s) + "`" }

func describePart(exN, frameN int, part string) string {
	switch {
	case frameN > 0 && exN > 0:
		return fmt.Sprintf("frame %d in exchange %d", frameN, exN)
	case frameN > 0:
		return fmt.Sprintf("frame %d in any exchange", frameN)
	case exN > 0 && part != "":
		return fmt.Sprintf("%s in exchange %d", part, exN)
	case exN > 0:
		return fmt.Sprintf("body in exchange %d", exN)
	case part != "":
		return part
	}
	return "body or frame"
}

// httpPlaces lists the parts of a transcript a quote may come from:
// request and response bodies and stream frames, each as JSON (when it
// is) and as HTTP text; only those of exchange exN, frame frameN and
// part when they are given.
func httpPlaces(rs *source, exN, frameN int, part string) []place {
	var out []place
	add := func(where string, step int, body, text string) {
		pl := place{where: where, step: step, text: text}
		if strings.TrimSpace(body) != "" {
			if v, err := jsontree.Parse([]byte(body)); err == nil {
				pl.v = v
			}
		}
		out = append(out, pl)
	}
	for _, ex := range rs.t.Exchanges {
		if ex == nil || exN > 0 && ex.Seq != exN {
			continue
		}
		if frameN == 0 && (part == "" || part == "request") {
			add(fmt.Sprintf("exchange %d, request", ex.Seq), stepOf(rs.steps, ex.Seq, 0, false), ex.Request.Body, requestText(&ex.Request))
		}
		r := ex.Response
		if r == nil || r.Err != "" {
			continue
		}
		if r.Stream == nil {
			if frameN == 0 && (part == "" || part == "response") {
				add(fmt.Sprintf("exchange %d, response", ex.Seq), stepOf(rs.steps, ex.Seq, 0, true), r.Body, responseText(r))
			}
			continue
		}
		if part != "" && part != "frame" {
			continue
		}
		for i := range r.Stream.Frames {
			if frameN > 0 && i+1 != frameN {
				continue
			}
			fr := &r.Stream.Frames[i]
			add(fmt.Sprintf("exchange %d, frame %d", ex.Seq, i+1), stepOf(rs.steps, ex.Seq, i+1, true), fr.Data, frameText(fr))
		}
	}
	return out
}

// eventsPlaces gives the transcript's events file, as capture writes it
// beside the .http, as one place.
func eventsPlaces(rs *source) ([]place, error) {
	b, err := replay.EventsJSON(rs.t)
	if err != nil {
		return nil, err
	}
	v, err := jsontree.Parse(b)
	if err != nil {
		return nil, err
	}
	pl := place{where: "events", v: v, text: string(b), events: []eventsEntry{}}
	for _, ex := range rs.t.Exchanges {
		if ex == nil || ex.Response == nil || ex.Response.Stream == nil {
			continue
		}
		e := eventsEntry{exchange: ex.Seq, steps: map[int]int{}}
		for i := range ex.Response.Stream.Frames {
			e.steps[i+1] = stepOf(rs.steps, ex.Seq, i+1, true)
		}
		pl.events = append(pl.events, e)
	}
	return []place{pl}, nil
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
	replay.WriteRequestHead(&b, r)
	if r.Body != "" {
		b.WriteString("\n" + r.Body)
	}
	return strings.TrimRight(b.String(), "\n")
}

func responseText(r *replay.Response) string {
	var b strings.Builder
	replay.WriteResponseHead(&b, r)
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
	replay.WriteFrame(&b, fr)
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
