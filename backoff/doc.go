// Package backoff is the one schedule on which a2aplay's polling
// clients ask again: capture 14-poll's client (package capture, from
// 1 s) and the page's poller in a Live session (live/panel's PollWait,
// from the interval the learner chose). Each waits its first interval
// before its first ask, twice as long before each next one, and never
// more than Factor times the first (Wait, Longest), so that a long wait
// costs few requests. a2aplay check's poll-backoff note, which asks a
// poller to back off, gives this schedule from 1 s as its example.
//
// It is pure Go, imports nothing of the project, and is tested
// natively and under GOOS=js.
package backoff
