package backoff

// Factor bounds how far a poller backs off: it waits at most Factor
// times its first interval.
const Factor = 8

// Wait is how long a poller whose first interval is first waits before
// its ask n (1-based): first, then twice as long each ask, at most
// Longest(first). n below 1 is the first ask. first is a count of
// seconds or a time.Duration.
func Wait[T ~int | ~int64](first T, n int) T {
	wait := first
	for i := 1; i < n && wait < Longest(first); i++ {
		wait *= 2
	}
	return min(wait, Longest(first))
}

// Longest is the longest a poller whose first interval is first waits.
func Longest[T ~int | ~int64](first T) T { return Factor * first }
