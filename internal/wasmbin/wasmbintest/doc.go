// Package wasmbintest writes small WebAssembly binaries byte by byte for
// the tests of the code that reads them.
package wasmbintest
