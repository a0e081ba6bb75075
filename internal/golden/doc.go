// Package golden compares what a test produces with a file kept beside
// it, its golden file, and rewrites that file when asked.
//
// Every package's tests use it the same way:
//
//	go test ./diagram            compare: a difference fails with a diff (-want +got)
//	go test ./diagram -update    rewrite the golden files with what the tests produce now
//
// A failing comparison also writes what the test produced beside the
// golden file, with ".got" before its last extension
// (testdata/x.layout.json gives testdata/x.layout.got.json; the
// repository ignores *.got.*), and names the command that accepts it.
//
// The package registers the -update flag, so a test package that
// imports it must not declare one of its own.
package golden
