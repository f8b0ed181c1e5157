// The cards on the table and the answer written with them: drawing the
// hand, matching the typed expression against it to dim the cards it
// already uses, and editing the answer box from the cards and keypad.

import { el, text, touch } from "./dom.js";
import { numberKey } from "./numbers.js";

const SUITS = [["♠", false], ["♥", true], ["♦", true], ["♣", false]];
const FACES = { 1: "A", 11: "J", 12: "Q", 13: "K" };

// How large a card's number may be drawn, by its length in characters.
function sizeOf(shown) {
  const n = shown.length;
  return n <= 2 ? "s" : n <= 3 ? "m" : n <= 5 ? "l" : n <= 9 ? "xl" : "xxl";
}

export function drawCards(cards) {
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
export function markUsed() {
  const cards = [...el.cards.querySelectorAll(".card")];
  const used = cardsUsed(el.answer.value, cards.map((c) => c.dataset.key));
  for (const card of cards) {
    const at = used.indexOf(card.dataset.key);
    if (at >= 0) used.splice(at, 1);
    card.classList.toggle("used", at >= 0);
  }
}

// --- The answer box ----------------------------------------------------

export function insert(piece) {
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

export function backspace() {
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

export function clearAnswer() {
  if (el.answer.readOnly) return;
  el.answer.value = "";
  el.answer.focus();
  markUsed();
}

// The answer box takes the keyboard, except on a touch screen, where
// focus would raise the soft keyboard over the cards.
export function focusAnswer() {
  if (!touch && !el.answer.readOnly) el.answer.focus();
}
