/** @module Prompts K.5 and K.6: user support evidence (question–answer–justification tuples) and user distractor events, verbatim from the paper. */
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import { prompt } from "./template.ts";

/** Figure K.5: user support-evidence generation. PDF line-wrap marks (",→") removed, the figure's line breaks restored (restoreLineBreaks); otherwise verbatim. */
export const USER_INSIGHTS = prompt(
  "K.5",
  restoreLineBreaks(
    `You are an expert QA analyst. Your task is to analyze the user's personal context and their Deep Research (DR) Question, and create a list of {n_supports} question-answering-justification pairs. Each pair must follow a question-answer-justification format. DR Question: {dr_question} User Context: {context} Number of Question-Answering Pairs: {n_supports} Requirements: 1. The 'answer' for each pair MUST be extracted from the context and must be an exact statement or event directly present in the given User Context. Do not summarize or rephrase the answer; it must be a verbatim extraction. 2. The 'question' should be formulated such that the extracted ' answer' provides a direct response to it. 3. The 'justification' should explain why this event is relevant to the user's situation or the DR question. You may synthesize this justification, but keep it realistic and professional. 4. You must cover the entire context within the {n_supports} question-answering-justification pairs. Do not miss any single sentence from the context. 5. You must generate exactly {n_supports} question-answeringjustification pairs. 6. If necessary, you can merge multiple questions to cover the entire context within the {n_supports} question-answeringjustification pairs. 7. Remember, You MUST COVER every points/information of the context within the {n_supports} question-answering-justification pairs . Do not miss any single point/information from the context. Return the output as a JSON object with an 'items' key containing an array of events following the format specified.`,
  ),
);

/** Figure K.6: user distractor-event generation. PDF line-wrap marks (",→") removed, the figure's line breaks restored (restoreLineBreaks); otherwise verbatim. */
export const USER_DISTRACTORS = prompt(
  "K.6",
  restoreLineBreaks(
    `You are an expert QA analyst. Your task is to analyze the user's personal context and their Deep Research (DR) Question, and create {n_distractors} distractor events that are NOT relevant to answering the DR Question or the user's personal context. DR Question: {dr_question} User Context: {context} Requirements: - These events should be plausible but MUST NOT be relevant to the DR Question or the user's personal context. - The events should be about the user's workplace general operations, metrics, business processes but irrelevant to the DR Question or the user's personal context. - Focus on the areas unrelated to the DR Question (e.g., if the DR Question is about finance, generate steps about other things such as user's personal business, HR, IT infrastructure, facility maintenance, or compliance training). Return the output as a JSON object with an 'items' key containing an array of events following the format specified.`,
  ),
);
