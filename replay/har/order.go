package har

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"
)

// Options change what [ReadWith] keeps.
type Options struct {
	// KeepAll keeps the traffic that is not A2A, which Read leaves
	// out: the page's documents, scripts, styles, images, fonts,
	// favicons and CORS preflights.
	KeepAll bool
}

// pageAsset says what kind of page traffic a HAR entry is ("script",
// "CORS preflight"), or "" for an exchange to keep: anything A2A, and
// any other call a page makes with fetch, such as an operator's approval.
func pageAsset(e *harEntryIn, name string, ch replay.Channel) string {
	if ch == replay.ChannelA2A {
		return ""
	}
	rt := strings.ToLower(e.ResourceType)
	if rt == "preflight" || e.Request.Method == "OPTIONS" && harHeader(e.Request.Headers, "Access-Control-Request-Method") != "" {
		return "CORS preflight"
	}
	path := ""
	if u, err := url.Parse(e.Request.URL); err == nil {
		path = strings.ToLower(u.Path)
	}
	if strings.HasSuffix(path, "/favicon.ico") {
		return "favicon"
	}
	switch rt {
	case "document", "script", "stylesheet", "image", "font", "media", "manifest", "texttrack":
		return rt
	case "fetch", "xhr", "eventsource", "other", "ping", "":
	default:
		return rt
	}
	mt := binding.MediaType(e.Response.Content.MimeType)
	switch {
	case e.Request.Method != "GET":
		return ""
	case mt == "text/html":
		return "document"
	case mt == "text/css":
		return "stylesheet"
	case strings.Contains(mt, "javascript") || strings.Contains(mt, "ecmascript"):
		return "script"
	case mt == "application/wasm":
		return "WebAssembly module"
	case strings.HasPrefix(mt, "image/"):
		return "image"
	case strings.HasPrefix(mt, "font/") || strings.Contains(mt, "woff"):
		return "font"
	}
	return ""
}

func harHeader(h []NameValue, name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// leftOutNote says what an import left out, such as "3 requests that are
// not A2A are left out: 1 document, 2 scripts".
func leftOutNote(counts map[string]int) string {
	kinds := make([]string, 0, len(counts))
	total := 0
	for k, n := range counts {
		kinds = append(kinds, k)
		total += n
	}
	slices.Sort(kinds)
	var parts []string
	for _, k := range kinds {
		n := counts[k]
		word := k
		if n > 1 {
			word = plural(k)
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, word))
	}
	req := "requests that are not A2A are"
	if total == 1 {
		req = "request that is not A2A is"
	}
	return fmt.Sprintf("%d %s left out: %s.", total, req, strings.Join(parts, ", "))
}

func plural(k string) string {
	switch {
	case strings.HasSuffix(k, "s"):
		return k
	case strings.HasSuffix(k, "y") && !strings.HasSuffix(k, "ay"):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}

// timeFrames places a stream's frames at the status timestamps they
// carry, when the HAR has no time for each frame: between the response
// and the end of the entry, never before the frame before them; a frame
// without a timestamp takes the time of the frame before it (the first,
// the response's). It returns how many frames carried a usable
// timestamp: 0 when none did, or when one falls outside the entry's time
// by more than a second, the mark of another clock; the frames are then
// left as they were.
func timeFrames(frames []replay.Frame, started, respAt, endAt time.Time) int {
	facts := make([]replay.FrameStatus, len(frames))
	n := 0
	for i, f := range frames {
		facts[i] = replay.ReadFrameStatus(f.Data)
		if at := facts[i].At; !at.IsZero() {
			if at.Before(started.Add(-time.Second)) || at.After(endAt.Add(time.Second)) {
				return 0
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	prev := respAt
	for i := range frames {
		if at := facts[i].At; !at.IsZero() {
			prev = later(prev, at)
			if prev.After(endAt) {
				prev = endAt
			}
		}
		frames[i].At = prev
	}
	return n
}

// resumes reports whether exchange o can resume a task that waits: an
// out-of-band call (an operator's approval) or a message, answered with
// success.
func resumes(o *replay.Exchange) bool {
	if o.Response == nil || o.Response.Err != "" || o.Response.StatusCode/100 != 2 {
		return false
	}
	return o.Channel == replay.ChannelOutOfBand || o.Name == "SendMessage" || o.Name == "SendStreamingMessage"
}

// orderCauses makes the estimated frame times of streams respect cause
// and effect: when a stream's task waits (AUTH_REQUIRED or
// INPUT_REQUIRED) and another exchange that names the task resumes it,
// the frames up to the wait come no later than that exchange's request,
// and the frames after it no earlier than its response. Frames keep
// their order; the stream's end moves with its last frame. Streams whose
// frame times the HAR gave exactly are left alone.
func orderCauses(t *replay.Transcript, estimated map[*replay.Exchange]bool) {
	waits := map[*replay.Exchange][]wait{}
	ids := map[string]bool{}
	for _, s := range t.Exchanges {
		if estimated[s] {
			waits[s] = waitsOf(s.Response.Stream)
			for _, w := range waits[s] {
				ids[w.task] = true
			}
		}
	}
	if len(ids) == 0 {
		return
	}
	causes := resumers(t, ids)
	used := map[*replay.Exchange]bool{}
	for _, s := range t.Exchanges {
		if len(waits[s]) == 0 {
			continue
		}
		var moved []string
		for _, w := range waits[s] {
			i := w.frame
			cause := causes[w.task].next(s, used)
			if cause == nil {
				continue
			}
			used[cause] = true
			if placeAround(s, i, cause) {
				moved = append(moved, movedNote(s, i, cause))
			}
		}
		noteMoved(s, moved)
	}
}

// A wait is a frame of a stream that leaves its task waiting
// (AUTH_REQUIRED or INPUT_REQUIRED) with a frame after it that does not.
type wait struct {
	frame int // index of the frame
	task  string
}

func waitsOf(st *replay.Stream) []wait {
	fs := make([]replay.FrameStatus, len(st.Frames))
	for i := range st.Frames {
		fs[i] = replay.ReadFrameStatus(st.Frames[i].Data)
	}
	var ws []wait
	for i := 0; i+1 < len(fs); i++ {
		if fs[i].Task != "" && replay.Interrupted(fs[i].State) && !replay.Interrupted(fs[i+1].State) {
			ws = append(ws, wait{i, fs[i].Task})
		}
	}
	return ws
}

// A queue holds the exchanges that can resume one task, in the order of
// their requests, and a cursor past those no stream can take any more.
type queue struct {
	xs     []*replay.Exchange
	cursor int
}

// next returns the first exchange of q that can resume the task of
// stream s and is not used yet: sent no earlier than s, and not s
// itself. Streams ask in the order of their requests, so an exchange
// sent before s is passed over for good.
func (q *queue) next(s *replay.Exchange, used map[*replay.Exchange]bool) *replay.Exchange {
	if q == nil {
		return nil
	}
	for q.cursor < len(q.xs) && (used[q.xs[q.cursor]] || q.xs[q.cursor].Request.At.Before(s.Request.At)) {
		q.cursor++
	}
	for _, o := range q.xs[q.cursor:] {
		if o != s && !used[o] {
			return o
		}
	}
	return nil
}

// resumers finds, for each task id, the exchanges that can resume it
// ([resumes]) and name it, in their URL or request body, in the order of
// t's exchanges. It looks each id up at every place in those texts where
// one could start, so its time grows with the texts' length, not with
// the number of ids.
func resumers(t *replay.Transcript, ids map[string]bool) map[string]*queue {
	// The ids by length, and the bytes they start with.
	byLen := map[int]*[256]bool{}
	var lens []int
	for id := range ids {
		if byLen[len(id)] == nil {
			byLen[len(id)] = new([256]bool)
			lens = append(lens, len(id))
		}
		byLen[len(id)][id[0]] = true
	}
	slices.Sort(lens)
	out := map[string]*queue{}
	for _, o := range t.Exchanges {
		if !resumes(o) {
			continue
		}
		for _, text := range [2]string{o.Request.URL, o.Request.Body} {
			for _, n := range lens {
				starts := byLen[n]
				for i := 0; i+n <= len(text); i++ {
					if !starts[text[i]] || !ids[text[i:i+n]] {
						continue
					}
					q := out[text[i:i+n]]
					if q == nil {
						q = &queue{}
						out[text[i:i+n]] = q
					}
					if len(q.xs) == 0 || q.xs[len(q.xs)-1] != o {
						q.xs = append(q.xs, o)
					}
				}
			}
		}
	}
	return out
}

// placeAround moves the frames of s's stream up to frame i (the wait)
// no later than cause's request, and the frames after it no earlier than
// cause's response; it says whether any frame moved.
func placeAround(s *replay.Exchange, i int, cause *replay.Exchange) bool {
	st := s.Response.Stream
	lo := later(cause.Request.At, s.Response.At)
	hi := later(cause.Response.At, cause.Request.At).Add(time.Millisecond)
	changed := false
	for k := 0; k <= i; k++ {
		if st.Frames[k].At.After(lo) {
			st.Frames[k].At, changed = lo, true
		}
	}
	for k := i + 1; k < len(st.Frames); k++ {
		if st.Frames[k].At.Before(hi) {
			st.Frames[k].At, changed = hi, true
		}
	}
	return changed
}

// movedNote says which of s's frames placeAround moved, and why.
func movedNote(s *replay.Exchange, i int, cause *replay.Exchange) string {
	return fmt.Sprintf("frames %d to %d are drawn after exchange %d (%s), which resumed the task, and the frames before them before it",
		i+2, len(s.Response.Stream.Frames), cause.Seq, cause.Name)
}

// noteMoved ends s's stream no earlier than its last frame, now that
// frames moved, and notes the moves on s; with none it does nothing.
func noteMoved(s *replay.Exchange, moved []string) {
	if len(moved) == 0 {
		return
	}
	st := s.Response.Stream
	if last := st.Frames[len(st.Frames)-1].At; st.End != nil && st.End.At.Before(last) {
		st.End.At = last
	}
	s.Notes = append(s.Notes, strings.Join(moved, "; ")+".")
}
