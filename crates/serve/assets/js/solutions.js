// A solve answer drawn as a list: the count, whether the hand is
// fraction-only, its difficulty when rated, and the solutions. The play tab shows a finished hand's
// solutions this way, and the solve tab any hand's.

import { text } from "./dom.js";

// Fills `summary` and `list` with `result`, an answer of /api/solve.
export function showSolutions(result, summary, list) {
  summary.className = "solve-summary";
  summary.replaceChildren();
  list.replaceChildren();
  const cards = result.cards.join(" ");
  if (!result.solvable) {
    summary.append(cards + " cannot make " + result.target + ".");
    return;
  }
  summary.append(
    text("span", String(result.count), "count"),
    (result.count === 1 ? "distinct solution" : "distinct solutions") + " for " + cards,
  );
  if (result.fraction_only) {
    const badge = text("span", "fraction-only", "badge");
    badge.title = "Every solution needs a fraction along the way";
    summary.append(badge);
  }
  if (result.difficulty) {
    const badge = text("span", result.difficulty, "badge difficulty-badge");
    badge.title = "How hard the hand is, as the game rates it";
    summary.append(badge);
  }
  if (result.truncated) summary.append(text("div", "showing the first " + result.solutions.length, "stat-sub"));
  result.solutions.forEach((solution, i) => {
    const item = text("li", solution);
    item.append(text("span", " = " + result.target, "eq"));
    item.style.animationDelay = Math.min(i, 20) * 25 + "ms";
    list.append(item);
  });
}
