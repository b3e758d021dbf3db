/** @module drflow's repair turn for an unreadable J.9 report (not in the paper): the problem, and what to send back. */

export const REPORT_REPAIR = [
  "Your report could not be read: {problem}",
  "Return the complete report again in the required Markdown format: the Generic Workflow and Personalized Workflow",
  "sections with numbered steps, each with its title, task, description, conditions and citations.",
].join("\n");
