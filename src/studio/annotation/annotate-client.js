// The annotator page's behaviour (inlined by annotator-page.ts): match predicted steps to gold steps by click or by
// keyboard alone, refuse a gold step another step holds (the server refuses it too), save every decision at once.
(() => {
  const state = JSON.parse(document.getElementById("annotation-state").textContent);
  const status = document.getElementById("status");
  const list = document.getElementById("pred");
  let selected = 1;
  let buffer = "";

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

  function render() {
    for (const li of list.querySelectorAll("li[data-step]")) {
      const step = Number(li.dataset.step);
      const label = state.labels[step];
      li.setAttribute("aria-current", String(step === selected));
      li.dataset.state = label ? (label.gold === null ? "none" : "match") : "open";
      li.querySelector(".dec").textContent = label
        ? label.gold === null
          ? "unmatched"
          : `→ G${label.gold}`
        : "undecided";
    }
    for (const button of document.querySelectorAll("#gold button[data-gold]")) {
      const held = holder(Number(button.dataset.gold));
      button.querySelector(".held").textContent = held === null ? "" : `held by P${held}`;
      button.dataset.taken = held === null ? "no" : held === selected ? "mine" : "other";
    }
    document.getElementById("buffer").textContent = buffer ? `gold step ${buffer}… (Enter to match)` : "";
    document.getElementById("done").textContent = String(Object.keys(state.labels).length);
  }

  function select(step) {
    if (state.steps === 0) return;
    selected = Math.min(Math.max(step, 1), state.steps);
    row(selected)?.scrollIntoView({ block: "nearest" });
    render();
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
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    let handled = true;
    if (key === "ArrowDown" || key === "j") select(selected + 1);
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
      render();
    }
  });

  list.focus();
  render();
  document.body.dataset.ready = "yes";
})();
