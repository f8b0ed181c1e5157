// A round's life: the hand dealt (or not) from the settings, the timer, the
// controls that work while it is on, its end counted in the score, and the
// hand's solutions offered once it is over.

import { el, keypad, say, text } from "./dom.js";
import { game } from "./state.js";
import { api, plainError, roundApi } from "./api.js";
import { countRound, resetScore, showScore } from "./score.js";
import { drawCards, focusAnswer } from "./cards.js";
import { writeAddress } from "./address.js";
import { FieldError, fieldMessage, markField, readSettings, settingsFields, unmarkFields } from "./settings.js";
import { showSolutions } from "./solutions.js";

// The hand on the table, as the API takes it.
export function hand() {
  const round = game.round;
  return { cards: round.cards, target: round.target };
}

function roundKey() {
  return JSON.stringify([game.seed, game.round.number, game.spec]);
}

function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}

export function tick() {
  el.timer.textContent = game.round ? clock((game.round.ended || Date.now()) - game.round.started) : "0:00";
}

// Which controls work: the round's while it is on, Next unless a deal
// is on its way.
function setControls() {
  const playing = Boolean(game.round && !game.round.ended && !game.dealing);
  for (const button of [el.hint, el.show, el.pass, ...keypad]) button.disabled = !playing;
  for (const card of el.cards.querySelectorAll(".card")) card.disabled = !playing;
  el.answer.readOnly = !playing;
  // Check stays on between rounds: Enter (or Check) then deals the next hand.
  el.check.disabled = !game.round || game.dealing;
  el.next.disabled = game.dealing;
}

function hideSolutions() {
  el.afterRound.hidden = true;
  el.playSummary.hidden = true;
  el.playSolutions.hidden = true;
  el.playSummary.replaceChildren();
  el.playSolutions.replaceChildren();
  el.seeAll.setAttribute("aria-expanded", "false");
}

// Ends the round, counted in the score as won or not.
export function finish(won, offerSolutions) {
  const round = game.round;
  if (!round || round.ended) return;
  round.ended = Date.now();
  tick();
  countRound(roundKey(), won);
  if (won) el.cards.classList.add("won");
  showScore();
  setControls();
  if (offerSolutions) offerAllSolutions();
  el.next.focus();
}

// After a round: how many distinct solutions the hand has, and a button
// to list them.
async function offerAllSolutions() {
  let result;
  try {
    result = await roundApi("solve", Object.assign({ mode: "all", level: "4nums", limit: 1000 }, hand()));
  } catch (e) {
    return; // The round is over either way; the list is only extra.
  }
  if (!result.solvable) return;
  game.round.solutions = result;
  el.seeAll.textContent = result.count === 1 ? "See the only solution" : "See all " + result.count + " solutions";
  el.afterRound.hidden = false;
}

// Shows or hides the solutions offered after a round.
export function listAllSolutions() {
  const result = game.round && game.round.solutions;
  if (!result) return;
  const open = el.playSolutions.hidden;
  el.playSummary.hidden = !open;
  el.playSolutions.hidden = !open;
  el.seeAll.setAttribute("aria-expanded", String(open));
  if (open) showSolutions(result, el.playSummary, el.playSolutions);
}

// A hand that could not be dealt: no cards, nothing to press but Next
// (to try again) and the settings.
function noHand(message) {
  game.round = null;
  el.cards.classList.remove("won");
  el.cards.replaceChildren(text("p", "No hand on the table.", "no-hand"));
  el.target.textContent = "–";
  el.roundInfo.textContent = "";
  el.difficulty.textContent = "";
  el.answer.value = "";
  hideSolutions();
  tick();
  setControls();
  say("error", message);
}

export async function deal() {
  if (game.dealing) return;
  // Leaving a hand unfinished counts as a round not won.
  if (game.round && !game.round.ended) finish(false, false);
  game.token += 1;
  game.dealing = true;
  setControls();
  const token = game.token;
  const number = game.number + 1;
  const request = Object.assign({ round: number }, game.spec);
  if (game.seed !== null) request.seed = game.seed;
  let dealt;
  try {
    dealt = await api("deal", request);
  } catch (e) {
    if (token !== game.token) return;
    game.dealing = false;
    noHand(plainError(e.message, settingsFields()));
    return;
  }
  if (token !== game.token) return;
  game.dealing = false;
  game.number = number;
  game.seed = String(dealt.seed);
  // `hints` counts the hints shown for this hand: the next asks for one more step.
  game.round = {
    number: dealt.round, cards: dealt.cards, target: dealt.target,
    started: Date.now(), ended: null, hints: 0, solutions: null,
  };
  el.target.textContent = dealt.target;
  el.roundInfo.textContent = "round " + dealt.round + " · seed " + dealt.seed;
  el.difficulty.textContent = dealt.difficulty ? dealt.difficulty + " hand" : "";
  el.answer.value = "";
  hideSolutions();
  drawCards(dealt.cards);
  say("info", "");
  setControls();
  tick();
  writeAddress();
  focusAnswer();
}

// Starts the game the settings describe, at round `round` (1 for a new game).
export function startGame(round) {
  unmarkFields();
  let settings;
  try {
    settings = readSettings();
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    game.token += 1;
    game.dealing = false;
    noHand(fieldMessage(e));
    markField(e);
    return;
  }
  game.spec = settings.spec;
  game.seed = settings.seed;
  game.number = round - 1;
  game.dealing = false;
  // A new game leaves the round on the table uncounted: its score starts afresh.
  game.round = null;
  deal();
}

export function newGame() {
  resetScore();
  startGame(1);
}
