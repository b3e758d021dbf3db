import { describe, expect, test } from "bun:test";
import { type JobEvent, JobRegistry } from "./jobs.ts";

const summary = (id: string) => ({
  id,
  task: "demo/x_01",
  split: "original" as const,
  agent: "extractive",
  model: "",
  started_at: `2026-01-01T00:00:0${id}Z`,
});

describe("JobRegistry", () => {
  test("followers get the past events replayed, then new ones", () => {
    const jobs = new JobRegistry();
    const job = jobs.create(summary("1"));
    jobs.emit(job, { type: "trace", event: { type: "note", at: 1, message: "hello" } });
    const seen: JobEvent["type"][] = [];
    const stop = jobs.follow(job, (e) => seen.push(e.type));
    jobs.emit(job, { type: "status", status: "done" });
    stop();
    jobs.emit(job, { type: "trace", event: { type: "note", at: 2, message: "after" } });
    expect(seen).toEqual(["status", "trace", "status"]);
    expect(job.trace.length).toBe(2);
  });

  test("only finished jobs beyond the limit are evicted, oldest first", () => {
    const jobs = new JobRegistry(2);
    const a = jobs.create(summary("1"));
    const b = jobs.create(summary("2"));
    a.status = "done";
    b.status = "done";
    const c = jobs.create(summary("3"));
    const d = jobs.create(summary("4"));
    c.status = "failed";
    jobs.create(summary("5"));
    expect(jobs.get("1")).toBeUndefined();
    expect(jobs.list().map((j) => j.id)).toEqual(["5", "4", "3", "2"]);
    expect(d.status).toBe("running");
  });
});
