//go:build !unix

package cputime

import "time"

// Used reports false: this system does not say.
func Used() (time.Duration, bool) { return 0, false }
