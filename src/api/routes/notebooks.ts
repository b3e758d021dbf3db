/** @module GET /notebooks lists them; POST /notebooks/:name/run re-runs one; GET /notebooks/:name serves its page. */
import { Hono } from "hono";
import { listNotebooks, notebookOutput } from "../../notebook/registry.ts";
import { requireAllowedModel } from "../allowed-models.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, jsonBody, parseOr400 } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { NameParam, NotebookList, NotebookRunRequest, NotebookRunResponse } from "../schemas.ts";

export const notebooksSpec: RouteSpec[] = [
  {
    method: "get",
    path: "/notebooks",
    tag: "notebooks",
    summary: "Notebooks and whether each has a rendered page",
    response: NotebookList,
  },
  {
    method: "post",
    path: "/notebooks/:name/run",
    tag: "notebooks",
    summary: "Re-run a notebook (in a child process) and write its page",
    params: NameParam,
    body: NotebookRunRequest,
    response: NotebookRunResponse,
  },
  {
    method: "get",
    path: "/notebooks/:name",
    tag: "notebooks",
    summary: "The notebook's self-contained HTML page",
    params: NameParam,
    produces: "text/html",
  },
];

export function notebooksRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const known = async (raw: Record<string, string>) => {
    const { name } = parseOr400(NameParam, raw, "path");
    const list = await listNotebooks(deps.notebooksDir, deps.notebooksOut);
    const nb = list.find((n) => n.name === name);
    if (!nb)
      throw new ApiError(
        404,
        `notebook ${name}: not found (known: ${list.map((n) => n.name).join(", ") || "none"})`,
      );
    return nb;
  };

  app.get("/", async (c) => {
    const list = await listNotebooks(deps.notebooksDir, deps.notebooksOut);
    return c.json({
      notebooks: list.map((n) => ({
        name: n.name,
        rendered: n.rendered,
        renderedAt: n.renderedAt,
        url: `/notebooks/${n.name}`,
      })),
    });
  });

  app.post("/:name/run", async (c) => {
    const nb = await known(c.req.param());
    const { params } = await jsonBody(c, NotebookRunRequest);
    // `model=<handle>` makes the notebook's LLM agents and judges call that endpoint: only the server's handles.
    if (params.model !== undefined) requireAllowedModel(deps.models, params.model, "params.model");
    const output = await deps.runNotebook(nb.name, params);
    return c.json({ name: nb.name, url: `/notebooks/${nb.name}`, output });
  });

  app.get("/:name", async (c) => {
    const nb = await known(c.req.param());
    const file = Bun.file(notebookOutput(deps.notebooksDir, nb.name, deps.notebooksOut));
    if (!(await file.exists()))
      throw new ApiError(404, `notebook ${nb.name}: not rendered yet (POST /notebooks/${nb.name}/run)`);
    // Same origin as the API: sandboxed (an opaque origin, scripts allowed for mermaid) so nothing on the page can
    // call the API with this origin's rights, whatever text a parameter or the run store put into it.
    return c.html(await file.text(), 200, {
      "content-security-policy": "sandbox allow-scripts",
      "x-content-type-options": "nosniff",
    });
  });
  return app;
}
