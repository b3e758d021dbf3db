/** @module Prompt K.2: dual-context construction (generic company context and personal user context), verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./contexts.txt", import.meta.url));

/** Figure K.2: the generic company context and the personal user context. Verbatim, the figure's line breaks restored. */
export const DUAL_CONTEXT = PROMPTS("K.2");

/**
 * The figure fills `{COMPANY_INFO_GENERIC_CONTEXT}` / `{USER_INFO_GENERIC_CONTEXT}` with an example whose text the paper
 * does not print. drflow writes its own short legal example here (following the figure's GateBridge set-up), as a
 * JSON string so the example output stays valid JSON.
 */
export const EXAMPLE_GENERIC_CONTEXT = JSON.stringify(
  [
    "1. Every former employee who asks about a termination first completes the Intake Questionnaire (Form IQ-1) on the client portal.",
    "2. Then the intake coordinator checks the termination date. If the termination happened less than 180 days ago, mark the file as 'Timely' and go to step 3; else mark it 'Late Review' and send it to the Senior Partner queue before step 3.",
    "3. After that, the client uploads the termination letter and the last two performance reviews.",
    "4. Then check whether the client signed a separation agreement. If yes, attach it to Form SA-2 and route the file to rule 4.1 (release review); else continue with step 5.",
    "5. Then schedule a 30-minute screening call within 5 business days.",
    "6. If the client reported the issue to HR before the termination, request the HR complaint email (Evidence Item E-3); else record 'No prior complaint' on Form IQ-1.",
    "7. After that, run the conflict check in the case system and wait for the 'Cleared' status.",
    "8. Then, if the file is under rule 4.1, a release-review attorney must sign off before the engagement letter is sent; otherwise the intake attorney signs the engagement letter.",
    "9. Then send the engagement letter and the fee schedule through the portal.",
    "10. After the client signs, open the matter number and assign the litigation team.",
    "11. Then prepare the agency charge checklist. If the client works in a state with its own fair-employment agency, use checklist CH-State; else use CH-Federal.",
    "12. Finally, book the strategy meeting and send the client the document list for the meeting.",
  ].join("\n"),
);

export const EXAMPLE_PERSONAL_CONTEXT = JSON.stringify(
  [
    "- Terminated 64 days ago after a restructuring notice.",
    "- Has the termination letter and the 2023 and 2024 performance reviews.",
    "- Did not sign the separation agreement that was offered.",
    "- Emailed HR about unequal overtime assignments three weeks before the termination.",
    "- Works in California, which has its own fair-employment agency.",
  ].join("\n"),
);
