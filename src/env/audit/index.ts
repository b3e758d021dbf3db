/** @module `auditTasks`: the leak audit over loaded tasks of a suite and split (see audit.ts for the tests). */
import type { Split } from "../../core/index.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import { type AuditRow, auditObserved } from "./audit.ts";
import { handleRecovery } from "./handles.ts";
import { type Observed, observeTask } from "./observe.ts";

export { ALPHA, type AuditRow, auditObserved, MIN_EXPLOIT, MIN_TAU, MIN_U, renderAudit } from "./audit.ts";
export { type Exploit, metadataExploit } from "./exploit.ts";
export { describe as formFeatures } from "./features.ts";
export { type Observed, observeTask } from "./observe.ts";

export async function auditTasks(tasks: readonly LoadedTask[], split: Split): Promise<AuditRow[]> {
  const docs: Observed[] = [];
  for (const t of tasks) docs.push(...(await observeTask(t, split)));
  return auditObserved(docs, await handleRecovery(tasks));
}
