/** @module Prompt K.16 (email users, verbatim) and the email thread prompt (written from the appendix description). */

import { restoreLineBreaks } from "../../llm/paper-template.ts";
import { EXAMPLE_EMAIL } from "./examples.ts";
import { prompt } from "./template.ts";

/** Figure K.16: user-side email users. The PDF places the specific question and requirements after the output format; the text is kept in the PDF's order. PDF line-wrap marks (",→") removed, the figure's line breaks restored (restoreLineBreaks); otherwise verbatim. */
export const EMAIL_USERS = prompt(
  "K.16",
  restoreLineBreaks(
    `You are an expert in enterprise communication systems and organizational structures. Your task is to generate a realistic setup of users for an email system based on the given insights and company context. Company Context: - Company Name: {company_name} - Description: {company_description} - Industry: {industry} - Size: {company_size} ({employee_count} employees) - Annual Revenue: {annual_revenue} Persona Context: {persona_context} Return ONLY a JSON array of users with this exact structure: [ {{ "type": "user", "username": "alice.smith", "first_name": "Alice", "last_name": "Smith", "email": "${EXAMPLE_EMAIL.emailUser}", "password": "my_drbench_pwd" }} ] IMPORTANT: - Do NOT include any preamble, explanation, or extra text—return only the Python dictionary - Ensure the structure is realistic for the company size and industry - Make sure the persona is included as a user **Specific Question** {specific_question} **Answer to Specific Question** {answer} Requirements: - Generate users that would realistically discuss these insights - Generate a minimal but sufficient setup to support {num_messages} emails discussing the insights - To make it realistic, generate at least 3 users - Use realistic names for people/teams/channels based on the company context`,
  ),
);
/**
 * The email thread prompt. The paper shows only the user set-up prompt (K.16) and says the same stage writes the
 * threads; this template is written by drflow from Appendix K.5's description. The target goes in the last email
 * so the realized `.eml` (the last message, earlier ones quoted) holds it unquoted.
 */
export const EMAIL_THREAD = prompt(
  "drflow.email_thread",
  `You are an expert in enterprise communication writing a realistic internal email thread. Company Context: - Company Name: {company_name} - Description: {company_description} - Industry: {industry} Persona Context: {persona_context} Participants (use exactly these email addresses): {participants} Date of the first email: {date} Target content to convey: **Specific Question** {specific_question} **Answer to Specific Question** {answer} Requirements: - Write a thread of exactly {num_messages} emails (the first one starts the thread, the others are replies) between the participants; the persona must send or receive every email. - Exactly one email, the LAST one, must state the target content with every name, number and date it contains; the earlier ones are realistic surrounding correspondence that leads up to it without adding new facts about the target content. - Professional but natural tone, with greetings and sign-offs. Return ONLY a valid JSON object with this exact structure: {{"subject": "Thread subject", "messages": [{{"from": "sender email", "to": ["recipient email"], "body": "email body", "carries_target": false}}]}} with 'carries_target' true on the last email only.`,
);
