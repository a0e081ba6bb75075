package diagram

// StyleSheet returns the CSS every SVG embeds (unless drawn with
// [Options].NoStyle), for a page that serves it from its own style sheet.
func StyleSheet() string { return styleSheet }

// styleSheet is embedded in every SVG. Colours are CSS variables on the
// root, so one SVG serves light and dark pages, and a page can restyle a
// diagram by setting the variables on .a2s. Everything is scoped to .a2s
// so that an SVG inlined in HTML styles nothing else.
const styleSheet = `
.a2s{--bg:#ffffff;--fg:#0f172a;--muted:#5b6577;--line:#334155;--life:#b6c0cd;
--box:#f1f5f9;--box-line:#64748b;--num:#e2e8f0;--cur:rgba(250,204,21,.22);
--stream:#2563eb;--stream-bg:rgba(37,99,235,.055);--oob:#0d7d72;--oob-bg:rgba(13,148,136,.10);
--err:#dc2626;--on:#ffffff;--push:#7c3aed;
--s-submitted:#64748b;--s-working:#2563eb;--s-input:#c2410c;--s-auth:#a21caf;
--s-completed:#15803d;--s-failed:#dc2626;--s-canceled:#6b7280;--s-rejected:#b91c1c;--s-other:#64748b;
--p-input:rgba(234,88,12,.13);--p-auth:rgba(192,38,211,.12)}
@media (prefers-color-scheme:dark){.a2s{--bg:#0d1117;--fg:#e6edf3;--muted:#9aa6b6;--line:#c3ccd8;--life:#4b5563;
--box:#1b2230;--box-line:#8b96a8;--num:#2b3443;--cur:rgba(250,204,21,.16);
--stream:#6ea8ff;--stream-bg:rgba(96,165,250,.08);--oob:#2dd4bf;--oob-bg:rgba(45,212,191,.10);
--err:#f87171;--on:#0d1117;--push:#b197fc;
--s-submitted:#a3b1c6;--s-working:#6ea8ff;--s-input:#fb923c;--s-auth:#e879f9;
--s-completed:#4ade80;--s-failed:#f87171;--s-canceled:#9ca3af;--s-rejected:#fca5a5;--s-other:#a3b1c6;
--p-input:rgba(251,146,60,.16);--p-auth:rgba(232,121,249,.15)}}
.a2s text{font-family:"Liberation Sans",Arimo,Arial,Helvetica,sans-serif;font-size:13px;fill:var(--fg)}
.a2s .mono{font-family:"Liberation Mono","DejaVu Sans Mono",Menlo,Consolas,monospace}
.a2s .bg{fill:var(--bg)}
.a2s .life{stroke:var(--life);stroke-width:1.5;stroke-dasharray:3 5}
.a2s .life.oob{stroke:var(--oob);stroke-dasharray:1 5;stroke-linecap:round;stroke-width:2}
.a2s .party .box{fill:var(--box);stroke:var(--box-line);stroke-width:1.5}
.a2s .party.oob .box{stroke:var(--oob);stroke-dasharray:5 3}
.a2s .name{font-size:14px;font-weight:700}
.a2s .sub{font-size:11px;fill:var(--oob);font-weight:700}
.a2s .short{font-size:11px;font-weight:700}
.a2s .party.folded{cursor:pointer}
.a2s .party.folded .box{stroke-dasharray:2 3}
.a2s .stream .band{fill:var(--stream-bg)}
.a2s .stream .edge{fill:none;stroke:var(--stream);stroke-width:1.5}
.a2s .stream .edge.open{stroke-dasharray:4 4}
.a2s .stream .tab,.a2s .closed{font-size:11px;font-weight:700;fill:var(--stream)}
.a2s .stream .note{font-size:11px;font-style:italic;fill:var(--stream)}
.a2s .end-edge{stroke:var(--stream);stroke-width:3.5;stroke-linecap:round}
.a2s .channel .band{fill:var(--oob-bg);stroke:var(--oob);stroke-width:1.5;stroke-dasharray:6 4}
.a2s .channel .tab{font-size:11px;font-weight:700;fill:var(--oob);letter-spacing:.04em}
.a2s .track{stroke:var(--life);stroke-width:1}
.a2s .lane-kind{font-size:11px;fill:var(--muted)}
.a2s .lane-id{font-size:12px;font-weight:700}
.a2s .hit{fill:transparent}
.a2s .paused .hit{fill:var(--p)}
.a2s .num rect,.a2s rect.num{fill:var(--num)}
.a2s text.num{font-size:11px;font-weight:700}
.a2s .time{font-size:11px;fill:var(--muted)}
.a2s .arrow{fill:none;stroke:var(--line);stroke-width:1.6}
.a2s .reply .arrow,.a2s .frame .arrow{stroke-dasharray:7 4}
.a2s .head{fill:var(--line)}
.a2s .head.open{fill:none;stroke:var(--line);stroke-width:1.6;stroke-linejoin:round}
.a2s .push .arrow{stroke:var(--push);stroke-width:2.2;stroke-dasharray:12 3 2 3}
.a2s .push .head{fill:var(--push)}
.a2s .push .label{fill:var(--push);font-weight:700}
.a2s .oob .arrow{stroke:var(--oob);stroke-width:2}
.a2s .oob .head{fill:var(--oob)}
.a2s .oob .head.open{fill:none;stroke:var(--oob)}
.a2s .error .arrow{stroke:var(--err)}
.a2s .error .head{fill:var(--err)}
.a2s .error .head.open{fill:none;stroke:var(--err)}
.a2s .error .label{fill:var(--err)}
.a2s .request .label{font-weight:700}
.a2s .label,.a2s .detail,.a2s .tag{paint-order:stroke;stroke:var(--bg);stroke-width:4px;stroke-linejoin:round;stroke-opacity:.8}
.a2s .paused .label,.a2s .paused .detail{stroke:none}
.a2s .detail{font-size:12px;font-style:italic;fill:var(--muted)}
.a2s .tag{font-size:11px;fill:var(--muted);letter-spacing:.03em}
.a2s .st-submitted{--s:var(--s-submitted)}
.a2s .st-working{--s:var(--s-working)}
.a2s .st-input-required{--s:var(--s-input);--p:var(--p-input)}
.a2s .st-auth-required{--s:var(--s-auth);--p:var(--p-auth)}
.a2s .st-completed{--s:var(--s-completed)}
.a2s .st-failed{--s:var(--s-failed)}
.a2s .st-canceled{--s:var(--s-canceled)}
.a2s .st-rejected{--s:var(--s-rejected)}
.a2s .st-other{--s:var(--s-other)}
.a2s .badge .pill{fill:var(--s)}
.a2s .badge .state{font-size:11px;font-weight:700;fill:var(--on);letter-spacing:.02em}
.a2s .badge .pause{fill:var(--on)}
.a2s .seg .bar{fill:var(--s)}
.a2s .seg .end{fill:var(--s)}
.a2s .seg .state{font-size:11px;font-weight:700;fill:var(--s)}
.a2s .seg .pause{fill:var(--s)}
`
