// Command small is the module wasmsize's tests profile: a little of fmt,
// strings and a generic function, so that it has real packages, type
// equality functions and shape-instantiated names.
package main

import (
	"fmt"
	"os"
	"strings"
)

type pair[T comparable] struct{ a, b T }

//go:noinline
func same[T comparable](p pair[T]) bool { return p.a == p.b }

// tableOfSquares is long enough to stand out in the symbol list.
func tableOfSquares(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d² = %d\n", i, i*i)
	}
	return b.String()
}

func main() {
	fmt.Print(tableOfSquares(len(os.Args) + 3))
	fmt.Println(same(pair[string]{"x", "y"}), same(pair[int]{1, 1}))
}
