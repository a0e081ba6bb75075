// Package logbuf is a buffer that one side writes (a logger, a server,
// a child process's output) while a test reads what it holds so far.
package logbuf

import (
	"strings"
	"sync"
)

// A Buffer is a strings.Builder safe for concurrent writes and reads.
// The zero value is empty and ready.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
