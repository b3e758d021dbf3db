/** @module Prompts K.3 and K.4: company workflow insights (the generic workflow) and company distractor steps, verbatim from the paper. */
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import { prompt } from "./template.ts";

/** Figure K.3: company workflow insight generation. PDF line-wrap marks (",→") removed, the figure's line breaks restored (restoreLineBreaks); otherwise verbatim. */
export const COMPANY_INSIGHTS = prompt(
  "K.3",
  restoreLineBreaks(
    `You are an expert workflow process analyst. Your task is to analyze the generic context and documentation of a company and create a detailed list of to-do steps (insights) covering that context. Company Name: {company_name} Industry: {industry} Generic Context: {generic_context} Please create a list of actionable steps. For each step, provide: 1. An item index. 2. A concise title. 3. The specific task to be performed. 4. A detailed low-level description of how to perform the task (e.g., fill out name, address of form X, ignore section B, etc). Be concise and do not itemize the task description. 5. Any subtask descriptions or conditional branches (e.g., if P happens submit A, if Q happens go to B, etc). If there are no conditional branches, leave this field empty. 6. Which item is a prerequisite for this item. If none, keep empty. 7. A detailed low-level description of the prerequisite (e.g., user needs to collect the confirmation number from page X, user needs to submit form Y first before doing this item). If none, keep empty. 8. For determining the prerequisite, you may look for the clues like 'after that', 'then', etc. This implies that the previous item is a prerequisite for the current item. Remember, - The steps should be in the order of the generic context. - Number of steps should be equal to the number of steps in the generic context. - You do not need to create separate steps for the subtasks or conditional branches of the generic context. Return the output as a JSON object with a 'steps' key containing an array of items following the format specified.`,
  ),
);

/** Figure K.4: company distractor generation. PDF line-wrap marks (",→") removed, the figure's line breaks restored (restoreLineBreaks); otherwise verbatim. */
export const COMPANY_DISTRACTORS = prompt(
  "K.4",
  restoreLineBreaks(
    `You are an expert process analyst. Your task is to analyze the description of a company and its Deep Research (DR) Question, and create a list of distractors. These distractors should be plausible to-do steps that are NOT relevant to addressing the DR Question. Company Name: {company_name} Industry: {industry} Company Description: {description} DR Question: {dr_question} DISTRACTOR Requirements: - Generate {n_distractors} to-do steps that are plausible for this company and industry but DO NOT help address the DR Question. - The steps should be about the company's general operations, metrics, or business processes but tangential to the core focus of the DR Question. - Focus on business areas unrelated to the DR Question (e.g., if the DR Question is about finance, generate steps about HR, IT infrastructure, facility maintenance, or compliance training). - Each step should follow the order of business logic but remain irrelevant to the research goal. For each distractor step, provide: 1. An item index. 2. A concise title. 3. The specific task to be performed. 4. A detailed low-level description of the task. 5. Any subtask descriptions or conditional branches. If none, keep empty. Return the output as a JSON object with a 'steps' key containing an array of items following the format specified.`,
  ),
);
