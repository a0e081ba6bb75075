package replay

import (
	"net/netip"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/jsonread"
)

// Agents tells which agent a URL leads to, from the agent cards seen.
// An agent is its card, not its origin: its name and every URL the card
// lists (supportedInterfaces, additionalInterfaces, the url of older
// cards), with the URL the card was fetched from. So two agents served
// on one origin under different paths stay apart, and one agent reached
// as localhost, 127.0.0.1 and [::1] on the same port is one agent.
//
// A URL leads to the agent with the longest of those URLs that it
// starts with: same scheme, host and port (the loopback names count as
// one host, a missing port is the scheme's), and a path that starts with
// the listed path at a segment boundary. A URL that no card covers leads
// to its origin, an agent of its own.
//
// The zero Agents is ready to use; it is not safe for concurrent use.
type Agents struct {
	list []*agentID
}

// An agentID is one agent: its name from the card ("" for an origin
// without a card), the base URL a transcript gives it, and the URLs
// that lead to it.
type agentID struct {
	card string
	base string
	keys []urlKey
}

// A urlKey is a URL reduced to what identifies an agent endpoint.
type urlKey struct {
	origin string   // "http://localhost:41242", loopback names as localhost
	path   []string // the path's segments, without empty ones
}

// keyOf reduces a URL; ok is false for anything but an absolute http or
// https URL.
func keyOf(raw string) (urlKey, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return urlKey{}, false
	}
	host := strings.ToLower(u.Hostname())
	if IsLoopback(host) {
		host = "localhost"
	} else if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	k := urlKey{origin: u.Scheme + "://" + host + ":" + port}
	for _, s := range strings.Split(u.EscapedPath(), "/") {
		if s != "" {
			k.path = append(k.path, s)
		}
	}
	return k, true
}

// IsLoopback reports whether a host name (without port, IPv6 with or
// without brackets) names this machine: localhost or a loopback address.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}

// covers reports how many path segments of u key k covers, or -1.
func (k urlKey) covers(u urlKey) int {
	if k.origin != u.origin || len(k.path) > len(u.path) {
		return -1
	}
	for i, s := range k.path {
		if u.path[i] != s {
			return -1
		}
	}
	return len(k.path)
}

func (k urlKey) equal(o urlKey) bool {
	return k.origin == o.origin && strings.Join(k.path, "/") == strings.Join(o.path, "/")
}

// cardURLs lists the URLs an agent card names for its agent: its
// "url" and those of its "supportedInterfaces" and
// "additionalInterfaces". It reads the card with the transcript's JSON
// reader as encoding/json's Unmarshal would read it into a struct of
// those fields: keys matched without regard to case, the last of a key
// taken, and a card that is not JSON, or has a value of the wrong type
// in one of them, is not a card.
func cardURLs(card []byte) (name string, urls []string, ok bool) {
	r := jsonread.NewReader(string(card))
	wrong := false
	str := func(dst *string) {
		switch {
		case r.Peek() == '"':
			*dst = r.Str()
		case !r.Null():
			r.Skip()
			wrong = true
		}
	}
	ifaces := func(dst *[]string) {
		if r.Null() {
			*dst = nil
			return
		}
		if r.Peek() != '[' {
			r.Skip()
			wrong = true
			return
		}
		// Over the URLs a list of the same key held before, as
		// Unmarshal decodes an array into the slice it fills.
		list, n := *dst, 0
		r.Array(func() {
			switch {
			case n < len(list):
			case n < cap(list):
				list = list[:n+1]
			default:
				list = append(list, "")
			}
			switch {
			case r.Null():
			case r.Peek() == '{':
				r.Object(func(key string) {
					if strings.EqualFold(key, "url") {
						str(&list[n])
						return
					}
					r.Skip()
				})
			default:
				r.Skip()
				wrong = true
			}
			n++
		})
		*dst = list[:n]
	}
	var url string
	var supported, additional []string
	switch r.Peek() {
	case '{':
		r.Object(func(key string) {
			switch jsonread.FieldName(key, cardFields) {
			case "name":
				str(&name)
			case "url":
				str(&url)
			case "supportedInterfaces":
				ifaces(&supported)
			case "additionalInterfaces":
				ifaces(&additional)
			default:
				r.Skip()
			}
		})
	case 'n':
		r.Null()
	default:
		r.Skip()
		wrong = true
	}
	if !r.End() || wrong || name == "" {
		return "", nil, false
	}
	if url != "" {
		urls = append(urls, url)
	}
	for _, u := range append(supported, additional...) {
		if u != "" {
			urls = append(urls, u)
		}
	}
	return name, urls, true
}

// cardFields are the members of an agent card cardURLs reads.
var cardFields = []string{"name", "url", "supportedInterfaces", "additionalInterfaces"}

// AddCard learns an agent from a card fetched at cardURL (its
// /.well-known/agent-card.json, or any URL). It reports whether card is
// an agent card: a JSON object with a name. A card that names a URL an
// agent already has, with the same name, is that agent again.
func (a *Agents) AddCard(cardURL string, card []byte) bool {
	name, urls, ok := cardURLs(card)
	if !ok {
		return false
	}
	base := cardURL
	for _, suffix := range cardPaths {
		if i := strings.Index(base, suffix); i >= 0 {
			base = base[:i]
		}
	}
	var keys []urlKey
	for _, u := range append([]string{base}, urls...) {
		if k, ok := keyOf(u); ok {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return false
	}
	for _, id := range a.list {
		if id.card != name {
			continue
		}
		for _, k := range id.keys {
			for _, nk := range keys {
				if k.equal(nk) {
					id.keys = appendKeys(id.keys, keys)
					return true
				}
			}
		}
	}
	b := base
	if u, err := url.Parse(base); err == nil {
		b = u.Scheme + "://" + u.Host + strings.TrimSuffix(u.EscapedPath(), "/")
	}
	a.list = append(a.list, &agentID{card: name, base: b, keys: keys})
	return true
}

func appendKeys(keys, more []urlKey) []urlKey {
	for _, m := range more {
		dup := false
		for _, k := range keys {
			dup = dup || k.equal(m)
		}
		if !dup {
			keys = append(keys, m)
		}
	}
	return keys
}

// Lookup returns the agent rawURL leads to: its card's name ("" when no
// card covers the URL and the agent is the URL's origin) and a base URL
// that stands for it (where its card was fetched, or the origin), with a
// number that is the same for every URL of one agent. ok is false for
// anything but an absolute http or https URL.
func (a *Agents) Lookup(rawURL string) (cardName, base string, id int, ok bool) {
	k, ok := keyOf(rawURL)
	if !ok {
		return "", "", 0, false
	}
	best, bestLen := -1, -1
	for i, ag := range a.list {
		if ag.card == "" {
			continue
		}
		for _, key := range ag.keys {
			if n := key.covers(k); n > bestLen {
				best, bestLen = i, n
			}
		}
	}
	if best < 0 {
		origin := urlKey{origin: k.origin}
		for i, ag := range a.list {
			if ag.card == "" && ag.keys[0].equal(origin) {
				best = i
			}
		}
		if best < 0 {
			u, _ := url.Parse(rawURL)
			a.list = append(a.list, &agentID{base: u.Scheme + "://" + u.Host, keys: []urlKey{origin}})
			best = len(a.list) - 1
		}
	}
	ag := a.list[best]
	return ag.card, ag.base, best, true
}

// cardPaths are where agents serve their cards: the well-known location
// of A2A v1.0 (§8.2), and v0.3's.
var cardPaths = []string{"/.well-known/agent-card.json", "/.well-known/agent.json"}

// IsCardPath reports whether a URL path is an agent card's well-known
// location, under the agent's path or at the root: A2A v1.0's
// (/.well-known/agent-card.json) or v0.3's (/.well-known/agent.json).
func IsCardPath(p string) bool {
	for _, suffix := range cardPaths {
		if strings.HasSuffix(p, suffix) {
			return true
		}
	}
	return false
}

// NameFor returns a participant name for an agent: the name its agent
// card gives, made a word of lower-case letters, digits, ".", "_" and
// "-", or when that is empty a name from its URL: the first label of the
// host name, or "agent-PORT" for localhost and IP addresses.
func NameFor(cardName, agentURL string) string {
	if n := sanitizeName(cardName); n != "" {
		return n
	}
	u, err := url.Parse(agentURL)
	if err != nil {
		return "agent"
	}
	return hostName(u)
}

// hostName names a server after its host: the first label of a host
// name, or "agent-PORT" for localhost and IP addresses.
func hostName(u *url.URL) string {
	host := u.Hostname()
	if _, err := netip.ParseAddr(host); err == nil || strings.EqualFold(host, "localhost") || host == "" {
		port := u.Port()
		if port == "" {
			port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
		}
		return "agent-" + port
	}
	label, _, _ := strings.Cut(host, ".")
	if n := sanitizeName(label); n != "" {
		return n
	}
	return "agent"
}

// sanitizeName makes a participant name of s: lower case, runs of other
// characters replaced by "-".
func sanitizeName(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if c < utf8.RuneSelf && validName(string(c)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	out := b.String()
	if len(out) > 40 {
		out = out[:40]
	}
	return out
}

// OperatorVerb reports whether a path segment, in lower case, names an
// operator's decision on a waiting task outside A2A: approve and refuse,
// as the kit's deployer serves them at /approve/{taskId} and
// /refuse/{taskId} (or under an agent's path, PATH/approve/{taskId}),
// and the words other agents use for the same endpoints. Such a call is
// named by its verb wherever the agent sits, in recordings (capture,
// a2aplay record), Live's sessions and HAR imports alike.
func OperatorVerb(s string) bool {
	switch s {
	case "approve", "refuse", "reject", "deny", "decline", "confirm", "authorize", "authorise":
		return true
	}
	return false
}
