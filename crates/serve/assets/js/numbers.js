// Numbers as the server reads them: whole (-3), fractions (7/2) and
// decimals (2.5), compared exactly as BigInt fractions. The page compares
// cards, targets and typed numbers by these keys, never by floating point.

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

// A whole number, as the settings take one.
export const WHOLE = /^[+-]?\d+$/;

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

// A key equal for equal values ("7/2", "-3/1"), or null for text that is
// not a number.
export function numberKey(text) {
  const parts = String(text).split("/");
  if (parts.length > 2) return null;
  const top = decimal(parts[0]);
  if (!top) return null;
  if (parts.length === 1) return ratio(top[0], top[1]);
  if (/^\s*[+-]/.test(parts[1])) return null;
  const bottom = decimal(parts[1]);
  return bottom ? ratio(top[0] * bottom[1], top[1] * bottom[0]) : null;
}
