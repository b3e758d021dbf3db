import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const REPO = join(import.meta.dir, "../..");
type Service = { image: string; healthcheck?: { test: string[] }; ports?: string[]; volumes?: string[] };
const compose = Bun.YAML.parse(readFileSync(join(REPO, "compose.yaml"), "utf8")) as {
  services: Record<string, Service>;
};

test("compose.yaml defines the paper's services, each with a health check", () => {
  for (const name of ["nextcloud", "mattermost", "dovecot", "roundcube", "filebrowser", "chroma"]) {
    const service = compose.services[name];
    expect(service, name).toBeDefined();
    expect(service!.image.length).toBeGreaterThan(0);
    expect(service!.healthcheck?.test.length, `${name} health check`).toBeGreaterThan(0);
  }
  for (const [name, service] of Object.entries(compose.services))
    expect(service.healthcheck, name).toBeDefined();
});

test("ports match the URLs documented for drflow env up --services, and mounted files exist", () => {
  expect(compose.services.nextcloud!.ports).toContain("8080:80");
  expect(compose.services.mattermost!.ports).toContain("8065:8065");
  expect(compose.services.dovecot!.ports).toContain("1143:143");
  expect(compose.services.chroma!.ports).toContain("8001:8000");
  for (const v of compose.services.dovecot!.volumes ?? []) {
    const host = v.split(":")[0]!;
    if (host.startsWith("./")) expect(existsSync(join(REPO, host)), host).toBe(true);
  }
});
