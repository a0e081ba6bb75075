// Command hello prints data from tables that the Go linker stores in
// many data segments, so that a test can check a rewritten module still
// starts with the same memory.
package main

import (
	"fmt"
	"sort"
)

var primes = [...]int64{2, 3, 5, 7, 11, 13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 17, 19}

var names = map[string]int{"alpha": 1, "beta": 2, "gamma": 3}

func main() {
	fmt.Println(primes)
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d %x\n", k, names[k], k)
	}
}
