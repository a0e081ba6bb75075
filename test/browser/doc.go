// Package browser starts Debian's headless Chromium for the playground's
// end-to-end tests and benchmark, and builds what they load: the viewer's
// WebAssembly and the site.
//
// Tests skip only when Chromium is missing and the CI variable is not
// set; in CI a missing browser is an error (see [Find]).
package browser
