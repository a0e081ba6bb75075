// Package open reads a file someone hands a2aplay, on the command line
// or in the page: an a2aplay transcript or a HAR file, told apart by
// what the file holds rather than by its name.
//
//	t, err := open.Read(data, "session.har", har.Options{})
//	if errors.Is(err, open.ErrNotTranscript) {
//		// a picture, a PDF, some other text: err says which, in a sentence
//	}
//
// What a file is, [replay.Sniff] decides (the page, which has no HAR
// reader, decides by it too). A transcript is a file whose first line,
// after a byte order mark and blank space, starts "# a2aplay
// transcript"; [replay.Parse] reads it,
// and its mistakes come back as Parse gives them, with the file and
// line. A HAR file is JSON: a file that starts with "{" and names a
// "log" in its first 4 KB, or any file that starts with "{" and whose
// name ends in ".har"; package replay/har reads it. A HAR whose requests
// are none of them A2A calls is refused with [ErrNoA2A] rather than
// drawn empty. Anything else is refused with [ErrNotTranscript], before
// a parser can complain about line endings or JSON syntax.
package open
