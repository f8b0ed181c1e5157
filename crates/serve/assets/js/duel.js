// The Duel tab: the 24 game as children play it, against the computer.
// The server decides everything (reckon-play's duel): it turns up the
// cards, judges, says when the computer answers and moves the cards. The
// page carries the game's state from reply to request, runs the clock the
// player sees and counts the computer's time down.

import { $, sayIn, text } from "./dom.js";
import { api } from "./api.js";

const el = {
  start: $("duel-start"), opponent: $("duel-opponent"), seed: $("duel-seed"),
  playerPile: $("duel-player-pile"), computerPile: $("duel-computer-pile"),
  clock: $("duel-clock"), result: $("duel-result"), rounds: $("duel-rounds"),
  yours: $("duel-yours"), theirs: $("duel-theirs"),
  form: $("duel-form"), answer: $("duel-answer"), check: $("duel-check"),
  pass: $("duel-pass"), message: $("duel-message"), missed: $("duel-missed"),
};

// How long a finished round stays on the table, its cards on their way
// to the taker, before the next is turned up.
const SHOW_TAKEN_MS = 1500;

// `reply`: the server's last reply, whose state goes with the next move.
// `started`: when the round on the table was turned up (0: none is on).
const duel = { reply: null, started: 0, busy: false, won: { player: 0, computer: 0 }, draws: 0, missed: [] };

// The duel's first words ("computer, after 4.5s:") run longer.
function say(kind, message) {
  sayIn(el.message, kind, message, null, 30);
}

function playing() {
  return Boolean(duel.started && duel.reply && !duel.busy);
}

function setControls() {
  el.answer.readOnly = !playing();
  el.check.disabled = !playing();
  el.pass.disabled = !playing();
}

function drawCards(box, values, owner, taker) {
  box.replaceChildren();
  values.forEach((value, i) => {
    const tile = document.createElement("button");
    tile.type = "button";
    tile.className = "card duel-card " + owner + (taker ? " taken-by-" + taker : "");
    tile.dataset.value = String(value);
    tile.setAttribute("aria-label", (owner === "player" ? "your card " : "the computer's card ") + value);
    tile.style.animationDelay = i * 70 + "ms";
    tile.append(text("span", String(value), "value"));
    tile.addEventListener("click", () => {
      if (!playing()) return;
      el.answer.value += String(value);
      el.answer.focus();
    });
    box.append(tile);
  });
}

function drawTable(cards, taker) {
  drawCards(el.yours, cards.slice(0, 2), "player", taker);
  drawCards(el.theirs, cards.slice(2), "computer", taker);
}

function showTally(reply) {
  el.playerPile.textContent = String(reply.state.player.length);
  el.computerPile.textContent = String(reply.state.computer.length);
  el.result.textContent = duel.won.player + "–" + duel.won.computer;
  el.rounds.textContent = "round " + reply.state.round + (duel.draws ? ", " + duel.draws + " drawn" : "");
}

function showMissed() {
  el.missed.hidden = duel.missed.length === 0;
  el.missed.replaceChildren(text("p", "Hands you missed:"));
  const list = document.createElement("ol");
  for (const [round, cards, solution] of duel.missed) {
    list.append(text("li", "round " + round + ", " + cards.join(" ") + ": " + solution));
  }
  el.missed.append(list);
}

// Lays out the round the reply turned up, or the end of the game.
function turnUp(reply) {
  duel.reply = reply;
  showTally(reply);
  if (reply.over) {
    duel.started = 0;
    el.yours.replaceChildren();
    el.theirs.replaceChildren();
    el.clock.textContent = "–";
    const held = reply.held.player + " cards to " + reply.held.computer;
    say(reply.leader === "player" ? "ok" : "wrong",
      (reply.leader === "player" ? "you win: " : "the computer wins: ") + held + " after " + reply.state.round + " rounds");
  } else {
    drawTable(reply.state.table, null);
    duel.started = Date.now();
    el.answer.value = "";
  }
  setControls();
  if (playing()) el.answer.focus();
}

async function move(endpoint, fields) {
  if (!playing()) return;
  duel.busy = true;
  setControls();
  const body = Object.assign({ state: duel.reply.state, elapsed_ms: Date.now() - duel.started }, fields);
  let reply;
  try {
    reply = await api("duel/" + endpoint, body);
  } catch (e) {
    duel.busy = false;
    setControls();
    say("wrong", "error: " + e.message);
    return;
  }
  if (!reply.ended) {
    duel.busy = false;
    duel.reply = reply;
    setControls();
    if (reply.message) say("wrong", reply.message);
    return;
  }
  // The round is over: its cards go to the taker, then the next is turned up.
  const ended = reply.ended;
  duel.started = 0;
  if (ended.taker) duel.won[ended.taker] += 1; else duel.draws += 1;
  if (ended.taker === "computer") duel.missed.push([ended.round, ended.cards, ended.solution + " = " + reply.state.target]);
  showMissed();
  say(ended.taker === "player" || ended.result === "right_pass" ? "ok" : "wrong", reply.message);
  drawTable(ended.cards, ended.taker || "both");
  el.clock.textContent = (ended.thinking_ms / 1000).toFixed(1) + "s";
  el.result.textContent = duel.won.player + "–" + duel.won.computer;
  setTimeout(() => {
    duel.busy = false;
    turnUp(reply);
  }, SHOW_TAKEN_MS);
}

export async function newDuel() {
  const body = { opponent: el.opponent.value };
  const seed = el.seed.value.trim();
  if (seed !== "") body.seed = seed;
  duel.won = { player: 0, computer: 0 };
  duel.draws = 0;
  duel.missed = [];
  showMissed();
  el.message.replaceChildren();
  try {
    turnUp(await api("duel/new", body));
  } catch (e) {
    say("wrong", "error: " + e.message);
  }
}

// The computer's countdown: the seconds it has left, and its move when
// none are.
export function tick() {
  if (!duel.started || !duel.reply) return;
  const left = duel.reply.thinking_ms - (Date.now() - duel.started);
  el.clock.textContent = (Math.max(0, left) / 1000).toFixed(1) + "s";
  if (left <= 0 && !duel.busy) move("tick", {});
}

export function wireDuel() {
  el.start.addEventListener("submit", (event) => {
    event.preventDefault();
    newDuel();
  });
  el.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (el.answer.value.trim() !== "") move("answer", { answer: el.answer.value });
  });
  el.pass.addEventListener("click", () => move("pass", {}));
  setControls();
}

export function focusDuel() {
  if (playing()) el.answer.focus();
  else el.opponent.focus();
}
