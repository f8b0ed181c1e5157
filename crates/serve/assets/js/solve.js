// The solve tab: any hand solved, with its mistakes named by field, and a
// question first when the hand is the one being played, since the answer
// would give that round away.

import { el } from "./dom.js";
import { game } from "./state.js";
import { numberKey } from "./numbers.js";
import { api, plainError } from "./api.js";
import { finish } from "./round.js";
import { writeAddress } from "./address.js";
import { showSolutions } from "./solutions.js";
import { selectTab, solveTab } from "./tabs.js";

// Is this the hand on the table, in a round still being played?
function isHandInPlay(cards, target) {
  if (!game.round || game.round.ended) return false;
  const keys = (list) => list.map(numberKey).sort().join(" ");
  return numberKey(target) === numberKey(game.round.target) && keys(cards) === keys(game.round.cards.map(String));
}

// Names the latest request, so that only its answer is shown.
let solveToken = 0;

// Solves the hand in the form; `confirmed` when the player has agreed to
// end the round of the same hand.
export async function solve(confirmed) {
  const cards = el.solveCards.value.split(/[\s,]+/).filter((t) => t !== "");
  const target = el.solveTarget.value.trim() || "24";
  const token = ++solveToken;
  el.solveConfirm.hidden = true;
  el.solutions.replaceChildren();
  el.solveSummary.className = "solve-summary";
  if (cards.length === 0) {
    el.solveSummary.textContent = "Type some numbers, e.g. 3 3 8 8.";
    return;
  }
  const bad = cards.find((card) => numberKey(card) === null);
  const error = bad !== undefined ? "Numbers: '" + bad + "' is not a number"
    : numberKey(target) === null ? "Target: '" + target + "' is not a number" : null;
  if (error) {
    el.solveSummary.className = "solve-summary error";
    el.solveSummary.textContent = error;
    return;
  }
  // The solver would give away the answer to the round being played.
  if (isHandInPlay(cards, target)) {
    if (!confirmed) {
      el.solveSummary.textContent = "";
      el.solveConfirm.hidden = false;
      el.solveAnyway.focus();
      return;
    }
    finish(false, true);
  }
  el.solveSummary.textContent = "Solving…";
  let result;
  try {
    result = await api("solve", { cards, target, mode: "all", level: el.solveLevel.value, limit: 500, rate: true });
  } catch (e) {
    if (token !== solveToken) return;
    el.solveSummary.className = "solve-summary error";
    el.solveSummary.textContent = plainError(e.message, [...cards.map((c) => ["Numbers", c]), ["Target", target]]);
    return;
  }
  if (token !== solveToken) return;
  game.solved = { cards, target };
  writeAddress();
  showSolutions(result, el.solveSummary, el.solutions);
}

// Opens the solver on a hand the address names, and solves it; `target`
// is null for the form's own.
export function openHand(cards, target) {
  el.solveCards.value = cards.join(" ");
  if (target !== null) el.solveTarget.value = target;
  // The address keeps the hand it named, even before (or without) an answer.
  game.solved = { cards, target: el.solveTarget.value.trim() || "24" };
  selectTab(solveTab, false);
  solve(false);
}
