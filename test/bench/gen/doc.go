// Package gen writes the transcripts the benchmark measures: as many
// steps as asked, shaped like a capture of the kit. Its benchmark,
// BenchmarkPipeline, measures what the page does to open the long one,
// natively and, since it needs no browser, under GOOS=js GOARCH=wasm.
//
//	text, err := gen.Transcript(100000) // 24 MB, 33,334 exchanges
package gen
