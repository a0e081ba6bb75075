//go:build unix

package diagram

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, user and system.
// Unlike wall time it does not grow when other programs share the
// machine, so benchmarks report it beside ns/op.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
