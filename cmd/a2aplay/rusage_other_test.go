//go:build unix && !linux

package main

import "syscall"

// maxRSS is the peak resident memory in bytes: macOS and the BSDs count
// it in bytes.
func maxRSS(ru *syscall.Rusage) int64 { return ru.Maxrss }
