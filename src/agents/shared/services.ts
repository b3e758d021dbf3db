/**
 * @module The enterprise services an action may name in "service" (EnterpriseAPITool, the paper's names): one list
 * that the prompts' text, the action schemas' enum and the tool's routing all read.
 */
import type { SERVICE_APPS } from "../../env/tools.ts";

/** The services the prompts offer, each a service the environment routes (`SERVICE_APPS`); "auto" searches them all. */
export const OFFERED_SERVICES = [
  "nextcloud",
  "mattermost",
  "email",
  "filebrowser",
] as const satisfies readonly (keyof typeof SERVICE_APPS)[];

/** `nextcloud, mattermost, email, filebrowser`, as the prompts list them. */
export const SERVICES_TEXT = OFFERED_SERVICES.join(", ");
