// reckon's page: presentation only. Dealing, judging, hints and solving are
// all asked of the server's API, so the rules live in one place.
//
// This is the entry module: it wires the page's controls to the modules
// under js/, each of which holds one part of the page, and opens what the
// address names.

import { $, el, touch } from "./js/dom.js";
import { loadScore, showScore } from "./js/score.js";
import { backspace, clearAnswer, insert, markUsed } from "./js/cards.js";
import { readAddress } from "./js/address.js";
import { deal, listAllSolutions, newGame, startGame, tick } from "./js/round.js";
import { check, hint, pass, shortcut, show } from "./js/play.js";
import { openHand, solve } from "./js/solve.js";
import { countdownTab, duelTab, playTab, selectTab, solveTab, tabs } from "./js/tabs.js";
import { tick as countdownTick, wireCountdown } from "./js/countdown.js";
import { tick as duelTick, wireDuel } from "./js/duel.js";

if (touch) el.answer.setAttribute("inputmode", "none");

// --- Tabs --------------------------------------------------------------

tabs.forEach((tab, i) => {
  tab.addEventListener("click", () => selectTab(tab, false));
  tab.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      selectTab(tabs[(i + 1) % tabs.length], true);
    }
  });
});

// --- Play --------------------------------------------------------------

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
document.addEventListener("keydown", shortcut);

// --- Solve -------------------------------------------------------------

el.solveForm.addEventListener("submit", (event) => {
  event.preventDefault();
  solve(false);
});
el.solveAnyway.addEventListener("click", () => solve(true));
el.solveBack.addEventListener("click", () => {
  el.solveConfirm.hidden = true;
  selectTab(playTab, false);
});

// --- Countdown -----------------------------------------------------------

wireCountdown();
setInterval(countdownTick, 250);

// --- Duel ----------------------------------------------------------------

wireDuel();
setInterval(duelTick, 100);

// --- Open what the address names ---------------------------------------

const opened = readAddress();
loadScore();
showScore();
setInterval(tick, 250);
startGame(opened.round);
if (opened.hand !== null) {
  openHand(opened.hand, opened.target);
} else if (opened.solver) {
  selectTab(solveTab, false);
} else if (opened.countdown) {
  selectTab(countdownTab, false);
} else if (opened.duel) {
  selectTab(duelTab, false);
}
