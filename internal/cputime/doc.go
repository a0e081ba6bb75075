// Package cputime reads the processor time the process has used, for
// benchmarks on a shared machine: unlike wall time, it does not grow
// when other programs run. Where the system does not say (js/wasm,
// Windows, Plan 9), [Used] reports false.
//
//	cpu0, ok0 := cputime.Used()
//	for b.Loop() { ... }
//	if cpu1, ok := cputime.Used(); ok && ok0 {
//		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
//	}
package cputime
