// Command hello is the smallest module that tests of package build
// build.
package main

func main() { println("hello") }
