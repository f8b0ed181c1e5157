// The game in play, shared by the modules that deal, judge, solve and
// write the address: what to deal, and the round on the table.

export const DEFAULT_SPEC = { cards: 4, range: ["1", "13"], target: "24", solvable_only: false };

// `round` is the hand on the table; `token` names it, and changes whenever
// a deal begins, so that every reply can be checked against the round it
// was asked for. `solved` is the hand the solve tab shows, for the
// address: the last one answered, or the one the address named.
export const game = {
  spec: Object.assign({}, DEFAULT_SPEC),
  seed: null,
  number: 0,
  round: null,
  token: 0,
  dealing: false,
  solved: null,
};
