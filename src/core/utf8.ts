/**
 * @module Text files read as UTF-8 or refused: a byte that is not UTF-8 is an error naming where it is, never a
 * U+FFFD quietly put in its place (mojibake that then loads, scores and is shown as if it were the file's text).
 */

const fatal = new TextDecoder("utf-8", { fatal: true });

/** The offset of the first byte that does not start a well-formed UTF-8 sequence, or -1. */
export function invalidUtf8At(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const [len, lo, hi] =
      b >= 0xc2 && b <= 0xdf
        ? [2, 0x80, 0xbf]
        : b === 0xe0
          ? [3, 0xa0, 0xbf]
          : b === 0xed
            ? [3, 0x80, 0x9f]
            : b >= 0xe1 && b <= 0xef
              ? [3, 0x80, 0xbf]
              : b === 0xf0
                ? [4, 0x90, 0xbf]
                : b === 0xf4
                  ? [4, 0x80, 0x8f]
                  : b >= 0xf1 && b <= 0xf3
                    ? [4, 0x80, 0xbf]
                    : [0, 0, 0];
    if (len === 0) return i;
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += len;
  }
  return -1;
}

/** Where a bad byte is, for a person: its offset, value and line. */
function describeAt(bytes: Uint8Array, at: number): string {
  let line = 1;
  for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
  return `byte ${at} (0x${bytes[at]!.toString(16).padStart(2, "0")}, line ${line})`;
}

/** `bytes` as text, or an error "expected UTF-8 text, byte N (0xXX, line L) is not UTF-8". */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return fatal.decode(bytes);
  } catch {
    const at = invalidUtf8At(bytes);
    throw new Error(`expected UTF-8 text, ${describeAt(bytes, Math.max(at, 0))} is not UTF-8`);
  }
}
