// reckon's page: presentation only. Dealing, judging, hints and solving are
// all asked of the server's API, so the rules live in one place.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // --- The API ---------------------------------------------------------

  async function api(endpoint, body) {
    let response;
    try {
      response = await fetch("/api/" + endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new Error("cannot reach the reckon server; is it still running?");
    }
    let data;
    try {
      data = await response.json();
    } catch (e) {
      throw new Error("the server answered with something that is not JSON");
    }
    if (!response.ok) {
      throw new Error(data && data.error ? data.error : "the server answered " + response.status);
    }
    return data;
  }

  // --- Elements --------------------------------------------------------

  const el = {
    target: $("target"), timer: $("timer"), score: $("score"), scoreDetail: $("score-detail"),
    streak: $("streak"), best: $("best"), roundInfo: $("round-info"), cards: $("cards"),
    form: $("answer-form"), answer: $("answer"), message: $("message"),
    hint: $("hint"), show: $("show"), pass: $("pass"), next: $("next"),
    settings: $("settings"), settingsBox: $("settings-box"),
    setCards: $("set-cards"), setLow: $("set-low"), setHigh: $("set-high"), setTarget: $("set-target"),
    setSolvable: $("set-solvable"), setSeed: $("set-seed"),
    solveForm: $("solve-form"), solveCards: $("solve-cards"), solveTarget: $("solve-target"),
    solveLevel: $("solve-level"), solveSummary: $("solve-summary"), solutions: $("solutions"),
  };

  // --- State -----------------------------------------------------------

  // The game: what to deal, and the tally. `round` is the hand on the table.
  const game = {
    spec: { cards: 4, range: [1, 13], target: "24", solvable_only: false },
    seed: null,
    number: 0,
    score: { rounds: 0, won: 0, streak: 0, best: 0 },
    round: null,
    timer: null,
  };

  // --- Small helpers ---------------------------------------------------

  function text(tag, content, className) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.textContent = content;
    return node;
  }

  function clock(ms) {
    const seconds = Math.floor(ms / 1000);
    return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  }

  // Plays a one-shot animation again, even if it just ran.
  function flash(node, animation) {
    node.classList.remove(animation);
    void node.offsetWidth; // restart the animation
    node.classList.add(animation);
  }

  // kind: ok | wrong | error | hint | info. The first word ("ok:", "wrong:")
  // is set apart, as the terminal game colours it.
  function say(kind, message, detail) {
    el.message.className = "message " + kind;
    el.message.replaceChildren();
    const colon = message.indexOf(": ");
    if (colon > 0 && colon < 12) {
      el.message.append(text("span", message.slice(0, colon + 1), "word"), " " + message.slice(colon + 2));
    } else {
      el.message.append(message);
    }
    if (detail) el.message.append(detail);
  }

  // The answer with the part at fault underlined, and the note on it.
  function underline(source, span, label) {
    const box = document.createElement("span");
    const code = text("span", "", "source");
    const [start, end] = span;
    code.append(source.slice(0, start), text("mark", source.slice(start, end) || " "), source.slice(end));
    box.append(code);
    if (label) box.append(text("span", label, "label"));
    return box;
  }

  // --- Cards -----------------------------------------------------------

  const SUITS = [["♠", false], ["♥", true], ["♦", true], ["♣", false]];
  const FACES = { 1: "A", 11: "J", 12: "Q", 13: "K" };

  function drawCards(cards) {
    el.cards.classList.remove("won");
    el.cards.replaceChildren();
    cards.forEach((value, i) => {
      const [suit, red] = SUITS[i % SUITS.length];
      const shown = String(value);
      const corner = FACES[value] || shown;
      const card = document.createElement("button");
      card.type = "button";
      card.className = "card" + (red ? " red" : "");
      card.dataset.value = shown;
      card.setAttribute("aria-label", "card " + shown);
      card.style.animationDelay = i * 70 + "ms";
      const tl = text("span", "", "corner tl");
      tl.append(text("span", corner), text("span", suit, "pip"));
      const br = tl.cloneNode(true);
      br.className = "corner br";
      tl.setAttribute("aria-hidden", "true");
      br.setAttribute("aria-hidden", "true");
      card.append(tl, text("span", shown, "value" + (shown.length > 2 ? " long" : "")), br);
      card.addEventListener("click", () => insert(shown));
      el.cards.append(card);
    });
    markUsed();
  }

  // Dims the cards the typed expression already uses, left to right.
  function markUsed() {
    const numbers = (el.answer.value.match(/\d+/g) || []).slice();
    for (const card of el.cards.children) {
      const at = numbers.indexOf(card.dataset.value);
      const used = at >= 0;
      if (used) numbers.splice(at, 1);
      card.classList.toggle("used", used);
    }
  }

  // --- The answer box --------------------------------------------------

  function insert(piece) {
    const input = el.answer;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    input.value = input.value.slice(0, start) + piece + input.value.slice(end);
    const caret = start + piece.length;
    input.focus();
    input.setSelectionRange(caret, caret);
    markUsed();
  }

  function backspace() {
    const input = el.answer;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    if (start !== end) {
      input.value = input.value.slice(0, start) + input.value.slice(end);
      input.setSelectionRange(start, start);
    } else if (start > 0) {
      input.value = input.value.slice(0, start - 1) + input.value.slice(start);
      input.setSelectionRange(start - 1, start - 1);
    }
    input.focus();
    markUsed();
  }

  function clearAnswer() {
    el.answer.value = "";
    el.answer.focus();
    markUsed();
  }

  // --- Rounds ----------------------------------------------------------

  function hand() {
    const round = game.round;
    return { cards: round.cards, target: round.target };
  }

  function tick() {
    if (game.round) el.timer.textContent = clock((game.round.ended || Date.now()) - game.round.started);
  }

  function showScore() {
    const s = game.score;
    el.score.textContent = String(s.won);
    el.scoreDetail.textContent = s.rounds === 1 ? "of 1 round" : "of " + s.rounds + " rounds";
    el.streak.textContent = String(s.streak);
    el.best.textContent = "best " + s.best;
  }

  function setPlaying(playing) {
    for (const button of [el.hint, el.show, el.pass]) button.disabled = !playing;
    el.answer.readOnly = !playing;
  }

  // Ends the round; a win adds to the score and the streak.
  function finish(won) {
    const round = game.round;
    if (!round || round.ended) return;
    round.ended = Date.now();
    tick();
    const s = game.score;
    s.rounds += 1;
    if (won) {
      s.won += 1;
      s.streak += 1;
      s.best = Math.max(s.best, s.streak);
      el.cards.classList.add("won");
      flash(el.score, "pop");
    } else {
      s.streak = 0;
    }
    showScore();
    setPlaying(false);
    el.next.focus();
  }

  async function deal() {
    // Leaving a hand unfinished counts as a round not won.
    if (game.round && !game.round.ended) finish(false);
    game.number += 1;
    const request = Object.assign({ round: game.number }, game.spec);
    if (game.seed !== null) request.seed = game.seed;
    let dealt;
    try {
      dealt = await api("deal", request);
    } catch (e) {
      game.number -= 1;
      say("error", "error: " + e.message);
      return;
    }
    game.seed = dealt.seed;
    game.round = { cards: dealt.cards, target: dealt.target, started: Date.now(), ended: null, hints: 0 };
    el.target.textContent = dealt.target;
    el.roundInfo.textContent = "round " + dealt.round + " · seed " + dealt.seed;
    el.answer.value = "";
    drawCards(dealt.cards);
    say("info", "");
    setPlaying(true);
    tick();
    el.answer.focus();
  }

  function newGame() {
    const target = el.setTarget.value.trim() || "24";
    game.spec = {
      cards: Number(el.setCards.value) || 4,
      // As text: a bound may be beyond 2^53, where a number would be rounded.
      range: [el.setLow.value.trim() || "0", el.setHigh.value.trim() || "0"],
      target,
      solvable_only: el.setSolvable.checked,
    };
    const seed = el.setSeed.value.trim();
    // Kept as text: a seed may be beyond 2^53, where a number would be rounded.
    game.seed = seed === "" ? null : seed;
    game.number = 0;
    game.round = null;
    game.score = { rounds: 0, won: 0, streak: 0, best: 0 };
    showScore();
    deal();
  }

  async function check() {
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
      const verdict = await api("judge", Object.assign({ answer }, hand()));
      if (verdict.verdict === "error") {
        say("error", verdict.message, underline(answer, verdict.span, verdict.label));
      } else {
        say(verdict.correct ? "ok" : "wrong", verdict.message);
      }
      if (verdict.correct) finish(true);
      else flash(el.form, "shake");
    } catch (e) {
      say("error", "error: " + e.message);
    }
  }

  async function hint() {
    if (!game.round || game.round.ended) return;
    try {
      const answer = await api("hint", hand());
      game.round.hints += 1;
      say("hint", answer.message);
    } catch (e) {
      say("error", "error: " + e.message);
    }
    el.answer.focus();
  }

  async function show() {
    if (!game.round || game.round.ended) return;
    try {
      const answer = await api("show", hand());
      say("info", answer.message);
      finish(false);
    } catch (e) {
      say("error", "error: " + e.message);
    }
  }

  async function pass() {
    if (!game.round || game.round.ended) return;
    try {
      const answer = await api("pass", hand());
      say(answer.correct ? "ok" : "wrong", answer.message);
      finish(answer.correct);
    } catch (e) {
      say("error", "error: " + e.message);
    }
  }

  // --- Solve -----------------------------------------------------------

  async function solve() {
    const cards = el.solveCards.value.split(/[\s,]+/).filter((t) => t !== "");
    const target = el.solveTarget.value.trim() || "24";
    el.solutions.replaceChildren();
    el.solveSummary.className = "solve-summary";
    if (cards.length === 0) {
      el.solveSummary.textContent = "Type some numbers, e.g. 3 3 8 8.";
      return;
    }
    el.solveSummary.textContent = "Solving…";
    let result;
    try {
      result = await api("solve", { cards, target, mode: "all", level: el.solveLevel.value, limit: 500 });
    } catch (e) {
      el.solveSummary.className = "solve-summary error";
      el.solveSummary.textContent = e.message;
      return;
    }
    el.solveSummary.replaceChildren();
    const hand = result.cards.join(" ");
    if (!result.solvable) {
      el.solveSummary.append(hand + " cannot make " + result.target + ".");
      return;
    }
    el.solveSummary.append(
      text("span", String(result.count), "count"),
      (result.count === 1 ? "distinct solution" : "distinct solutions") + " for " + hand,
    );
    if (result.fraction_only) {
      const badge = text("span", "fraction-only", "badge");
      badge.title = "Every solution needs a fraction along the way";
      el.solveSummary.append(badge);
    }
    if (result.truncated) el.solveSummary.append(text("div", "showing the first " + result.solutions.length, "stat-sub"));
    result.solutions.forEach((solution, i) => {
      const item = text("li", solution);
      item.append(text("span", " = " + result.target, "eq"));
      item.style.animationDelay = Math.min(i, 20) * 25 + "ms";
      el.solutions.append(item);
    });
  }

  // --- Tabs ------------------------------------------------------------

  const tabs = [$("tab-play"), $("tab-solve")];

  function selectTab(tab, focus) {
    for (const t of tabs) {
      const selected = t === tab;
      t.setAttribute("aria-selected", String(selected));
      t.tabIndex = selected ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !selected;
    }
    if (focus) tab.focus();
    history.replaceState(null, "", tab === tabs[1] ? "#solve" : "#play");
    (tab === tabs[1] ? el.solveCards : el.answer).focus();
  }

  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => selectTab(tab, false));
    tab.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        selectTab(tabs[(i + 1) % tabs.length], true);
      }
    });
  });

  // --- Wiring ----------------------------------------------------------

  el.form.addEventListener("submit", (event) => {
    event.preventDefault();
    check();
  });
  el.answer.addEventListener("input", markUsed);
  el.answer.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      clearAnswer();
    }
  });
  for (const key of document.querySelectorAll(".key[data-insert]")) {
    key.addEventListener("click", () => insert(key.dataset.insert));
  }
  $("backspace").addEventListener("click", backspace);
  $("clear").addEventListener("click", clearAnswer);
  el.hint.addEventListener("click", hint);
  el.show.addEventListener("click", show);
  el.pass.addEventListener("click", pass);
  el.next.addEventListener("click", deal);
  el.settings.addEventListener("submit", (event) => {
    event.preventDefault();
    el.settingsBox.open = false;
    newGame();
  });
  el.solveForm.addEventListener("submit", (event) => {
    event.preventDefault();
    solve();
  });

  // Single-key shortcuts, when no text box has the keyboard.
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (typing || event.ctrlKey || event.metaKey || event.altKey || $("play").hidden) return;
    const action = { h: hint, s: show, p: pass, n: deal }[event.key.toLowerCase()];
    if (action) {
      event.preventDefault();
      action();
    } else if (/^[0-9()+\-*/x]$/.test(event.key)) {
      el.answer.focus();
    }
  });

  // ?seed=N deals a known game; #solve opens the solver.
  const params = new URLSearchParams(location.search);
  if (params.has("seed")) el.setSeed.value = params.get("seed");
  if (params.has("cards")) el.setCards.value = params.get("cards");
  if (params.has("hand")) el.solveCards.value = params.get("hand");
  setInterval(tick, 250);
  newGame();
  if (location.hash === "#solve") selectTab(tabs[1], false);
})();
