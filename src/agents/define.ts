/**
 * @module An agent declares itself once: its name, a one-line summary, its options schema (defaults included), the task
 * kinds it serves, whether it needs a model, and preset aliases. The registry, `drflow run --help`, the API's enums and
 * OpenAPI document, and the studio all derive their lists from these declarations.
 */
import type { z } from "zod";
import type { TaskKind } from "../core/index.ts";
import type { Agent, AgentContext, AgentOutput } from "./types.ts";

type Options = Record<string, unknown>;

/** What an agent declares; `create` builds it from raw options (validated by `options`). */
export type AgentDefinition = {
  readonly name: string;
  /** One line for help texts and menus: what the agent does, offline or with a model. */
  readonly summary: string;
  readonly options: z.ZodType<Options>;
  readonly serves: readonly TaskKind[];
  readonly needsModel: boolean;
  /** Other names for preset options, e.g. `drfa-wo-gf` → `{ gf: false }`. */
  readonly aliases: Readonly<Record<string, Readonly<Options>>>;
  create(options?: Options): Agent;
};

export type AgentSpec<S extends z.ZodType<Options>, X> = {
  name: string;
  summary: string;
  options: S;
  serves: readonly TaskKind[];
  needsModel: boolean;
  aliases?: Readonly<Record<string, Readonly<z.input<S>>>>;
  run(context: AgentContext, options: z.output<S>, extra: X): Promise<AgentOutput>;
};

/** The option names a schema declares (for error messages), when it is an object schema. */
function optionNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * Declare an agent. `create(options, extra)` validates the options (an error names the agent, each bad option and the
 * known ones) and returns the `Agent`; `extra` carries run-time collaborators that are not options (a web search).
 */
export function defineAgent<S extends z.ZodType<Options>, X = Record<string, never>>(
  spec: AgentSpec<S, X>,
): AgentDefinition & { create(options?: Options, extra?: X): Agent } {
  return {
    name: spec.name,
    summary: spec.summary,
    options: spec.options,
    serves: spec.serves,
    needsModel: spec.needsModel,
    aliases: spec.aliases ?? {},
    create(options: Options = {}, extra: X = {} as X): Agent {
      const parsed = spec.options.safeParse(options);
      if (!parsed.success) {
        const problems = parsed.error.issues
          .map((i) => `${i.path.join(".") || "options"}: ${i.message}`)
          .join("; ");
        const known = optionNames(spec.options);
        throw new Error(
          `${spec.name} options: ${problems}${known.length ? ` (known options: ${known.join(", ")})` : ""}`,
        );
      }
      const opts = parsed.data;
      return {
        name: spec.name,
        options: opts,
        needsModel: spec.needsModel,
        serves: spec.serves,
        run: (context) => spec.run(context, opts, extra),
      };
    },
  };
}
