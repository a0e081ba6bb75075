package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/a2aplay/a2aplay/jsonread"
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

// resolve checks a listing's header and, for a listing that names what
// it quotes, finds that part of the transcript and quotes it.
func (n *Listing) resolve(srcs *sources) {
	quoted := n.readHeader()
	if quoted {
		n.verify(srcs)
		return
	}
	tg, ok := n.target()
	if !ok {
		return
	}
	raw, httpText, ok := n.locate(srcs, tg)
	if !ok {
		return
	}
	n.quote(tg, raw, httpText)
}

// readHeader checks the header's keys and reads the id, title and note.
// It reports whether the listing quotes its own text (has a body).
func (n *Listing) readHeader() (quoted bool) {
	f := &n.fence
	quoted = len(f.body) > 0
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
	return quoted
}

// A target is what a listing's header asks to quote.
type target struct {
	src, ex         Field
	exN, frameN     int    // frameN is 0 without a frame key
	frame           Field  // the frame key, if any
	part            string // "request", "response" or "frame"
	lang            Field  // the lang key, if any
	hasLang         bool
	path, cut       Field
	hasPath, hasCut bool
}

// target reads and checks the keys that say what to quote and how.
func (n *Listing) target() (target, bool) {
	f := &n.fence
	var tg target
	var okSrc, okEx bool
	tg.src, okSrc = f.get("source")
	tg.ex, okEx = f.get("exchange")
	if !okSrc || !okEx || tg.src.Value == "" {
		return tg, false // reported by checkHeader
	}
	n.transcript = TranscriptName(tg.src.Value)
	var ok bool
	if tg.exN, ok = positive(f, tg.ex); !ok {
		return tg, false
	}
	frameF, hasFrame := f.get("frame")
	if hasFrame {
		tg.frame = frameF
		if tg.frameN, ok = positive(f, frameF); !ok {
			return tg, false
		}
	}
	tg.part = "response"
	if hasFrame {
		tg.part = "frame"
	}
	if partF, hasPart := f.get("part"); hasPart {
		switch partF.Value {
		case "request", "response", "frame":
			tg.part = partF.Value
		default:
			f.errorf(partF.Offset, "listing: part %q: want request, response or frame", partF.Value)
			return tg, false
		}
		if tg.part == "frame" && !hasFrame {
			f.errorf(partF.Offset, "listing: part frame needs a frame key")
			return tg, false
		}
		if tg.part != "frame" && hasFrame {
			f.errorf(frameF.Offset, "listing: a frame belongs to part frame, not %s", tg.part)
			return tg, false
		}
	}
	tg.lang, tg.hasLang = f.get("lang")
	if tg.hasLang {
		switch tg.lang.Value {
		case "json", "http", "text":
		default:
			f.errorf(tg.lang.Offset, "listing: lang %q: want json, http or text", tg.lang.Value)
			return tg, false
		}
	}
	tg.path, tg.hasPath = f.get("path")
	tg.cut, tg.hasCut = f.get("cut")
	if tg.hasLang && tg.lang.Value != "json" && (tg.hasPath || tg.hasCut) {
		f.errorf(tg.lang.Offset, "listing: path and cut need lang json")
		return tg, false
	}
	return tg, true
}

// locate finds the part of the transcript tg names, sets the listing's
// Where and Step, and returns the part's body or frame data and its text
// as it travels over HTTP.
func (n *Listing) locate(srcs *sources, tg target) (raw, httpText string, ok bool) {
	f := &n.fence
	rs, err := srcs.get(tg.src.Value)
	if err != nil {
		f.errorf(tg.src.Offset, "listing: %v", err)
		return "", "", false
	}
	exN := tg.exN
	ex := exchange(rs.t, exN)
	if ex == nil {
		f.errorf(tg.ex.Offset, "listing: %s has no exchange %d (it has %d)", tg.src.Value, exN, len(rs.t.Exchanges))
		return "", "", false
	}
	n.Where = fmt.Sprintf("exchange %d", exN)
	switch tg.part {
	case "request":
		raw = ex.Request.Body
		httpText = requestText(&ex.Request)
		n.Where += ", request"
		n.Step = stepOf(rs.steps, exN, 0, false)
	case "response":
		r := ex.Response
		switch {
		case r == nil:
			f.errorf(tg.ex.Offset, "listing: exchange %d has no response", exN)
			return "", "", false
		case r.Err != "":
			f.errorf(tg.ex.Offset, "listing: exchange %d failed without a response: %s", exN, r.Err)
			return "", "", false
		case r.Stream != nil && (!tg.hasLang || tg.lang.Value != "http"):
			f.errorf(tg.ex.Offset, "listing: exchange %d answered with a stream: quote one of its %d frames with frame: N (or the whole response with lang: http)", exN, len(r.Stream.Frames))
			return "", "", false
		}
		raw = r.Body
		httpText = responseText(r)
		n.Where += ", response"
		n.Step = stepOf(rs.steps, exN, 0, true)
	case "frame":
		r := ex.Response
		if r == nil || r.Stream == nil {
			f.errorf(tg.frame.Offset, "listing: exchange %d has no stream", exN)
			return "", "", false
		}
		if tg.frameN > len(r.Stream.Frames) {
			f.errorf(tg.frame.Offset, "listing: exchange %d's stream has no frame %d (it has %d)", exN, tg.frameN, len(r.Stream.Frames))
			return "", "", false
		}
		fr := &r.Stream.Frames[tg.frameN-1]
		raw = fr.Data
		httpText = frameText(fr)
		n.Where += fmt.Sprintf(", frame %d", tg.frameN)
		n.Step = stepOf(rs.steps, exN, tg.frameN, true)
	}
	return raw, httpText, true
}

// quote sets the listing's Lang and Quote: the HTTP text, the raw text,
// or the JSON at tg's path with its cuts, indented.
func (n *Listing) quote(tg target, raw, httpText string) {
	f := &n.fence
	lang := "text"
	var tree *jsonread.Value
	if v, err := jsonread.Parse([]byte(raw)); err == nil && strings.TrimSpace(raw) != "" {
		tree, lang = v, "json"
	}
	if tg.hasLang {
		lang = tg.lang.Value
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
		at := tg.lang.Offset
		if !tg.hasLang {
			at = f.offset
		}
		f.errorf(at, "listing: the %s of %s is not JSON", tg.part, n.Where)
		return
	}
	v, key := tree, ""
	if tg.hasPath {
		p, err := tree.Path(tg.path.Value)
		if err != nil {
			f.errorf(tg.path.Offset, "listing: %v", err)
			return
		}
		v = p
		if i := strings.LastIndexByte(tg.path.Value, '.'); i >= 0 {
			key = tg.path.Value[i+1:]
		} else {
			key = tg.path.Value
		}
		if _, err := strconv.Atoi(key); err == nil {
			key = "" // an array element has no name
		}
	}
	if tg.hasCut {
		for _, c := range strings.Split(tg.cut.Value, ",") {
			if c = strings.TrimSpace(c); c != "" {
				n.Cuts = append(n.Cuts, c)
			}
		}
	}
	text, err := jsonread.Format(v, jsonread.FormatOptions{Key: key, Cut: n.Cuts})
	if err != nil {
		f.errorf(tg.cut.Offset, "listing: %v", err)
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
			if v, err := jsonread.Parse([]byte(body)); err == nil {
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
	v, err := jsonread.Parse(b)
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
