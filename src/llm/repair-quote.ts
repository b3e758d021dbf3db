/**
 * @module What a repair turn quotes of the reply it rejects: the whole reply up to a bound, else its head and tail
 * around a marker saying how much was left out. A repair request never grows with a runaway reply (a 5 MB one is
 * quoted in at most `REPAIR_QUOTE_CHARS` characters plus the marker).
 */

/** The longest reply a repair turn quotes whole. */
export const REPAIR_QUOTE_CHARS = 8000;

/** `raw` when it fits `max`, else its first two thirds and last third of `max` around an omission marker. */
export function repairQuote(raw: string, max = REPAIR_QUOTE_CHARS): string {
  if (raw.length <= max) return raw;
  const head = Math.ceil((max * 2) / 3);
  const tail = max - head;
  const left = raw.length - head - tail;
  return `${raw.slice(0, head)}\n…[${left} characters of this reply left out]…\n${raw.slice(raw.length - tail)}`;
}
