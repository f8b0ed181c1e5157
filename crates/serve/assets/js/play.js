// The player's moves on the hand on the table: an answer checked, a hint,
// the solution shown, a claim of no solution, by button, by a word typed
// as the answer, or by a single key.

import { $, el, flash, say, underline } from "./dom.js";
import { game } from "./state.js";
import { STALE, plainError, roundApi } from "./api.js";
import { markUsed, focusAnswer } from "./cards.js";
import { deal, finish, hand } from "./round.js";

// Shows a failure of a request made for the round on the table.
function failed(e) {
  if (e !== STALE) say("error", "error: " + plainError(e.message));
}

function playing() {
  return game.round && !game.round.ended && !game.dealing;
}

export async function check() {
  const round = game.round;
  const answer = el.answer.value.trim();
  if (!round) return;
  if (round.ended) return deal();
  if (answer === "") {
    say("info", "Type an expression that makes " + round.target + ", such as (11-8)*(3+5).");
    return;
  }
  const word = answer.toLowerCase();
  const commands = { hint, show, pass, next: deal };
  if (Object.prototype.hasOwnProperty.call(commands, word)) {
    el.answer.value = "";
    markUsed();
    return commands[word]();
  }
  try {
    const verdict = await roundApi("judge", Object.assign({ answer }, hand()));
    if (verdict.verdict === "error") {
      say("error", verdict.message, underline(answer, verdict.span, verdict.label));
    } else {
      say(verdict.correct ? "ok" : "wrong", verdict.message);
    }
    if (verdict.correct) finish(true, true);
    else flash(el.form, "shake");
  } catch (e) {
    failed(e);
  }
}

// Each hint of a round asks for the next one, which gives away more of
// the same solution: a step, two steps, then all of it. The server keeps
// no rounds, so the round counts the hints shown; two asked at once are
// the same hint, shown twice, and count once.
//
// A hint asked for by a button or a typed word returns the keyboard to
// the answer; one asked for by the H key leaves it where it is, for the
// next key.
export async function hint(toAnswer) {
  if (!playing()) return;
  const round = game.round;
  const step = round.hints + 1;
  try {
    const answer = await roundApi("hint", Object.assign({ step }, hand()));
    round.hints = Math.max(round.hints, step);
    say("hint", answer.message);
    if (toAnswer !== false) focusAnswer();
  } catch (e) {
    failed(e);
  }
}

export async function show() {
  if (!playing()) return;
  try {
    const answer = await roundApi("show", hand());
    say("info", answer.message);
    finish(false, true);
  } catch (e) {
    failed(e);
  }
}

export async function pass() {
  if (!playing()) return;
  try {
    const answer = await roundApi("pass", hand());
    say(answer.correct ? "ok" : "wrong", answer.message);
    finish(answer.correct, true);
  } catch (e) {
    failed(e);
  }
}

// Single-key shortcuts, when no text box has the keyboard: H S P N, and
// the start of an expression sends the keyboard to the answer box.
export function shortcut(event) {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
  if (typing || event.ctrlKey || event.metaKey || event.altKey || $("play").hidden) return;
  const action = { h: () => hint(false), s: show, p: pass, n: deal }[event.key.toLowerCase()];
  if (action) {
    event.preventDefault();
    action();
  } else if (/^[0-9()+\-*/x]$/.test(event.key) && !el.answer.readOnly) {
    el.answer.focus();
  }
}
