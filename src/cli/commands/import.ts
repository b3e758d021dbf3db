/** @module `drflow import drbench <dir>`: convert DRBench task folders into drflow tasks (kind "drbench"). */
import { importDrbench } from "../../generate/import/drbench.ts";
import { DEFAULT_TASK_ROOT } from "../../store/task-store.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = { strings: ["suite", "root"] } satisfies FlagSpec;

const USAGE = `drflow import drbench <dir> [--suite drbench] [--root tasks]

  <dir> is one DRBench task folder (holding config/task.json), a folder of them, or the folder above that, e.g.
  test/fixtures/drbench-sample (holding tasks/DR0002/config/task.json, …). Each task becomes <root>/<suite>/<task id>/ with every env.json file in its app
  (nextcloud → drive, file_system → files, mattermost → chat, email → email) under opaque handles (roles in the manifest only),
  and eval.json's insights and distractors as evidence units. Known data quirks are reported as warnings.`;

export const importCommand: Command = {
  name: "import",
  summary: "Import benchmark tasks from other formats (DRBench)",
  flags: FLAGS,
  usage: USAGE,
  async run(args) {
    const [format, ...rest] = args;
    if (format !== "drbench")
      throw new UsageError(`expected a source format (drbench), got "${format ?? ""}"\nusage: ${USAGE}`);
    const { flags, positionals } = parseFlags(rest, FLAGS, USAGE);
    const [dir] = positionals;
    if (!dir || positionals.length > 1) throw new UsageError(`expected exactly one <dir>\nusage: ${USAGE}`);
    const suite = String(flags.suite ?? "drbench");
    const results = await importDrbench(dir, { root: String(flags.root ?? DEFAULT_TASK_ROOT), suite });
    for (const r of results) {
      console.log(
        `${suite}/${r.task.id}: ${r.artifacts} artifacts, ${r.task.evidence.length} evidence units → ${r.dir}`,
      );
      for (const w of r.warnings) console.warn(`  warning: ${w}`);
    }
    return 0;
  },
};
