// The page's elements, looked up once, and the small helpers that write to
// them: text nodes, one-shot animations and the message box. Every other
// module reaches the page through these.

export const $ = (id) => document.getElementById(id);

export const el = {
  target: $("target"), timer: $("timer"), score: $("score"), scoreDetail: $("score-detail"),
  streak: $("streak"), best: $("best"), roundInfo: $("round-info"), cards: $("cards"),
  difficulty: $("difficulty"),
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
export const keypad = [...document.querySelectorAll(".keys button")];

// On a touch screen the on-page cards and keypad are the input: the
// answer box never raises the soft keyboard over them.
export const touch = window.matchMedia("(pointer: coarse)").matches;

export function text(tag, content, className) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = content;
  return node;
}

// Plays a one-shot animation again, even if it just ran.
export function flash(node, animation) {
  node.classList.remove(animation);
  void node.offsetWidth; // restart the animation
  node.classList.add(animation);
}

// The Play tab's message; see sayIn.
export function say(kind, message, detail) {
  sayIn(el.message, kind, message, detail);
}

// A message in the box `box`. kind: ok | wrong | error | hint | info. The
// first word ("ok:", "wrong:", "Target:"), if it ends within `wordUpTo`
// characters, is set apart, as the terminal game colours it. An empty
// message empties the box, which then takes no room.
export function sayIn(box, kind, message, detail, wordUpTo = 12) {
  box.className = "message " + kind;
  box.replaceChildren();
  if (!message) return;
  const colon = message.indexOf(": ");
  if (colon > 0 && colon < wordUpTo) {
    box.append(text("span", message.slice(0, colon + 1), "word"), " " + message.slice(colon + 2));
  } else {
    box.append(message);
  }
  if (detail) box.append(detail);
}

// The answer with the part at fault underlined, and the note on it.
export function underline(source, span, label) {
  const box = document.createElement("span");
  const code = text("span", "", "source");
  const [start, end] = span;
  code.append(source.slice(0, start), text("mark", source.slice(start, end) || " "), source.slice(end));
  box.append(code);
  if (label) box.append(text("span", label, "label"));
  return box;
}
