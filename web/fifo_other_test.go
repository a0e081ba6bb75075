//go:build !unix

package web

import "errors"

func mkfifo(string) error { return errors.New("no named pipes on this system") }
