package har

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

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
	mt, _, _ := strings.Cut(strings.ToLower(e.Response.Content.MimeType), ";")
	mt = strings.TrimSpace(mt)
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

func harHeader(h []harNV, name string) string {
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
	sort.Strings(kinds)
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

// namesTask reports whether exchange o names task id, in its URL or in
// its request body.
func namesTask(o *replay.Exchange, id string) bool {
	return strings.Contains(o.Request.URL, id) || strings.Contains(o.Request.Body, id)
}

// orderCauses makes the estimated frame times of streams respect cause
// and effect: when a stream's task waits (AUTH_REQUIRED or
// INPUT_REQUIRED) and another exchange that names the task resumes it,
// the frames up to the wait come no later than that exchange's request,
// and the frames after it no earlier than its response. Frames keep
// their order; the stream's end moves with its last frame. Streams whose
// frame times the HAR gave exactly are left alone.
func orderCauses(t *replay.Transcript, estimated map[*replay.Exchange]bool) {
	used := map[*replay.Exchange]bool{}
	for _, s := range t.Exchanges {
		if !estimated[s] {
			continue
		}
		st := s.Response.Stream
		var moved []string
		for i := 0; i+1 < len(st.Frames); i++ {
			f := replay.ReadFrameStatus(st.Frames[i].Data)
			if f.Task == "" || !replay.Interrupted(f.State) || replay.Interrupted(replay.ReadFrameStatus(st.Frames[i+1].Data).State) {
				continue
			}
			var cause *replay.Exchange
			for _, o := range t.Exchanges {
				if o != s && !used[o] && resumes(o) && !o.Request.At.Before(s.Request.At) && namesTask(o, f.Task) &&
					(cause == nil || o.Request.At.Before(cause.Request.At)) {
					cause = o
				}
			}
			if cause == nil {
				continue
			}
			used[cause] = true
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
			if changed {
				moved = append(moved, fmt.Sprintf("frames %d to %d are drawn after exchange %d (%s), which resumed the task, and the frames before them before it",
					i+2, len(st.Frames), cause.Seq, cause.Name))
			}
		}
		if len(moved) == 0 {
			continue
		}
		if last := st.Frames[len(st.Frames)-1].At; st.End != nil && st.End.At.Before(last) {
			st.End.At = last
		}
		s.Notes = append(s.Notes, strings.Join(moved, "; ")+".")
	}
}
