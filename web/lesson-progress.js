// The lesson pages' exercises with the learner's progress: whether the
// learner has done each in Live, as the playground keeps it in
// localStorage under view.ProgressKey (the exercises done, their ids
// separated by white space: view.Progress). a2aplay docs writes it as
// lessons/progress.js; the offline page carries it inline. It makes text
// only (textContent), never markup.
"use strict";
(() => {
	const key = KEY;
	const read = () => {
		try {
			return (localStorage.getItem(key) || "").split(/\s+/).filter(Boolean);
		} catch (e) {
			return []; // storage refused: nothing done that the page knows of
		}
	};
	const paint = () => {
		const done = read();
		for (const s of document.querySelectorAll("section.exercise[data-exercise]")) {
			const ok = done.includes(s.dataset.exercise);
			s.dataset.state = ok ? "done" : "not tried";
			let box = s.querySelector(":scope > .exercise-state");
			if (!box) {
				box = document.createElement("p");
				box.className = "exercise-state";
				box.setAttribute("role", "status");
				const reset = document.createElement("button");
				reset.type = "button";
				reset.className = "exercise-reset";
				reset.textContent = "Reset my exercises";
				reset.addEventListener("click", () => {
					try {
						localStorage.removeItem(key);
					} catch (e) {}
					paint();
				});
				box.append(document.createElement("span"), " ", reset);
				const title = s.querySelector(":scope > .exercise-title");
				if (title) title.after(box); else s.prepend(box);
			}
			box.firstChild.textContent = ok ? "Done: you solved it in Live." : "Not done yet: play it in Live, and this page will know.";
			box.lastChild.hidden = !ok;
		}
	};
	paint();
	addEventListener("storage", (e) => { if (e.key === key || e.key === null) paint(); });
	addEventListener("pageshow", paint);
	addEventListener("hashchange", paint);
})();
