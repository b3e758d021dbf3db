/**
 * @module Example e-mail addresses where the paper's PDF text has "[email protected]" — a web-scrape leftover of an
 * obfuscated address, not the authors' text — in K.1 (persona and user), K.15 (a chat user) and K.16 (an e-mail user).
 * Each follows the example it stands in (a persona, a user, `username`, `alice.smith`).
 */
export const EXAMPLE_EMAIL = {
  companyPersona: "jordan.reyes@company.com",
  user: "sam.patel@usercompany.com",
  chatUser: "username@company.com",
  emailUser: "alice.smith@company.com",
} as const;

export const EXAMPLE_EMAILS: readonly string[] = Object.values(EXAMPLE_EMAIL);
