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

  // A reply that belongs to a round no longer on the table.
  const STALE = new Error("stale");

  // Asks on behalf of the round on the table. A reply (or failure) that
  // arrives after the player has moved on belongs to another round and is
  // dropped: it throws STALE, which callers ignore.
  async function roundApi(endpoint, body) {
    const token = game.token;
    let data;
    try {
      data = await api(endpoint, body);
    } catch (e) {
      throw token === game.token ? e : STALE;
    }
    if (token !== game.token) throw STALE;
    return data;
  }

  // Serde's messages end with where in the JSON text they went wrong,
  // which means nothing to a player: that part is dropped, and the message
  // is put to the field (label and value sent) whose value it quotes.
  function plainError(message, fields) {
    const plain = message.replace(/ at line \d+ column \d+$/, "");
    for (const [label, value] of fields || []) {
      const shown = String(value);
      if (shown !== "" && (plain.includes("'" + shown + "'") || plain.includes('"' + shown + '"'))) {
        return label + ": " + plain.replace(/^invalid value: /, "");
      }
    }
    return plain;
  }

  // --- Exact numbers ---------------------------------------------------

  // Numbers as the server reads them: whole (-3), fractions (7/2) and
  // decimals (2.5), compared exactly as BigInt fractions. Returns a key
  // equal for equal values ("7/2", "-3/1"), or null for other text.
  const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

  function decimal(text) {
    const m = DECIMAL.exec(text.trim());
    if (!m || (m[2] === "" && (m[3] || "") === "")) return null;
    const fraction = m[3] || "";
    const numerator = BigInt((m[2] || "0") + fraction) * (m[1] === "-" ? -1n : 1n);
    return [numerator, 10n ** BigInt(fraction.length)];
  }

  function gcd(a, b) {
    a = a < 0n ? -a : a;
    while (b !== 0n) [a, b] = [b, a % b];
    return a;
  }

  function ratio(n, d) {
    if (d === 0n) return null;
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    return n / g + "/" + d / g;
  }

  function numberKey(text) {
    const parts = String(text).split("/");
    if (parts.length > 2) return null;
    const top = decimal(parts[0]);
    if (!top) return null;
    if (parts.length === 1) return ratio(top[0], top[1]);
    if (/^\s*[+-]/.test(parts[1])) return null;
    const bottom = decimal(parts[1]);
    return bottom ? ratio(top[0] * bottom[1], top[1] * bottom[0]) : null;
  }

  const WHOLE = /^[+-]?\d+$/;

  // --- Elements --------------------------------------------------------

  const el = {
    target: $("target"), timer: $("timer"), score: $("score"), scoreDetail: $("score-detail"),
    streak: $("streak"), best: $("best"), roundInfo: $("round-info"), cards: $("cards"),
    form: $("answer-form"), answer: $("answer"), check: $("check"), message: $("message"),
    hint: $("hint"), show: $("show"), pass: $("pass"), next: $("next"),
    afterRound: $("after-round"), seeAll: $("see-all"), playSummary: $("play-summary"),
    playSolutions: $("play-solutions"),
    settings: $("settings"), settingsBox: $("settings-box"),
    setCards: $("set-cards"), setLow: $("set-low"), setHigh: $("set-high"), setTarget: $("set-target"),
    setSolvable: $("set-solvable"), setSeed: $("set-seed"),
    solveForm: $("solve-form"), solveCards: $("solve-cards"), solveTarget: $("solve-target"),
    solveLevel: $("solve-level"), solveSummary: $("solve-summary"), solutions: $("solutions"),
    solveConfirm: $("solve-confirm"), solveAnyway: $("solve-anyway"), solveBack: $("solve-back"),
  };
  const keypad = [...document.querySelectorAll(".keys button")];

  // On a touch screen the on-page cards and keypad are the input: the
  // answer box never raises the soft keyboard over them.
  const touch = window.matchMedia("(pointer: coarse)").matches;
  if (touch) el.answer.setAttribute("inputmode", "none");

  // --- State -----------------------------------------------------------

  const DEFAULT_SPEC = { cards: 4, range: ["1", "13"], target: "24", solvable_only: false };

  // The game: what to deal, and the tally. `round` is the hand on the
  // table; `token` names it, and changes whenever a deal begins, so that
  // every reply can be checked against the round it was asked for.
  const game = {
    spec: Object.assign({}, DEFAULT_SPEC),
    seed: null,
    number: 0,
    score: { rounds: 0, won: 0, streak: 0, best: 0, last: null },
    round: null,
    token: 0,
    dealing: false,
    solved: null,
  };

  // --- The score, kept across visits -----------------------------------

  const SCORE_KEY = "reckon.score";

  // Storage may be missing or refuse (private windows, blocked cookies):
  // the score then lasts as long as the page.
  function loadScore() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(SCORE_KEY) || "null");
      if (saved && typeof saved === "object") {
        for (const name of ["rounds", "won", "streak", "best"]) {
          if (Number.isSafeInteger(saved[name]) && saved[name] >= 0) game.score[name] = saved[name];
        }
        if (typeof saved.last === "string") game.score.last = saved.last;
      }
    } catch (e) {
      // No storage: start from nothing.
    }
  }

  function saveScore() {
    try {
      window.localStorage.setItem(SCORE_KEY, JSON.stringify(game.score));
    } catch (e) {
      // No storage: the score lasts as long as the page.
    }
  }

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

  // kind: ok | wrong | error | hint | info. The first word ("ok:", "wrong:",
  // "Target:") is set apart, as the terminal game colours it. An empty
  // message empties the box, which then takes no room.
  function say(kind, message, detail) {
    el.message.className = "message " + kind;
    el.message.replaceChildren();
    if (!message) return;
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

  // How large a card's number may be drawn, by its length in characters.
  function sizeOf(shown) {
    const n = shown.length;
    return n <= 2 ? "s" : n <= 3 ? "m" : n <= 5 ? "l" : n <= 9 ? "xl" : "xxl";
  }

  function drawCards(cards) {
    el.cards.classList.remove("won");
    el.cards.replaceChildren();
    cards.forEach((value, i) => {
      const [suit, red] = SUITS[i % SUITS.length];
      const shown = String(value);
      const card = document.createElement("button");
      card.type = "button";
      card.className = "card" + (red ? " red" : "");
      card.dataset.value = shown;
      card.dataset.key = numberKey(shown) || shown;
      card.setAttribute("aria-label", "card " + shown);
      card.style.animationDelay = i * 70 + "ms";
      // The corners index the card upright, both of them; a number too
      // long for a corner leaves only the suit there.
      const index = shown.length <= 3 ? FACES[shown] || shown : "";
      const corners = ["tl", "br"].map((place) => {
        const corner = text("span", "", "corner " + place);
        corner.setAttribute("aria-hidden", "true");
        if (index) corner.append(text("span", index));
        corner.append(text("span", suit, "pip"));
        return corner;
      });
      const number = text("span", shown, "value");
      number.dataset.size = sizeOf(shown);
      card.append(corners[0], number, corners[1]);
      // A negative or a fraction goes in brackets, so it reads as one card.
      const piece = /^-|\//.test(shown) ? "(" + shown + ")" : shown;
      card.addEventListener("click", () => insert(piece));
      el.cards.append(card);
    });
    markUsed();
  }

  // The values of cards an answer uses, matched against `hand` (a list of
  // number keys) as a multiset. A number after a unary minus may be a
  // negative card, and `a/b` may be one fractional card: each is taken
  // as such when the hand holds that card, else as the plain number.
  function cardsUsed(answer, hand) {
    const left = new Map();
    for (const key of hand) left.set(key, (left.get(key) || 0) + 1);
    const take = (key) => {
      const count = left.get(key) || 0;
      if (key === null || count === 0) return false;
      left.set(key, count - 1);
      return true;
    };
    const tokens = answer.match(/\d+(?:\.\d*)?|\.\d+|\S/g) || [];
    const isNumber = (t) => t !== undefined && /^[\d.]/.test(t);
    const used = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (!isNumber(token)) continue;
      const before = tokens[i - 1];
      const ahead = tokens[i - 2];
      const unary = (before === "-" || before === "−") && (ahead === undefined || (!isNumber(ahead) && ahead !== ")"));
      const over = tokens[i + 1] === "/" && isNumber(tokens[i + 2]) ? tokens[i + 2] : null;
      const candidates = [];
      if (over !== null) {
        if (unary) candidates.push(["-" + token + "/" + over, 2]);
        candidates.push([token + "/" + over, 2]);
      }
      if (unary) candidates.push(["-" + token, 0]);
      candidates.push([token, 0]);
      for (const [candidate, skip] of candidates) {
        const key = numberKey(candidate);
        if (take(key)) {
          used.push(key);
          i += skip;
          break;
        }
      }
    }
    return used;
  }

  // Dims the cards the typed expression already uses.
  function markUsed() {
    const cards = [...el.cards.querySelectorAll(".card")];
    const used = cardsUsed(el.answer.value, cards.map((c) => c.dataset.key));
    for (const card of cards) {
      const at = used.indexOf(card.dataset.key);
      if (at >= 0) used.splice(at, 1);
      card.classList.toggle("used", at >= 0);
    }
  }

  // --- The answer box --------------------------------------------------

  function insert(piece) {
    const input = el.answer;
    if (input.readOnly) return;
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
    if (input.readOnly) return;
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
    if (el.answer.readOnly) return;
    el.answer.value = "";
    el.answer.focus();
    markUsed();
  }

  // The answer box takes the keyboard, except on a touch screen, where
  // focus would raise the soft keyboard over the cards.
  function focusAnswer() {
    if (!touch && !el.answer.readOnly) el.answer.focus();
  }

  // --- The address: a link to this game, or to this hand solved ----------

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

  function writeAddress() {
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
    } else {
      address = query(gamePairs());
    }
    try {
      history.replaceState(null, "", location.pathname + address);
    } catch (e) {
      // An address the browser will not take (a page opened from a file) stays as it is.
    }
  }

  // --- Rounds ----------------------------------------------------------

  function hand() {
    const round = game.round;
    return { cards: round.cards, target: round.target };
  }

  function roundKey() {
    return JSON.stringify([game.seed, game.round.number, game.spec]);
  }

  function tick() {
    el.timer.textContent = game.round ? clock((game.round.ended || Date.now()) - game.round.started) : "0:00";
  }

  function showScore() {
    const s = game.score;
    el.score.textContent = String(s.won);
    el.scoreDetail.textContent = s.rounds === 1 ? "of 1 round" : "of " + s.rounds + " rounds";
    el.streak.textContent = String(s.streak);
    el.best.textContent = "best " + s.best;
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

  // Ends the round; a win adds to the score and the streak. A round is
  // counted once, even when its link is opened again after it ended.
  function finish(won, offerSolutions) {
    const round = game.round;
    if (!round || round.ended) return;
    round.ended = Date.now();
    tick();
    const s = game.score;
    const key = roundKey();
    if (s.last !== key) {
      s.last = key;
      s.rounds += 1;
      if (won) {
        s.won += 1;
        s.streak += 1;
        s.best = Math.max(s.best, s.streak);
        flash(el.score, "pop");
      } else {
        s.streak = 0;
      }
      saveScore();
    }
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

  function listAllSolutions() {
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
    el.answer.value = "";
    hideSolutions();
    tick();
    setControls();
    say("error", message);
  }

  async function deal() {
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
    game.round = {
      number: dealt.round, cards: dealt.cards, target: dealt.target,
      started: Date.now(), ended: null, hints: 0, solutions: null,
    };
    el.target.textContent = dealt.target;
    el.roundInfo.textContent = "round " + dealt.round + " · seed " + dealt.seed;
    el.answer.value = "";
    hideSolutions();
    drawCards(dealt.cards);
    say("info", "");
    setControls();
    tick();
    writeAddress();
    focusAnswer();
  }

  // --- Settings --------------------------------------------------------

  const settingsInputs = [
    ["Cards", el.setCards], ["Lowest", el.setLow], ["Highest", el.setHigh], ["Target", el.setTarget], ["Seed", el.setSeed],
  ];

  // The fields as sent, for putting a server's message to the right one.
  function settingsFields() {
    return settingsInputs.map(([label, input]) => [label, input.value.trim()]);
  }

  class FieldError extends Error {
    constructor(input, message) {
      super(message);
      this.input = input;
    }
  }

  // The game the settings describe, or a FieldError naming the field at fault.
  function readSettings() {
    const value = (input, otherwise) => {
      if (input.validity && input.validity.badInput) {
        throw new FieldError(input, "that is not a number");
      }
      return input.value.trim() || otherwise;
    };
    const whole = (label, input, otherwise) => {
      const typed = value(input, otherwise);
      if (!WHOLE.test(typed)) throw new FieldError(input, label + ": '" + typed + "' is not a whole number");
      return typed.replace(/^\+/, "");
    };
    const cards = Number(whole("Cards", el.setCards, "4"));
    if (cards < 1) throw new FieldError(el.setCards, "Cards: a hand needs at least one card");
    const low = whole("Lowest", el.setLow, DEFAULT_SPEC.range[0]);
    const high = whole("Highest", el.setHigh, DEFAULT_SPEC.range[1]);
    if (BigInt(high) < BigInt(low)) throw new FieldError(el.setHigh, "Highest: " + high + " is below the lowest card, " + low);
    const target = value(el.setTarget, "24");
    if (numberKey(target) === null) throw new FieldError(el.setTarget, "Target: '" + target + "' is not a number");
    const seed = value(el.setSeed, "");
    if (seed !== "" && !/^\d+$/.test(seed)) throw new FieldError(el.setSeed, "Seed: '" + seed + "' is not a whole number from 0 up");
    // As text: a bound or seed may be beyond 2^53, where a number would be rounded.
    return { spec: { cards, range: [low, high], target, solvable_only: el.setSolvable.checked }, seed: seed === "" ? null : seed };
  }

  // Starts the game the settings describe, at round `round` (1 for a new game).
  function startGame(round) {
    for (const [, input] of settingsInputs) input.removeAttribute("aria-invalid");
    let settings;
    try {
      settings = readSettings();
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      game.token += 1;
      game.dealing = false;
      noHand(e.message.includes(": ") ? e.message : e.input.labels[0].firstChild.textContent.trim() + ": " + e.message);
      e.input.setAttribute("aria-invalid", "true");
      el.settingsBox.open = true;
      e.input.focus();
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

  function newGame() {
    const s = game.score;
    Object.assign(s, { rounds: 0, won: 0, streak: 0, last: null });
    saveScore();
    showScore();
    startGame(1);
  }

  // --- Playing ---------------------------------------------------------

  // Shows a failure of a request made for the round on the table.
  function failed(e) {
    if (e !== STALE) say("error", "error: " + plainError(e.message));
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

  function playing() {
    return game.round && !game.round.ended && !game.dealing;
  }

  // A hint asked for by a button or a typed word returns the keyboard to
  // the answer; one asked for by the H key leaves it where it is, for the
  // next key.
  async function hint(toAnswer) {
    if (!playing()) return;
    try {
      const answer = await roundApi("hint", hand());
      game.round.hints += 1;
      say("hint", answer.message);
      if (toAnswer !== false) focusAnswer();
    } catch (e) {
      failed(e);
    }
  }

  async function show() {
    if (!playing()) return;
    try {
      const answer = await roundApi("show", hand());
      say("info", answer.message);
      finish(false, true);
    } catch (e) {
      failed(e);
    }
  }

  async function pass() {
    if (!playing()) return;
    try {
      const answer = await roundApi("pass", hand());
      say(answer.correct ? "ok" : "wrong", answer.message);
      finish(answer.correct, true);
    } catch (e) {
      failed(e);
    }
  }

  // --- Solve -----------------------------------------------------------

  // Fills `summary` and `list` with a solve answer: the count, whether the
  // hand is fraction-only, and the solutions.
  function showSolutions(result, summary, list) {
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
    if (result.truncated) summary.append(text("div", "showing the first " + result.solutions.length, "stat-sub"));
    result.solutions.forEach((solution, i) => {
      const item = text("li", solution);
      item.append(text("span", " = " + result.target, "eq"));
      item.style.animationDelay = Math.min(i, 20) * 25 + "ms";
      list.append(item);
    });
  }

  // Is this the hand on the table, in a round still being played?
  function isHandInPlay(cards, target) {
    if (!game.round || game.round.ended) return false;
    const keys = (list) => list.map(numberKey).sort().join(" ");
    return numberKey(target) === numberKey(game.round.target) && keys(cards) === keys(game.round.cards.map(String));
  }

  let solveToken = 0;

  async function solve(confirmed) {
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
      result = await api("solve", { cards, target, mode: "all", level: el.solveLevel.value, limit: 500 });
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
    writeAddress();
    if (tab === tabs[1]) {
      if (!touch) el.solveCards.focus();
    } else {
      focusAnswer();
    }
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
  el.seeAll.addEventListener("click", listAllSolutions);
  el.settings.addEventListener("submit", (event) => {
    event.preventDefault();
    el.settingsBox.open = false;
    newGame();
  });
  el.solveForm.addEventListener("submit", (event) => {
    event.preventDefault();
    solve(false);
  });
  el.solveAnyway.addEventListener("click", () => solve(true));
  el.solveBack.addEventListener("click", () => {
    el.solveConfirm.hidden = true;
    selectTab(tabs[0], false);
  });

  // Single-key shortcuts, when no text box has the keyboard.
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (typing || event.ctrlKey || event.metaKey || event.altKey || $("play").hidden) return;
    const action = { h: () => hint(false), s: show, p: pass, n: deal }[event.key.toLowerCase()];
    if (action) {
      event.preventDefault();
      action();
    } else if (/^[0-9()+\-*/x]$/.test(event.key) && !el.answer.readOnly) {
      el.answer.focus();
    }
  });

  // The address opens what it names: ?seed=N&round=R (and any settings
  // unlike the defaults) a game at that hand; ?hand=3,3,8,8 (&target=10)
  // the solver on that hand; #solve the solver.
  const params = new URLSearchParams(location.search);
  const handParam = params.get("hand");
  if (params.has("seed")) el.setSeed.value = params.get("seed");
  if (params.has("cards")) el.setCards.value = params.get("cards");
  if (params.has("low")) el.setLow.value = params.get("low");
  if (params.has("high")) el.setHigh.value = params.get("high");
  if (params.has("target") && handParam === null) el.setTarget.value = params.get("target");
  if (params.get("solvable") === "1") el.setSolvable.checked = true;
  const round = Number(params.get("round"));
  loadScore();
  showScore();
  setInterval(tick, 250);
  startGame(Number.isInteger(round) && round >= 1 && round <= 1000 ? round : 1);
  if (handParam !== null) {
    const cards = handParam.split(",").map((t) => t.trim()).filter((t) => t !== "");
    el.solveCards.value = cards.join(" ");
    if (params.has("target")) el.solveTarget.value = params.get("target");
    // The address keeps the hand it named, even before (or without) an answer.
    game.solved = { cards, target: el.solveTarget.value.trim() || "24" };
    selectTab(tabs[1], false);
    solve(false);
  } else if (location.hash === "#solve") {
    selectTab(tabs[1], false);
  }
})();
