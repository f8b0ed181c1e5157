// The server's API: every request the page makes, the check that a reply
// still belongs to the round on the table, and the wording of failures for
// a player rather than a programmer.

import { game } from "./state.js";

export async function api(endpoint, body) {
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
export const STALE = new Error("stale");

// Asks on behalf of the round on the table. A reply (or failure) that
// arrives after the player has moved on belongs to another round and is
// dropped: it throws STALE, which callers ignore.
export async function roundApi(endpoint, body) {
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
export function plainError(message, fields) {
  const plain = message.replace(/ at line \d+ column \d+$/, "");
  for (const [label, value] of fields || []) {
    const shown = String(value);
    if (shown !== "" && (plain.includes("'" + shown + "'") || plain.includes('"' + shown + '"'))) {
      return label + ": " + plain.replace(/^invalid value: /, "");
    }
  }
  return plain;
}
