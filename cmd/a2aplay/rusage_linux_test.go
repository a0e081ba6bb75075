package main

import "syscall"

// maxRSS is the peak resident memory in bytes: Linux counts it in KiB.
func maxRSS(ru *syscall.Rusage) int64 { return ru.Maxrss << 10 }
