// The tabs, Play, Countdown, Duel and Solve: which panel shows, where the keyboard goes
// when it changes, and the address that follows it.

import { $, el, touch } from "./dom.js";
import { writeAddress } from "./address.js";
import { focusAnswer } from "./cards.js";
import { focusCountdown } from "./countdown.js";
import { focusDuel } from "./duel.js";

export const tabs = [$("tab-play"), $("tab-countdown"), $("tab-duel"), $("tab-solve")];
export const [playTab, countdownTab, duelTab, solveTab] = tabs;

export function selectTab(tab, focus) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute("aria-selected", String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !selected;
  }
  if (focus) tab.focus();
  writeAddress();
  if (tab === solveTab) {
    if (!touch) el.solveCards.focus();
  } else if (tab === countdownTab) {
    focusCountdown();
  } else if (tab === duelTab) {
    focusDuel();
  } else {
    focusAnswer();
  }
}
