// The Countdown tab: the show's numbers game. The server deals, judges,
// scores and finds the best answer (reckon-play's Countdown round); this
// module shows the numbers, runs the clock the player sees and adds up the
// points the server gives.

import { $, flash, sayIn, text, underline } from "./dom.js";
import { api } from "./api.js";

const el = {
  start: $("cd-start"), clock: $("cd-clock"), seed: $("cd-seed"), deal: $("cd-deal"),
  target: $("cd-target"), time: $("cd-time"), roundPoints: $("cd-round-points"),
  points: $("cd-points"), rounds: $("cd-rounds"), info: $("cd-info"), numbers: $("cd-numbers"),
  form: $("cd-form"), answer: $("cd-answer"), check: $("cd-check"), message: $("cd-message"),
  show: $("cd-show"), best: $("cd-best"), solutions: $("cd-solutions"),
};

// `earlier` holds the large numbers taken in each round of this seed, so
// that the server deals what `reckon play --rules countdown --seed` deals.
// `token` names the round on the table; a reply for another is dropped.
const state = { seed: null, earlier: [], round: null, total: 0, rounds: 0, token: 0 };

function say(kind, message, detail) {
  sayIn(el.message, kind, message, detail);
}

function setControls() {
  const playing = Boolean(state.round && !state.round.ended);
  el.answer.readOnly = !playing;
  el.check.disabled = !playing;
  el.show.disabled = !playing;
  for (const tile of el.numbers.querySelectorAll(".card")) tile.disabled = !playing;
}

function showPoints() {
  el.points.textContent = String(state.total);
  el.rounds.textContent = state.rounds + (state.rounds === 1 ? " round" : " rounds");
  el.roundPoints.textContent = String(state.round ? state.round.points : 0);
}

function elapsed() {
  const round = state.round;
  return (round.ended || Date.now()) - round.started;
}

// The clock: seconds left, or taken when there is no limit. When it runs
// out the round ends and the best answer is shown.
export function tick() {
  const round = state.round;
  if (!round) return;
  const seconds = Math.floor(elapsed() / 1000);
  if (round.clock === null) {
    el.time.textContent = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
    return;
  }
  el.time.textContent = String(Math.max(0, round.clock - seconds));
  if (!round.ended && seconds >= round.clock) endRound("time is up");
}

function drawNumbers(numbers) {
  el.numbers.classList.remove("won");
  el.numbers.replaceChildren();
  numbers.forEach((value, i) => {
    const tile = document.createElement("button");
    tile.type = "button";
    tile.className = "card" + (value >= 25 ? " red" : "");
    tile.dataset.value = String(value);
    tile.setAttribute("aria-label", "number " + value);
    tile.style.animationDelay = i * 70 + "ms";
    const number = text("span", String(value), "value");
    number.dataset.size = String(value).length > 2 ? "m" : "";
    tile.append(number);
    tile.addEventListener("click", () => {
      el.answer.value += String(value);
      el.answer.focus();
    });
    el.numbers.append(tile);
  });
}

export async function deal() {
  const large = Number(el.start.querySelector("input[name=cd-large]:checked").value);
  const seedText = el.seed.value.trim();
  if (seedText !== "" && seedText !== state.seed) {
    // A seed typed in starts its games from the first.
    state.seed = seedText;
    state.earlier = [];
  }
  if (state.round && !state.round.ended) await endRound("");
  state.token += 1;
  const token = state.token;
  const request = { large, earlier: state.earlier };
  if (state.seed !== null) request.seed = state.seed;
  let dealt;
  try {
    dealt = await api("countdown/deal", request);
  } catch (e) {
    say("error", e.message);
    return;
  }
  if (token !== state.token) return;
  state.seed = String(dealt.seed);
  state.earlier = state.earlier.concat([large]);
  const clock = el.clock.value === "" ? null : Number(el.clock.value);
  state.round = {
    numbers: dealt.numbers, target: dealt.target, clock, started: Date.now(), ended: null,
    best: null, points: 0,
  };
  el.target.textContent = String(dealt.target);
  el.info.textContent = "round " + dealt.round + " · seed " + dealt.seed + " · " + large + " large";
  el.answer.value = "";
  el.best.hidden = true;
  el.solutions.hidden = true;
  drawNumbers(dealt.numbers);
  say("info", "");
  showPoints();
  setControls();
  tick();
  el.answer.focus();
}

async function declare() {
  const round = state.round;
  const answer = el.answer.value.trim();
  if (!round || round.ended || answer === "") return;
  const token = state.token;
  const request = { numbers: round.numbers, target: round.target, answer, elapsed_ms: elapsed() };
  if (round.best !== null) request.best = round.best;
  if (round.clock !== null) request.clock = round.clock;
  let result;
  try {
    result = await api("countdown/answer", request);
  } catch (e) {
    if (token === state.token) say("error", e.message);
    return;
  }
  if (token !== state.token) return;
  if (result.span) {
    say("error", result.message, underline(answer, result.span, ""));
    return;
  }
  say(result.valid ? (result.exact ? "ok" : "hint") : "wrong", result.message);
  if (result.counts) round.best = answer;
  round.points = result.round_points;
  showPoints();
  if (result.exact) {
    flash(el.numbers, "won");
    await endRound("");
  } else if (result.too_late) {
    await endRound("");
  } else {
    el.answer.select();
  }
}

// Ends the round: its points are added, and the best answer is shown.
async function endRound(why) {
  const round = state.round;
  if (!round || round.ended) return;
  round.ended = Date.now();
  state.total += round.points;
  state.rounds += 1;
  showPoints();
  setControls();
  tick();
  if (why) say("hint", why + ": " + round.points + " points");
  const token = state.token;
  let best;
  try {
    best = await api("countdown/show", { numbers: round.numbers, target: round.target });
  } catch (e) {
    return; // The round is over either way; the best answer is only extra.
  }
  if (token !== state.token) return;
  const first = best.best[0];
  const ways = first.count === 1 ? "1 distinct solution" : first.count + " distinct solutions";
  el.best.textContent = best.message + " (" + ways + (best.exact ? "" : " of " + first.value) + ")";
  el.best.hidden = false;
  el.solutions.replaceChildren(...first.solutions.map((s) => text("li", s + " = " + first.value)));
  el.solutions.hidden = false;
  el.deal.focus();
}

export function wireCountdown() {
  el.start.addEventListener("submit", (event) => {
    event.preventDefault();
    deal();
  });
  el.form.addEventListener("submit", (event) => {
    event.preventDefault();
    declare();
  });
  el.show.addEventListener("click", () => endRound("you stopped"));
}

export function focusCountdown() {
  if (state.round && !state.round.ended) el.answer.focus();
  else el.deal.focus();
}
