/** @module Who runs a run: `<host>:<pid>` of this process, and whether a recorded owner is gone (dead pid here, or a stale heartbeat). */
import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";

/** This process, as recorded on the runs it starts. */
export const OWNER = `${hostname()}:${process.pid}`;

/** A heartbeat older than this means the owner is gone even if its pid is alive (pid reuse) or on another host. */
export const STALE_AFTER_MS = 10 * 60_000;

/**
 * Whether a process of this host is alive (`kill(pid, 0)`: EPERM means alive but not ours). A process killed but not
 * yet reaped by its parent (a zombie, state `Z` in /proc) still answers `kill(pid, 0)`; it is dead all the same (a
 * server restarted right after a kill -9 showed the dead server's run as running).
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !zombie(pid);
}

/**
 * Whether /proc says the process has exited: it waits to be reaped (`Z`, or `X` while it goes), or it went between the
 * two looks. False where there is no /proc.
 */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // `pid (comm) state …`: comm may hold spaces and parentheses, so the state follows the last ")".
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch {
    return existsSync("/proc/self/stat");
  }
}

/** Whether a `running` run's owner is gone: a dead pid on this host, or no heartbeat for `STALE_AFTER_MS`. */
export function deadOwner(
  run: { owner: string | null; heartbeat_at: string | null; started_at: string },
  now: Date,
): boolean {
  if (run.owner === OWNER) return false;
  const at = Date.parse(run.heartbeat_at ?? run.started_at);
  if (!Number.isFinite(at) || now.getTime() - at > STALE_AFTER_MS) return true;
  const colon = run.owner?.lastIndexOf(":") ?? -1;
  if (run.owner === null || colon < 0) return false;
  const host = run.owner.slice(0, colon);
  const pid = Number(run.owner.slice(colon + 1));
  return host === hostname() && Number.isInteger(pid) && !pidAlive(pid);
}
