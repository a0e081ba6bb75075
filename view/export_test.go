package view

// LongTranscript is longTranscript for the tests of package view_test,
// which send Parts through package view/msg.
var LongTranscript = longTranscript
