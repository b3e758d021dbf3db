/** @module Which request paths are an annotator's: they authenticate with the annotator's own link, not the API token. */

/**
 * An annotator's pages and their label endpoint, exactly: `/studio/annotate/<campaign>/<annotator>` plus `/<n>` or
 * `/labels`. Ids are lowercase letters, digits, `-` and `_` only (no dots, no escapes), so no other route matches.
 */
const ANNOTATOR_PATH = /^\/studio\/annotate\/[a-z0-9_-]{1,64}\/[a-z0-9_-]{1,64}(\/(\d{1,5}|labels))?$/;

export function isAnnotatorPath(path: string): boolean {
  return ANNOTATOR_PATH.test(path);
}
