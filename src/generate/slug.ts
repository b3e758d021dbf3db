/** @module File-name slugs for generated artifacts, shared by the procedural and LLM generators. */

/** A file-name slug: lower case, dashes, at most 60 characters; "file" when nothing is left. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "file"
  );
}
