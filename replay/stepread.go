package replay

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
)

// What a step says comes from the exchange's bodies: the JSON-RPC or
// HTTP+JSON request, and each reply or frame, read leniently.

// requestStep reads an exchange's request.
func requestStep(ex *Exchange) Step {
	s := Step{Kind: KindRequest, From: ex.From, To: ex.To, At: ex.Request.At, Version: v03Mark(ex)}
	rq := ex.Request
	path := urlPath(rq.URL)
	route := withoutQuery(path)
	var w wire
	okJSON := decode(rq.Body, &w)
	oob := ex.Channel == ChannelOutOfBand
	var rest binding.Route
	if !oob {
		rest, _ = binding.Match(rq.Method, route)
	}
	switch {
	case !oob && okJSON && w.JSONRPC != "" && w.Method != "":
		s.Method = w.Method
		if now, ok := binding.V03Methods[w.Method]; ok && s.Version == V03 {
			s.Method = now
		} else if !binding.Known(w.Method) {
			s.Method = ""
		}
		s.Label = clip(w.Method, 48)
		if w.Params != nil {
			readParams(&s, w.Params)
		}
	case rest.Op.Method != "":
		s.Method = rest.Op.Method
		s.Label = s.Method
		if okJSON {
			readParams(&s, &w)
		}
		if s.TaskID == "" {
			s.TaskID = rest.TaskID
		}
	default:
		s.Label = clip(strings.TrimSpace(rq.Method+" "+shortenIDs(path)), 64)
		if okJSON {
			s.Detail = messageText(w.Message)
		} else {
			s.Detail = firstLine(rq.Body)
		}
	}
	if s.Label == "" {
		s.Label = clip(ex.Name, 48)
	}
	if s.TaskID != "" {
		s.Label += " (task " + ShortID(s.TaskID) + ")"
	}
	return s
}

// readParams reads the params of a request: a message to send, or the
// id of a task to get, cancel or subscribe to.
func readParams(s *Step, p *wire) {
	if m := p.Message; m != nil {
		s.TaskID, s.ContextID = m.TaskID, m.ContextID
		s.Detail = messageText(m)
	}
	if s.TaskID == "" {
		s.TaskID = p.id()
	}
}

// readBody reads the body of a reply or a frame into s: its event, task,
// state, label and error. status is the HTTP status code (0 for frames).
func readBody(s *Step, body string, status int, reason string, oob bool) {
	if status >= 400 {
		s.Error = &StepError{Kind: ErrorHTTP, Code: status}
	}
	var w wire
	if !decode(body, &w) {
		s.Label = httpLabel(status, reason)
		s.Detail = firstLine(body)
		if s.Error != nil {
			s.Error.Message = s.Detail
		}
		return
	}
	if e := w.Error; e != nil && (e.Code != 0 || e.Message != "") {
		s.Event = "error"
		s.Error = &StepError{Kind: ErrorStatus, Code: e.Code, Message: clip(e.Message, 4*detailRunes)}
		if w.JSONRPC != "" {
			s.Error.Kind = ErrorJSONRPC
		}
		s.Label = "error"
		if e.Code != 0 {
			s.Label += " " + strconv.Itoa(e.Code)
		}
		s.Detail = shorten(e.Message)
		return
	}
	if oob {
		s.Label = httpLabel(status, reason)
		s.Detail = compactJSON(body)
		if s.Error != nil {
			s.Error.Message = s.Detail
		}
		return
	}
	p := &w
	if w.Result != nil {
		p = w.Result
	}
	if s.Version != V03 || !readV03Payload(s, p) {
		readPayload(s, p)
	}
	if s.Label == "" {
		s.Label = httpLabel(status, reason)
	}
	if s.Error != nil && s.Error.Message == "" {
		if s.Detail == "" {
			s.Detail = compactJSON(body)
		}
		s.Error.Message = s.Detail
	}
}

// httpLabel labels a reply by its status line; "" for a frame (status
// 0).
func httpLabel(status int, reason string) string {
	if status == 0 {
		return ""
	}
	if reason == "" {
		return strconv.Itoa(status)
	}
	return strconv.Itoa(status) + " " + clip(reason, 40)
}

// readPayload reads what a reply or frame carries: one of task, message,
// statusUpdate, artifactUpdate, or a bare task (GetTask's result).
func readPayload(s *Step, p *wire) {
	switch {
	case p.Task != nil:
		readTask(s, p.Task)
	case p.StatusUpdate != nil:
		u := p.StatusUpdate
		s.Event = "statusUpdate"
		s.TaskID, s.ContextID = u.TaskID, u.ContextID
		s.Label = "statusUpdate"
		if u.Status != nil && u.Status.State != "" {
			s.State, s.Reports = u.Status.State, true
			s.Label += " " + ShortState(u.Status.State)
			s.Detail = messageText(u.Status.Message)
		}
	case p.ArtifactUpdate != nil:
		u := p.ArtifactUpdate
		s.Event = "artifactUpdate"
		s.TaskID, s.ContextID = u.TaskID, u.ContextID
		s.Label = "artifactUpdate"
		if a := u.Artifact; a != nil {
			switch {
			case a.Name != "":
				s.Label += " " + clip(shortenIDs(a.Name), 40)
			case a.ArtifactID != "":
				s.Label += " " + ShortID(a.ArtifactID)
			}
			s.Detail = partsText(a.Parts)
		}
	case p.Message != nil:
		m := p.Message
		s.Event = "message"
		s.TaskID, s.ContextID = m.TaskID, m.ContextID
		s.Label = "message"
		s.Detail = messageText(m)
	case p.id() != "" && p.Status != nil:
		readTask(s, p)
	case p.Name != "" && (p.SupportedInterfaces != "" || p.Skills != ""):
		s.Label = "agent card " + clip(p.Name, 40)
	}
}

func readTask(s *Step, t *wire) {
	s.Event = "task"
	s.TaskID, s.ContextID = t.id(), t.ContextID
	s.Label = "task " + ShortID(s.TaskID)
	if t.Status != nil && t.Status.State != "" {
		s.State, s.Reports = t.Status.State, true
		s.Label += " " + ShortState(t.Status.State)
		s.Detail = messageText(t.Status.Message)
	}
	if s.Detail == "" && len(t.Artifacts) > 0 {
		var names []string
		for _, a := range t.Artifacts {
			if a.Name != "" {
				names = append(names, a.Name)
			}
		}
		if len(names) > 0 {
			s.Detail = shorten("artifacts: " + strings.Join(names, ", "))
		}
	}
}

// taskInURL returns a known task id that is a segment of the URL's path.
func taskInURL(u string, known map[string]bool) string {
	for seg := range strings.SplitSeq(urlPath(u), "/") {
		if j := strings.IndexByte(seg, ':'); j >= 0 {
			seg = seg[:j]
		}
		if known[seg] {
			return seg
		}
	}
	return ""
}

// Path is the path of the request's URL, as it travels (still
// escaped), without the query: "/approve/ecf2dcb6-…", "/v1/message:send".
func (rq *Request) Path() string { return withoutQuery(urlPath(rq.URL)) }

// withoutQuery cuts the query (and fragment) off a URL's path.
func withoutQuery(p string) string {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		return p[:i]
	}
	return p
}

// urlPath returns the path (and query) of a URL, or the URL itself when
// it has no scheme and host.
func urlPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			return rest[j:]
		}
		return "/"
	}
	return u
}

func messageText(m *wire) string {
	if m == nil {
		return ""
	}
	return partsText(m.Parts)
}

// partsText says what a message's parts hold, in a line: the first line
// of each text (with " …" when it has more), data as JSON, a URL, or the
// name of a file, joined with " · ".
func partsText(ps []wirePart) string {
	var b strings.Builder
	for _, p := range ps {
		var t string
		switch {
		case p.Text != "":
			t = strings.TrimSpace(p.Text)
			if i := strings.IndexByte(t, '\n'); i >= 0 {
				t = strings.TrimSpace(t[:i]) + " …"
			}
		case p.Data != "" && p.Data != "null":
			t = compactJSON(p.Data)
		case p.URL != "":
			t = p.URL
		case p.Filename != "":
			t = "file " + p.Filename
		case p.MediaType != "":
			t = "file " + p.MediaType
		}
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(t)
		if b.Len() > 4*detailRunes {
			break
		}
	}
	return shorten(b.String())
}

// compactJSON gives a JSON body on one line, shortened, with a space
// after each comma and colon so that it can wrap. A body that is not
// JSON, or longer than 64 KiB, gives its first line.
func compactJSON(body string) string {
	if len(body) > 64<<10 || !jsonread.Valid(body) {
		return firstLine(body)
	}
	// shorten keeps the first 8*detailRunes bytes only.
	out := make([]byte, 0, min(len(body)+len(body)/4, 8*detailRunes+1))
	inStr, esc := false, false
	for i := 0; i < len(body) && len(out) < 8*detailRunes; i++ {
		switch c := body[i]; {
		case inStr:
			out = append(out, c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == ',' || c == ':':
			out = append(out, c, ' ')
		default:
			out = append(out, c)
			inStr = c == '"'
		}
	}
	return shorten(string(out))
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return shorten(s)
}

// detailRunes is the most runes a Detail keeps.
const detailRunes = 120

// shorten collapses white space, shortens ids and clips to detailRunes.
func shorten(s string) string {
	if len(s) > 8*detailRunes {
		s = s[:8*detailRunes]
	}
	return clip(shortenIDs(collapseSpace(s)), detailRunes)
}

// collapseSpace trims white space and turns each run of it into one
// space, as strings.Join(strings.Fields(s), " ") does; it returns s
// itself when there is nothing to change.
func collapseSpace(s string) string {
	space := true // before the first rune, a space would lead
	for _, r := range s {
		sp := unicode.IsSpace(r)
		if sp && (space || r != ' ') {
			return strings.Join(strings.Fields(s), " ")
		}
		space = sp
	}
	if space && s != "" {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

// clip cuts s to at most n runes, ending in "…" when cut, and replaces
// invalid UTF-8 and control characters.
func clip(s string, n int) string {
	k := 0
	for i, r := range s {
		if k == n || r < ' ' || (r >= 0x7f && r < 0xa0) ||
			r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return clipCopy(s, n)
		}
		k++
	}
	return s // nothing to cut or replace
}

// clipCopy is clip of a string it changes.
func clipCopy(s string, n int) string {
	var b strings.Builder
	b.Grow(min(len(s), 4*n+len("…")))
	k := 0
	for i, r := range s {
		if k == n {
			if i < len(s) {
				b.WriteString("…")
			}
			break
		}
		if r < ' ' || (r >= 0x7f && r < 0xa0) {
			r = ' '
		}
		b.WriteRune(r)
		k++
	}
	return b.String()
}

// shortenIDs replaces each UUID (8-4-4-4-12 hex digits) in s by its
// ShortID.
func shortenIDs(s string) string {
	if len(s) < 36 {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i+36 <= len(s); {
		if isUUID(s[i:i+36]) && (i == 0 || !isHex(s[i-1])) && (i+36 == len(s) || !isHex(s[i+36])) {
			b.WriteString(s[last:i])
			b.WriteString(ShortID(s[i : i+36]))
			i += 36
			last = i
			continue
		}
		i++
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isUUID(s string) bool {
	for i := 0; i < 36; i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
