package capture

import (
	"context"
	"fmt"
	"regexp"

	"github.com/a2aplay/a2aplay/replay"
)

// A File is one file that capture writes into the transcripts folder.
type File struct {
	Name string // "07-auth-required.http", "07-auth-required.events.json"
	Data []byte
}

// fileRE matches the names of the files capture writes, so that stale
// ones can be found.
var fileRE = regexp.MustCompile(`^[0-9][0-9]-[a-z0-9-]+(\.v0\.3)?\.(http|events\.json)$`)

// IsCaptureFile reports whether name looks like a file capture writes:
// NN-name.http or NN-name.events.json, with .v0.3 before the extension
// for a 0.3 twin.
func IsCaptureFile(name string) bool { return fileRE.MatchString(name) }

// Files captures the scenarios — all of them, or only the one named only
// — and returns the files to write: NN-name.http for each, and
// NN-name.events.json for each transcript that has a stream. The same
// kit gives the same bytes on every run.
func Files(ctx context.Context, only string) ([]File, error) {
	scs := Scenarios()
	if only != "" {
		sc := Lookup(only)
		if sc == nil {
			return nil, fmt.Errorf("capture: no scenario %q", only)
		}
		scs = []*Scenario{sc}
	}
	var files []File
	for _, sc := range scs {
		t, err := sc.Capture(ctx)
		if err != nil {
			return nil, err
		}
		b, err := replay.Marshal(t)
		if err != nil {
			return nil, fmt.Errorf("capture: writing %s: %w", sc.Name, err)
		}
		files = append(files, File{Name: sc.Name + ".http", Data: b})
		if hasStream(t) {
			ev, err := replay.EventsJSON(t)
			if err != nil {
				return nil, fmt.Errorf("capture: events of %s: %w", sc.Name, err)
			}
			files = append(files, File{Name: sc.Name + ".events.json", Data: ev})
		}
	}
	return files, nil
}

func hasStream(t *replay.Transcript) bool {
	for _, x := range t.Exchanges {
		if x.Response != nil && x.Response.Stream != nil {
			return true
		}
	}
	return false
}
