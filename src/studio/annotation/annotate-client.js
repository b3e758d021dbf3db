// The annotator page's behaviour (inlined by annotator-page.ts): match predicted steps to gold steps by click or by
// keyboard alone, refuse a gold step another step holds (the server refuses it too), save every decision at once; then
// score a decided step (condition resolution of a matched conditional pair, comprehensiveness of a matched pair,
// factuality of any step) with its selects or by keyboard (c / p / f, then digits).
(() => {
  const state = JSON.parse(document.getElementById("annotation-state").textContent);
  const status = document.getElementById("status");
  const list = document.getElementById("pred");
  let selected = 1;
  let buffer = "";
  /** A score being typed: null, "cr", "pc" (with the digits so far) or "fact". */
  let mode = null;
  let digits = [];
  const DIMENSIONS = ["specificity", "personalization", "completeness", "actionability"];
  const PROMPTS = {
    cr: "condition resolution: 1 resolved · 5 partial (0.5) · 0 unresolved",
    pc: "comprehensiveness: four digits 0–5 (fifths) for specificity, personalization, completeness, actionability",
    fact: "factuality: 1 supported by its sources · 0 not supported",
  };

  const say = (message, bad) => {
    status.textContent = message;
    status.className = bad ? "bad" : "ok";
  };
  const holder = (gold) => {
    for (const [step, label] of Object.entries(state.labels)) if (label.gold === gold) return Number(step);
    return null;
  };
  const row = (step) => list.querySelector(`li[data-step="${step}"]`);
  const noteOf = (step) => row(step)?.querySelector("input.note")?.value ?? "";

  // A page holds every predicted step (a long workflow has over a hundred) and renders on every keypress: a key redraws
  // the rows it concerns (the selected step, the one it left), a save every row, and a redraw writes only what changed,
  // so a keypress does not restyle and re-lay out the whole list.
  const setText = (el, text) => {
    if (el.textContent !== text) el.textContent = text;
  };
  const setData = (el, key, value) => {
    if (el.dataset[key] !== value) el.dataset[key] = value;
  };
  const setHidden = (el, hidden) => {
    if (el.hidden !== hidden) el.hidden = hidden;
  };
  const setValue = (el, value) => {
    if (el.value !== value) el.value = value;
  };

  function renderRow(li) {
    const step = Number(li.dataset.step);
    const label = state.labels[step];
    const current = String(step === selected);
    if (li.getAttribute("aria-current") !== current) li.setAttribute("aria-current", current);
    setData(li, "state", label ? (label.gold === null ? "none" : "match") : "open");
    setText(
      li.querySelector(".dec"),
      label ? (label.gold === null ? "unmatched" : `→ G${label.gold}`) : "undecided",
    );
    const box = li.querySelector(".scores");
    if (!box) return;
    setHidden(box, !label);
    const matched = Boolean(label) && label.gold !== null;
    setHidden(box.querySelector('[data-for="cr"]'), !(matched && state.conditional.includes(label.gold)));
    for (const d of DIMENSIONS) setHidden(box.querySelector(`[data-for="${d}"]`), !matched);
    if (!label) return;
    setValue(box.querySelector('[data-score="cr"]'), label.cr === null ? "" : String(label.cr));
    for (const d of DIMENSIONS)
      setValue(box.querySelector(`[data-score="${d}"]`), label.pc ? String(label.pc[d]) : "");
    setValue(
      box.querySelector('[data-score="supported"]'),
      label.supported === null ? "" : String(label.supported),
    );
  }

  /** Redraw the rows of `steps` (default every row), the gold steps' holders and the status bar. */
  function render(steps) {
    const rows = steps ? steps.map(row).filter(Boolean) : list.querySelectorAll("li[data-step]");
    for (const li of rows) renderRow(li);
    for (const button of document.querySelectorAll("#gold button[data-gold]")) {
      const held = holder(Number(button.dataset.gold));
      setText(button.querySelector(".held"), held === null ? "" : `held by P${held}`);
      setData(button, "taken", held === null ? "no" : held === selected ? "mine" : "other");
    }
    setText(
      document.getElementById("buffer"),
      mode
        ? `P${selected} ${PROMPTS[mode]}${digits.length ? ` — typed ${digits.join(" ")}` : ""}`
        : buffer
          ? `gold step ${buffer}… (Enter to match)`
          : "",
    );
    setText(document.getElementById("done"), String(Object.keys(state.labels).length));
  }

  function select(step) {
    if (state.steps === 0) return;
    const left = selected;
    selected = Math.min(Math.max(step, 1), state.steps);
    row(selected)?.scrollIntoView({ block: "nearest" });
    render([left, selected]);
  }

  async function save(step, body) {
    const response = await fetch(state.post, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ item: state.item, step, ...body }),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      say(data.error ?? `not saved (HTTP ${response.status})`, true);
      return false;
    }
    state.labels = data.labels;
    render();
    return true;
  }

  async function decide(gold) {
    const step = selected;
    if (gold !== null && !state.gold.includes(gold)) return say(`There is no gold step ${gold}.`, true);
    const held = gold === null ? null : holder(gold);
    if (held !== null && held !== step)
      return say(
        `Refused: gold step ${gold} is already matched to predicted step ${held}. Unmatch P${held} first — a gold step is matched at most once per workflow.`,
        true,
      );
    if (await save(step, { gold, note: noteOf(step) })) {
      say(`Saved: P${step} ${gold === null ? "unmatched" : `→ G${gold}`}.`, false);
      if (step < state.steps) select(step + 1);
    }
  }

  async function score(step, scores, what) {
    if (await save(step, { scores })) say(`Saved: P${step} ${what}.`, false);
  }

  /** Why step `step` cannot take a score of `kind` now, or null. */
  function refusal(step, kind) {
    const label = state.labels[step];
    if (!label) return `Refused: decide P${step}'s match first, then score it.`;
    if (kind !== "fact" && label.gold === null)
      return `Refused: P${step} is unmatched — condition resolution and comprehensiveness score a matched pair.`;
    if (kind === "cr" && !state.conditional.includes(label.gold))
      return `Refused: G${label.gold} is not conditional — condition resolution scores conditional gold steps only.`;
    return null;
  }

  function typed(key) {
    const step = selected;
    if (mode === "cr") {
      const cr = { 1: 1, 5: 0.5, 0: 0 }[key];
      if (cr === undefined) return say(`Refused: condition resolution is 1, 5 (0.5) or 0, not ${key}.`, true);
      mode = null;
      return score(step, { cr }, `condition resolution ${cr}`);
    }
    if (mode === "fact") {
      if (key !== "1" && key !== "0")
        return say(`Refused: factuality is 1 (supported) or 0, not ${key}.`, true);
      mode = null;
      return score(step, { supported: Number(key) }, key === "1" ? "supported" : "not supported");
    }
    if (!/^[0-5]$/.test(key))
      return say(`Refused: a comprehensiveness dimension is 0–5 (fifths), not ${key}.`, true);
    digits.push(Number(key) / 5);
    if (digits.length < DIMENSIONS.length) return;
    const pc = Object.fromEntries(DIMENSIONS.map((d, i) => [d, digits[i]]));
    mode = null;
    digits = [];
    return score(step, { pc }, `comprehensiveness ${DIMENSIONS.map((d) => pc[d].toFixed(1)).join(" / ")}`);
  }

  async function clear() {
    const step = selected;
    if (await save(step, { clear: true })) say(`Cleared P${step}.`, false);
  }

  list.addEventListener("click", (event) => {
    const li = event.target.closest("li[data-step]");
    if (!li) return;
    const step = Number(li.dataset.step);
    const act = event.target.closest("button[data-act]")?.dataset.act;
    if (step !== selected) select(step);
    if (act === "none") decide(null);
    if (act === "clear") clear();
  });
  for (const button of document.querySelectorAll("#gold button[data-gold]"))
    button.addEventListener("click", () => decide(Number(button.dataset.gold)));
  for (const select of list.querySelectorAll("select[data-score]")) {
    select.addEventListener("change", () => {
      const step = Number(select.dataset.step);
      const name = select.dataset.score;
      const value = select.value === "" ? null : Number(select.value);
      if (name === "cr" || name === "supported")
        return score(step, { [name]: value }, `${name} ${value ?? "cleared"}`);
      const boxes = DIMENSIONS.map((d) => row(step).querySelector(`[data-score="${d}"]`).value);
      if (value === null) return score(step, { pc: null }, "comprehensiveness cleared");
      if (boxes.some((v) => v === ""))
        return say(`P${step}: choose all four comprehensiveness dimensions to save them.`, false);
      const pc = Object.fromEntries(DIMENSIONS.map((d, i) => [d, Number(boxes[i])]));
      return score(step, { pc }, "comprehensiveness");
    });
    select.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        list.focus({ preventScroll: true });
      }
    });
  }
  for (const input of list.querySelectorAll("input.note")) {
    input.addEventListener("change", () => {
      const step = Number(input.dataset.step);
      const label = state.labels[step];
      if (label)
        save(step, { gold: label.gold, note: input.value }).then(
          (ok) => ok && say(`Note on P${step} saved.`),
        );
      else say(`Note kept; it is saved with P${step}'s decision.`, false);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === "Escape") {
        event.preventDefault();
        input.blur();
        list.focus();
      }
    });
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    )
      return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    let handled = true;
    if (mode && key === "Escape") {
      mode = null;
      digits = [];
      say("Score cancelled.", false);
    } else if (mode && key.length === 1) typed(key);
    else if ((key === "c" || key === "p" || key === "f") && !buffer) {
      const kind = key === "c" ? "cr" : key === "p" ? "pc" : "fact";
      const why = refusal(selected, kind);
      if (why) say(why, true);
      else {
        mode = kind;
        digits = [];
        say(`P${selected}: ${PROMPTS[kind]}.`, false);
      }
    } else if (key === "ArrowDown" || key === "j") select(selected + 1);
    else if (key === "ArrowUp" || key === "k") select(selected - 1);
    else if (/^[0-9]$/.test(key)) buffer = (buffer + key).slice(0, 3);
    else if (key === "Enter" && buffer && target.tagName !== "BUTTON") {
      const gold = Number(buffer);
      buffer = "";
      decide(gold);
    } else if (key === "Escape") buffer = "";
    else if (key === "x") decide(null);
    else if (key === "Backspace" || key === "Delete") {
      if (buffer) buffer = buffer.slice(0, -1);
      else clear();
    } else if (key === "n") row(selected)?.querySelector("input.note")?.focus();
    else if (key === "]" && state.next) location.assign(state.next);
    else if (key === "[" && state.prev) location.assign(state.prev);
    else handled = false;
    if (handled) {
      event.preventDefault();
      render([selected]);
    }
  });

  list.focus({ preventScroll: true });
  render();
  document.body.dataset.ready = "yes";
})();
