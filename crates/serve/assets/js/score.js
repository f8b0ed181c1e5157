// The score: rounds won of rounds played, the streak and the best streak,
// kept in the browser's storage across visits and shown on the scoreboard.

import { el, flash } from "./dom.js";

const SCORE_KEY = "reckon.score";

// `last` is the key of the last round counted, so that no round counts twice.
const score = { rounds: 0, won: 0, streak: 0, best: 0, last: null };

// Storage may be missing or refuse (private windows, blocked cookies):
// the score then lasts as long as the page.
export function loadScore() {
  try {
    const saved = JSON.parse(window.localStorage.getItem(SCORE_KEY) || "null");
    if (saved && typeof saved === "object") {
      for (const name of ["rounds", "won", "streak", "best"]) {
        if (Number.isSafeInteger(saved[name]) && saved[name] >= 0) score[name] = saved[name];
      }
      if (typeof saved.last === "string") score.last = saved.last;
    }
  } catch (e) {
    // No storage: start from nothing.
  }
}

function saveScore() {
  try {
    window.localStorage.setItem(SCORE_KEY, JSON.stringify(score));
  } catch (e) {
    // No storage: the score lasts as long as the page.
  }
}

export function showScore() {
  el.score.textContent = String(score.won);
  el.scoreDetail.textContent = score.rounds === 1 ? "of 1 round" : "of " + score.rounds + " rounds";
  el.streak.textContent = String(score.streak);
  el.best.textContent = "best " + score.best;
}

// Counts a round that has ended, named by `key`; a win adds to the score
// and the streak. A round is counted once, even when its link is opened
// again after it ended.
export function countRound(key, won) {
  if (score.last === key) return;
  score.last = key;
  score.rounds += 1;
  if (won) {
    score.won += 1;
    score.streak += 1;
    score.best = Math.max(score.best, score.streak);
    flash(el.score, "pop");
  } else {
    score.streak = 0;
  }
  saveScore();
}

// A new game: its score starts afresh, the best streak stays.
export function resetScore() {
  Object.assign(score, { rounds: 0, won: 0, streak: 0, last: null });
  saveScore();
  showScore();
}
