/** Types for the two modules of pako 1.0's zlib port that `zip.ts` drives directly (pako's own `Deflate` wraps them). */
declare module "pako/lib/zlib/zstream.js" {
  export default class ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    output: Uint8Array;
    next_out: number;
    avail_out: number;
    msg: string;
  }
}

declare module "pako/lib/zlib/deflate.js" {
  import type ZStream from "pako/lib/zlib/zstream.js";
  export function deflateInit2(
    strm: ZStream,
    level: number,
    method: number,
    windowBits: number,
    memLevel: number,
    strategy: number,
  ): number;
  export function deflateReset(strm: ZStream): number;
  export function deflate(strm: ZStream, flush: number): number;
}
