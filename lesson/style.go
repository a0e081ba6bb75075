package lesson

import _ "embed"

// StyleSheet styles the HTML the extension writes (listings, figures,
// rules, takeaways, citations, block errors) and a lesson page around it.
// It goes after the playground's style.css, whose custom properties it
// uses, and before the diagrams' style sheet ([Info].FigureCSS).
//
//go:embed style.css
var StyleSheet string
