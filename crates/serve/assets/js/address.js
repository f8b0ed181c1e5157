// The address: a link to this game, or to this hand solved. It is written
// as the player moves, and read once, when the page opens, to open what it
// names: ?seed=N&round=R (and any settings unlike the defaults) a game at
// that hand; ?hand=3,3,8,8 (&target=10) the solver on that hand; #solve
// the solver; #countdown the Countdown game.

import { $, el } from "./dom.js";
import { DEFAULT_SPEC, game } from "./state.js";

// Writes a query with commas and slashes as they are, for a link that
// reads well ("?hand=3,3,8,8").
function query(pairs) {
  const parts = pairs.map(([name, value]) => name + "=" + encodeURIComponent(value).replace(/%2C/g, ",").replace(/%2F/g, "/"));
  return parts.length ? "?" + parts.join("&") : "";
}

function gamePairs() {
  const pairs = [];
  if (!game.round) return pairs;
  const spec = game.spec;
  pairs.push(["seed", game.seed], ["round", game.round.number]);
  if (spec.cards !== DEFAULT_SPEC.cards) pairs.push(["cards", spec.cards]);
  if (spec.range[0] !== DEFAULT_SPEC.range[0]) pairs.push(["low", spec.range[0]]);
  if (spec.range[1] !== DEFAULT_SPEC.range[1]) pairs.push(["high", spec.range[1]]);
  if (spec.target !== DEFAULT_SPEC.target) pairs.push(["target", spec.target]);
  if (spec.solvable_only) pairs.push(["solvable", "1"]);
  return pairs;
}

export function writeAddress() {
  let address;
  if (!$("solve").hidden) {
    const solved = game.solved;
    if (solved) {
      const pairs = [["hand", solved.cards.join(",")]];
      if (solved.target !== "24") pairs.push(["target", solved.target]);
      address = query(pairs);
    } else {
      address = query(gamePairs()) + "#solve";
    }
  } else if (!$("countdown").hidden) {
    address = "#countdown";
  } else if (!$("duel").hidden) {
    address = "#duel";
  } else {
    address = query(gamePairs());
  }
  try {
    history.replaceState(null, "", location.pathname + address);
  } catch (e) {
    // An address the browser will not take (a page opened from a file) stays as it is.
  }
}

// Puts the settings the address names into the settings form, and returns
// the rest of what it opens: the round to start at, the hand to solve
// (null for none) and its target (null for the form's own), and whether
// it names the solver.
export function readAddress() {
  const params = new URLSearchParams(location.search);
  const hand = params.get("hand");
  if (params.has("seed")) el.setSeed.value = params.get("seed");
  if (params.has("cards")) el.setCards.value = params.get("cards");
  if (params.has("low")) el.setLow.value = params.get("low");
  if (params.has("high")) el.setHigh.value = params.get("high");
  if (params.has("target") && hand === null) el.setTarget.value = params.get("target");
  if (params.get("solvable") === "1") el.setSolvable.checked = true;
  const round = Number(params.get("round"));
  return {
    round: Number.isInteger(round) && round >= 1 && round <= 1000 ? round : 1,
    hand: hand === null ? null : hand.split(",").map((t) => t.trim()).filter((t) => t !== ""),
    target: params.get("target"),
    solver: location.hash === "#solve",
    countdown: location.hash === "#countdown",
    duel: location.hash === "#duel",
  };
}
