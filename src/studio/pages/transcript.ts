/**
 * @module A run's transcript, turn by turn and by role: each model call's messages (system, user) and its reply
 * (assistant), each tool call with its arguments and its result (the documents returned), notes and actions as
 * margin lines. A message longer than a screenful is folded to its opening; a prompt repeated from an earlier call
 * (the system prompt every call resends) says so instead of printing again.
 */
import type { CachedExchange } from "../../llm/cache.ts";
import { type Html, html } from "../html.ts";

/** Characters shown before a message folds. */
export const FOLD_AT = 600;

export type Role = "system" | "user" | "assistant" | "tool-call" | "tool-result" | "note";

const ROLE_LABEL: Record<Role, string> = {
  system: "system",
  user: "user",
  assistant: "assistant",
  "tool-call": "tool call",
  "tool-result": "tool result",
  note: "note",
};

/** A message's text whatever its shape: a string, or parts with `text`, or JSON. */
export function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((p) =>
        p && typeof p === "object" && "text" in p ? String((p as { text: unknown }).text) : JSON.stringify(p),
      )
      .join("\n");
  return JSON.stringify(content, null, 2);
}

/** A turn whose body is markup (a tool's result: links to the documents it returned). */
export function markupTurn(role: Role, body: Html, meta: Html | string = ""): Html {
  return html`<div class="turn turn-${role}"><div class="who">${ROLE_LABEL[role]}${meta ? html` <span class="when">${meta}</span>` : ""}</div><div class="small">${body}</div></div>`;
}

/** One turn: a role-coloured box, its text folded past `FOLD_AT` characters. */
export function turn(role: Role, text: string, meta: Html | string = ""): Html {
  const head = html`<div class="who"><span class="role">${ROLE_LABEL[role]}</span>${meta ? html` <span class="when">${meta}</span>` : ""}</div>`;
  if (text.length <= FOLD_AT) return html`<div class="turn turn-${role}">${head}<pre>${text}</pre></div>`;
  const cut = text.lastIndexOf(" ", FOLD_AT);
  return html`<div class="turn turn-${role}">${head}<details class="long"><summary><pre class="preview">${text.slice(0, cut > FOLD_AT / 2 ? cut : FOLD_AT)} …</pre><span class="small more">show all ${text.length.toLocaleString("en")} characters</span><span class="small less">fold</span></summary><pre>${text}</pre></details></div>`;
}

/**
 * The turns of one model call: its messages, then its reply. `seen` remembers earlier calls' messages so a repeated
 * one shows as a reference to the turn that first sent it.
 */
export function callTurns(exchange: CachedExchange, seen: Map<string, number>, callNo: number): Html {
  const turns = exchange.messages.map((m) => {
    const role: Role = m.role === "system" || m.role === "assistant" ? m.role : "user";
    const text = messageText(m.content);
    const first = seen.get(`${role}\u0000${text}`);
    if (first !== undefined && first !== callNo)
      return html`<div class="turn turn-${role} repeat"><div class="who"><span class="role">${role}</span> <span class="when">same as in model call ${first} (${text.length.toLocaleString("en")} characters)</span></div></div>`;
    seen.set(`${role}\u0000${text}`, callNo);
    return turn(role, text);
  });
  return html`${turns}${turn("assistant", exchange.reply ?? "(no text)", "reply")}`;
}

export const TRANSCRIPT_CSS = `
.turn{border:1px solid var(--line);border-left-width:4px;border-radius:6px;padding:.3rem .6rem;margin:.35rem 0;background:#fff;max-width:100%}
.turn .who{font-weight:600;font-size:12px}.turn .role{text-transform:uppercase;letter-spacing:.02em}
.turn pre{margin:.2rem 0;max-height:none;background:none;padding:0}
.turn-system{border-left-color:#8c959f;background:#f6f8fa}.turn-user{border-left-color:var(--acc)}
.turn-assistant{border-left-color:#8250df;background:#fbf8ff}.turn-tool-call{border-left-color:#bf8700}
.turn-tool-result{border-left-color:var(--good)}.turn.repeat{padding:.2rem .6rem;opacity:.8}
.turn details.long>summary{list-style:none;color:var(--acc)}.turn details.long>summary pre{color:var(--fg)}
.turn details.long[open] .preview,.turn details.long[open] .more,.turn details.long:not([open]) .less{display:none}
`;
