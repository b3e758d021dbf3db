/** @module Tests that set process environment variables: clear the named ones, set some, and put everything back. */

/**
 * Clear `names` from `process.env`, then set `values`; returns what restores every name (and every key of `values`)
 * to what it was before.
 */
export function replaceEnv(names: readonly string[], values: Record<string, string> = {}): () => void {
  const touched = [...new Set([...names, ...Object.keys(values)])];
  const saved = Object.fromEntries(touched.map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  Object.assign(process.env, values);
  return () => {
    for (const name of touched) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  };
}
