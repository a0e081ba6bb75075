package web

import (
	"os"
	"path/filepath"
)

// WriteOffline writes the offline page (BuildOffline) to the file path,
// making its folder; a page that cannot be built leaves no file.
func WriteOffline(path string, o Options) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := BuildOffline(f, o); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
