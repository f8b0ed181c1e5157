// The game settings form: read into the game to deal, with every mistake
// put to the field it belongs to, before anything is asked of the server.

import { el } from "./dom.js";
import { DEFAULT_SPEC } from "./state.js";
import { numberKey, WHOLE } from "./numbers.js";

const settingsInputs = [
  ["Cards", el.setCards], ["Lowest", el.setLow], ["Highest", el.setHigh], ["Target", el.setTarget], ["Seed", el.setSeed],
];

// The fields as sent, for putting a server's message to the right one.
export function settingsFields() {
  return settingsInputs.map(([label, input]) => [label, input.value.trim()]);
}

export class FieldError extends Error {
  constructor(input, message) {
    super(message);
    this.input = input;
  }
}

// The game the settings describe, or a FieldError naming the field at fault.
export function readSettings() {
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

// Takes away the marks of a mistake, before the settings are read again.
export function unmarkFields() {
  for (const [, input] of settingsInputs) input.removeAttribute("aria-invalid");
}

// A FieldError's message, led by the label of its field.
export function fieldMessage(e) {
  return e.message.includes(": ") ? e.message : e.input.labels[0].firstChild.textContent.trim() + ": " + e.message;
}

// Marks the field at fault and gives it the keyboard, with the settings open.
export function markField(e) {
  e.input.setAttribute("aria-invalid", "true");
  el.settingsBox.open = true;
  e.input.focus();
}
