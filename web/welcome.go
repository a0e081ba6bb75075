package web

// Has reports whether the page offers the shipped transcript name: the
// first screen (index.html's dialog "welcome") links only to those it
// has.
func (v pageView) Has(name string) bool {
	for _, t := range v.Transcripts {
		if t.Name == name {
			return true
		}
	}
	return false
}
