/** @module Education workflow families: financial aid suspension appeals, transcript corrections, credit for prior learning. */
import type { FamilySpec } from "../family.ts";

export const finaidAppeal: FamilySpec = {
  id: "finaid-appeal",
  domain: "education",
  question: "What steps should I follow to appeal a financial aid suspension decision?",
  policy: "Satisfactory Academic Progress Appeals Procedure",
  adjacentQuestions: [
    "What steps should {subject} follow to appeal the financial aid suspension?",
    "What is the workflow to get {subject}'s aid back after the SAP suspension?",
  ],
  subjectKind: "student",
  caseId: "SAP-#####",
  user: {
    role: "Financial Aid Counselor",
    description: "Advises students on aid eligibility and prepares appeals for the appeals committee.",
  },
  persona: {
    role: "Director of Financial Aid",
    description: "Chairs the appeals committee and owns the satisfactory academic progress policy.",
  },
  channels: ["finaid-counselors", "appeals-committee"],
  vars: {
    gpa: ["1.74", "1.88", "1.62", "1.91"],
    completion: ["58 percent", "61 percent", "49 percent", "63 percent"],
    program: [
      "the nursing prerequisite track",
      "the business administration AA",
      "the welding technology certificate",
      "the computer science transfer program",
    ],
    term: ["spring", "fall", "summer"],
  },
  facts: [
    "{subject} is in {program} with a cumulative GPA of {gpa} and a completion rate of {completion}",
    "{subject} wants the appeal decided before the {term} payment deadline on {date}",
  ],
  steps: [
    {
      key: "notice",
      title: "Review the suspension notice",
      task: "Review the suspension notice and the progress measures that failed",
      description: "The notice lists GPA, completion rate and maximum timeframe results.",
      after: [],
      personal: "Review {subject}'s suspension notice: GPA {gpa} and completion rate {completion}",
    },
    {
      key: "eligible",
      title: "Confirm appeal eligibility",
      task: "Confirm the student may appeal this term",
      description: "Students may file one appeal per suspension period.",
    },
    {
      key: "circumstance",
      title: "Identify the mitigating circumstance",
      task: "Identify the circumstance behind the poor progress",
      description:
        "Accepted circumstances include illness, a death in the family and other events beyond the student's control.",
      condition: {
        id: "circumstance_type",
        question: "Was the circumstance a medical condition?",
        branches: [
          {
            id: "medical",
            when: "the circumstance was a medical condition of the student",
            action: "require a signed statement from the treating provider",
            evidence: [
              "{subject} told me they were hospitalized with pneumonia for most of last term",
              "{subject} had surgery mid-semester and missed five weeks of class",
            ],
            answer: "Collect a signed statement from {subject}'s treating provider",
          },
          {
            id: "non_medical",
            when: "the circumstance was not medical (family or personal)",
            action:
              "require third-party documentation such as a death certificate or a letter from a counselor or employer",
            evidence: [
              "{subject} lost a parent in October and was handling the family business",
              "{subject}'s family was evicted mid-term and they were working nights",
            ],
            answer:
              "Collect third-party documentation of {subject}'s family circumstance (for example a death certificate or a counselor's letter)",
          },
        ],
      },
    },
    {
      key: "statement",
      title: "Collect the student statement",
      task: "Have the student write a personal statement",
      description: "The statement explains what happened and what has changed so the student can succeed.",
    },
    {
      key: "docs",
      title: "Collect supporting documents",
      task: "Collect the supporting documentation",
      description: "Documents must be dated within the term in question.",
    },
    {
      key: "plan",
      title: "Build the academic plan",
      task: "Build an academic plan with the student's advisor",
      description: "The plan shows term-by-term courses that bring the student back to standing.",
      condition: {
        id: "plan_needed",
        question: "Can the student meet the standards within one term?",
        branches: [
          {
            id: "one_term",
            when: "the student can meet the standards after one term",
            action: "file the appeal for a one-term probation without an academic plan",
            evidence: [
              "Advising ran the numbers, {subject} gets back above 2.0 with one solid term",
              "{subject} only needs one good term to clear the completion rate",
            ],
            answer: "File {subject}'s appeal for one-term probation without an academic plan",
          },
          {
            id: "multi_term",
            when: "the student needs more than one term to meet the standards",
            action: "attach a multi-term academic plan signed by the advisor",
            evidence: [
              "{subject}'s advisor says it will take at least two terms to get back to standing",
              "Even with straight A's, {subject} needs two more terms to recover the completion rate",
            ],
            answer: "Attach a multi-term academic plan for {subject} signed by the advisor",
          },
        ],
      },
    },
    {
      key: "advisor",
      title: "Get the advisor's signature",
      task: "Get the academic advisor's signature on the appeal",
      description: "The advisor confirms the plan is realistic.",
      optional: true,
    },
    {
      key: "submit",
      title: "Submit the appeal",
      task: "Submit the appeal packet to the financial aid office",
      description: "Incomplete packets are returned, which delays the decision.",
      personal: "Submit {subject}'s complete appeal packet before the {term} payment deadline on {date}",
    },
    {
      key: "deadline",
      title: "Meet the appeal deadline",
      task: "Check the appeal against the term deadline",
      description: "Appeals are due ten business days before the term's payment deadline.",
      condition: {
        id: "timing",
        question: "Is the appeal submitted before the term deadline?",
        branches: [
          {
            id: "on_time",
            when: "the appeal is submitted before the deadline",
            action: "queue the appeal for the next committee meeting",
            evidence: [
              "{subject}'s packet is complete and it's still two weeks before the cutoff",
              "We're well ahead of the appeal deadline with {subject}",
            ],
            answer: "Queue {subject}'s appeal for the next committee meeting",
          },
          {
            id: "late",
            when: "the appeal is submitted after the deadline",
            action:
              "file the appeal for the following term and tell the student to arrange payment for this term",
            evidence: [
              "{subject} only got the documents together after the appeal cutoff passed",
              "The deadline passed yesterday and {subject} is still missing the letter",
            ],
            answer:
              "File {subject}'s appeal for the following term and tell them to arrange payment for this term",
          },
        ],
      },
    },
    {
      key: "review",
      title: "Committee review",
      task: "Present the appeal to the appeals committee",
      description: "The counselor summarizes the case; the committee votes.",
    },
    {
      key: "decision",
      title: "Record the decision",
      task: "Record the committee's decision in the student information system",
      description: "Decisions are approved, approved with plan, or denied.",
    },
    {
      key: "letter",
      title: "Send the decision letter",
      task: "Send the decision letter to the student",
      description: "The letter states the conditions of probation or the reason for denial.",
    },
    {
      key: "aid",
      title: "Reinstate aid",
      task: "Reinstate aid if the appeal is approved",
      description: "Aid is repackaged for the current term.",
      condition: {
        id: "enrollment",
        question: "Is the student enrolled at least half time?",
        branches: [
          {
            id: "half_time",
            when: "the student is enrolled at least half time",
            action: "repackage federal loans and grants for the term",
            evidence: [
              "{subject} is registered for 12 credits this term",
              "{subject} has a full-time schedule for the {term} term",
            ],
            answer: "Repackage {subject}'s federal loans and grants for the term",
          },
          {
            id: "less_than_half",
            when: "the student is enrolled less than half time",
            action: "repackage grants only and tell the student loans need half-time enrollment",
            evidence: [
              "{subject} is only registered for 4 credits so far",
              "{subject} dropped to a single class because of work",
            ],
            answer: "Repackage grants only for {subject} and explain that loans need half-time enrollment",
          },
        ],
      },
    },
    {
      key: "monitor",
      title: "Monitor probation",
      task: "Monitor the student's progress at the end of the probation term",
      description: "Students who miss the plan lose eligibility until they regain standing.",
      optional: true,
    },
    {
      key: "file",
      title: "File the appeal record",
      task: "Scan and file the appeal packet",
      description: "Appeal records are kept for three years after the award year.",
      optional: true,
    },
  ],
};

export const transcriptCorrection: FamilySpec = {
  id: "transcript-correction",
  domain: "education",
  question: "What exact steps should I take to request a transcript correction?",
  policy: "Academic Record Correction Procedure",
  adjacentQuestions: [
    "What steps should I take to correct the {course} grade on {subject}'s transcript?",
    "What is the workflow to fix the wrong entry on {subject}'s transcript?",
  ],
  subjectKind: "student",
  caseId: "REC-######",
  user: {
    role: "Academic Advisor",
    description: "Advises undergraduates and helps them resolve records and registration problems.",
  },
  persona: {
    role: "University Registrar",
    description: "Owns the academic record and the grade change policy.",
  },
  channels: ["advising-team", "registrar-help"],
  vars: {
    course: ["CHEM 210", "HIST 145", "MATH 221", "PSYC 310", "ECON 202"],
    wrong: ["an F", "a W", "an incomplete", "a C-"],
    right: ["a B+", "an A-", "a B", "a C+"],
    instructor: ["Professor Lindqvist", "Dr. Amadi", "Professor Carrow", "Dr. Santos"],
  },
  facts: [
    "{subject}'s transcript shows {wrong} in {course}, but {instructor}'s gradebook has {right}",
    "{subject} needs the corrected transcript for a scholarship application due {date}",
  ],
  steps: [
    {
      key: "identify",
      title: "Identify the error",
      task: "Identify the entry the student believes is wrong",
      description: "Pull the unofficial transcript and mark the course, term and entry in question.",
      after: [],
      personal: "Identify the {course} entry on {subject}'s transcript that shows {wrong}",
    },
    {
      key: "type",
      title: "Classify the error",
      task: "Classify the error as a grade, a credit, a course or a personal data error",
      description: "The type decides who must approve the correction.",
    },
    {
      key: "age",
      title: "Check the correction window",
      task: "Check whether the entry is inside the correction window",
      description: "Grade corrections are accepted for one calendar year after the end of term.",
      condition: {
        id: "window",
        question: "Is the term within the one-year correction window?",
        branches: [
          {
            id: "in_window",
            when: "the term ended less than a year ago",
            action: "proceed with a standard grade change request",
            evidence: [
              "{course} was last spring, so we're well inside the year",
              "{subject} took {course} two terms ago",
            ],
            answer: "Proceed with a standard grade change request for {subject}'s {course}",
          },
          {
            id: "out_of_window",
            when: "the term ended more than a year ago",
            action: "file a petition to the academic standards committee with the instructor's statement",
            evidence: [
              "{subject} took {course} almost three years ago, before the leave of absence",
              "{course} is from {subject}'s first year, well over a year back",
            ],
            answer:
              "File a petition to the academic standards committee for {subject}'s {course} with the instructor's statement",
          },
        ],
      },
    },
    {
      key: "instructor",
      title: "Contact the instructor",
      task: "Contact the instructor of record",
      description: "The instructor confirms whether a grading or recording error happened.",
    },
    {
      key: "availability",
      title: "Confirm who can sign",
      task: "Confirm who can sign the grade change",
      description: "The instructor of record signs unless unavailable.",
      condition: {
        id: "signer",
        question: "Is the instructor of record still employed by the university?",
        branches: [
          {
            id: "instructor_signs",
            when: "the instructor is still employed",
            action: "have the instructor sign the grade change form",
            evidence: [
              "{instructor} is still teaching here and replied the same day",
              "{instructor} is on the roster this term and can sign for {subject}",
            ],
            answer: "Have {instructor} sign the grade change form for {subject}",
          },
          {
            id: "chair_signs",
            when: "the instructor has left the university",
            action: "have the department chair sign using the instructor's gradebook",
            evidence: [
              "{instructor} retired last year, so the chair would need to sign for {subject}",
              "{instructor} left the university in the summer, HR confirmed",
            ],
            answer: "Have the department chair sign {subject}'s grade change using {instructor}'s gradebook",
          },
        ],
      },
    },
    {
      key: "form",
      title: "Complete the change form",
      task: "Complete the grade change form",
      description: "State the original grade, the corrected grade and the reason code.",
      personal: "Complete the grade change form for {subject}: {course} from {wrong} to {right}",
    },
    {
      key: "evidence",
      title: "Attach the evidence",
      task: "Attach the gradebook extract or other evidence",
      description: "A correction without evidence is returned to the requester.",
      optional: true,
    },
    {
      key: "dean",
      title: "Get the dean's approval",
      task: "Get the dean's approval when the change affects academic standing",
      description: "Standing changes include probation, dismissal and honors.",
    },
    {
      key: "submit",
      title: "Submit to the registrar",
      task: "Submit the approved form to the registrar",
      description: "Submissions go through the records request portal.",
    },
    {
      key: "update",
      title: "Update the record",
      task: "Registrar staff update the academic record",
      description: "The change posts with the date and the approver.",
    },
    {
      key: "gpa",
      title: "Recalculate standing",
      task: "Recalculate GPA and academic standing",
      description: "The system recalculates automatically; staff check the result.",
      condition: {
        id: "standing_change",
        question: "Does the correction change the student's academic standing?",
        branches: [
          {
            id: "standing_changes",
            when: "the correction changes academic standing",
            action: "notify the dean's office and financial aid of the new standing",
            evidence: [
              "With {right} instead of {wrong}, {subject} comes off academic probation",
              "That one grade is what put {subject} on probation last term",
            ],
            answer: "Notify the dean's office and financial aid of {subject}'s new standing",
          },
          {
            id: "no_change",
            when: "the correction does not change standing",
            action: "record that standing is unchanged",
            evidence: [
              "{subject} is in good standing either way, it only nudges the GPA",
              "The change doesn't affect {subject}'s standing, they were already above 3.0",
            ],
            answer: "Record that {subject}'s standing is unchanged",
          },
        ],
      },
    },
    {
      key: "official",
      title: "Send corrected transcripts",
      task: "Send corrected official transcripts where needed",
      description: "Transcripts already sent with the error can be resent free of charge.",
      condition: {
        id: "resend",
        question: "Were official transcripts sent with the error?",
        branches: [
          {
            id: "resend_free",
            when: "official transcripts were sent with the error",
            action: "resend corrected transcripts to the same recipients without a fee",
            evidence: [
              "{subject} already sent transcripts to two graduate programs last month",
              "{subject} ordered official copies for a scholarship committee in the fall",
            ],
            answer: "Resend corrected transcripts to {subject}'s earlier recipients without a fee",
          },
          {
            id: "none_sent",
            when: "no official transcripts were sent with the error",
            action: "tell the student the corrected record is available for future orders",
            evidence: [
              "{subject} hasn't ordered any official transcripts yet",
              "No transcript orders on {subject}'s account",
            ],
            answer: "Tell {subject} the corrected record is ready for future transcript orders",
          },
        ],
      },
    },
    {
      key: "notify",
      title: "Notify the student",
      task: "Notify the student that the correction is complete",
      description: "Use the student's institutional email.",
    },
    {
      key: "close",
      title: "Close the request",
      task: "Close the records request",
      description: "Closed requests are kept with the student's permanent record.",
      optional: true,
    },
    {
      key: "audit",
      title: "Include in the audit",
      task: "Include the change in the semester grade change audit",
      description: "The audit checks signatures and reasons.",
      optional: true,
    },
  ],
};

export const priorLearning: FamilySpec = {
  id: "prior-learning",
  domain: "education",
  question: "What steps do I take to get course credit for prior work experience?",
  policy: "Credit for Prior Learning Policy",
  adjacentQuestions: [
    "What steps does {subject} take to earn credit for {course} from work experience?",
    "What is the workflow for {subject} to get prior learning credit?",
  ],
  subjectKind: "student",
  caseId: "CPL-#####",
  user: {
    role: "Prior Learning Assessment Coordinator",
    description: "Guides adult learners through portfolio and exam options for credit.",
  },
  persona: {
    role: "Associate Provost for Academic Programs",
    description: "Owns the credit for prior learning policy and its fee schedule.",
  },
  channels: ["adult-learners", "cpl-reviewers"],
  vars: {
    course: [
      "BUS 110 Principles of Management",
      "ITS 150 Networking Fundamentals",
      "ACC 101 Financial Accounting",
      "HLT 120 Medical Terminology",
    ],
    years: ["six years", "nine years", "four years", "twelve years"],
    employer: ["a regional bank", "a hospital system", "a logistics company", "a municipal IT department"],
  },
  facts: [
    "{subject} has {years} of experience at {employer} and wants credit for {course}",
    "{subject} hopes to have the credit posted before registration opens on {date}",
  ],
  steps: [
    {
      key: "inquiry",
      title: "Hold the intake conversation",
      task: "Hold an intake conversation about the student's experience and goals",
      description: "Explain the options: exams, industry credentials and portfolio assessment.",
      after: [],
      personal:
        "Hold the intake conversation with {subject} about {years} at {employer} and credit for {course}",
    },
    {
      key: "admit",
      title: "Confirm admission",
      task: "Confirm the student is admitted to a degree program",
      description: "Credit is awarded only to admitted degree-seeking students.",
    },
    {
      key: "map",
      title: "Map experience to courses",
      task: "Map the experience to specific course outcomes",
      description: "Use the course outlines to identify matching learning outcomes.",
    },
    {
      key: "method",
      title: "Choose the assessment method",
      task: "Choose the assessment method",
      description: "The method depends on whether an external credential already covers the course.",
      condition: {
        id: "assessment_method",
        question: "Does the student hold an industry credential on the crosswalk for this course?",
        branches: [
          {
            id: "credential",
            when: "the student holds a credential on the crosswalk",
            action: "award credit from the credential crosswalk after verifying the certificate",
            evidence: [
              "{subject} holds a current CompTIA certification, it's on our crosswalk for {course}",
              "{subject} sent a copy of a credential that maps straight to {course}",
            ],
            answer:
              "Award {subject} credit for {course} from the credential crosswalk after verifying the certificate",
          },
          {
            id: "portfolio",
            when: "no crosswalk credential applies",
            action: "have the student prepare a learning portfolio for faculty assessment",
            evidence: [
              "{subject} has no formal certifications, all of it is on-the-job experience",
              "Nothing on the crosswalk applies to {subject}, so it has to be a portfolio",
            ],
            answer: "Have {subject} prepare a learning portfolio for faculty assessment of {course}",
          },
        ],
      },
    },
    {
      key: "workshop",
      title: "Attend the portfolio workshop",
      task: "Enroll the student in the portfolio development workshop",
      description: "The workshop covers writing learning narratives and collecting evidence.",
      optional: true,
    },
    {
      key: "evidence",
      title: "Gather evidence",
      task: "Gather evidence of learning",
      description: "Evidence includes work samples, job descriptions and supervisor letters.",
    },
    {
      key: "verify",
      title: "Verify employment",
      task: "Verify the employment claims",
      description: "Employment is verified by letter or by a call to the employer's HR department.",
      condition: {
        id: "employer_verification",
        question: "Is the former employer still operating?",
        branches: [
          {
            id: "employer_letter",
            when: "the employer is still operating",
            action: "obtain a verification letter on the employer's letterhead",
            evidence: [
              "{subject}'s old supervisor at {employer} is happy to write a letter",
              "{employer} HR confirmed they can send an employment letter for {subject}",
            ],
            answer: "Obtain a verification letter for {subject} on {employer}'s letterhead",
          },
          {
            id: "alternate",
            when: "the employer has closed",
            action: "accept tax records and a sworn statement as alternate verification",
            evidence: [
              "The company {subject} worked for went out of business two years ago",
              "{subject}'s former employer closed, there's no HR to call",
            ],
            answer: "Accept {subject}'s tax records and a sworn statement as alternate verification",
          },
        ],
      },
    },
    {
      key: "fee",
      title: "Pay the assessment fee",
      task: "Collect the assessment fee",
      description: "The fee is per course assessed, not per credit awarded.",
      condition: {
        id: "fee_waiver",
        question: "Is the student a veteran or active-duty service member?",
        branches: [
          {
            id: "waived",
            when: "the student is a veteran or active-duty service member",
            action: "waive the assessment fee under the military learner policy",
            evidence: [
              "{subject} served eight years in the Army, they mentioned it at intake",
              "{subject} is still in the reserves, the veterans office confirmed",
            ],
            answer: "Waive {subject}'s assessment fee under the military learner policy",
          },
          {
            id: "paid",
            when: "the student is not a military learner",
            action: "collect the standard assessment fee before review",
            evidence: [
              "{subject} has no military service, standard fee applies",
              "{subject} said they'll pay the assessment fee online this week",
            ],
            answer: "Collect the standard assessment fee from {subject} before review",
          },
        ],
      },
    },
    {
      key: "submit",
      title: "Submit for assessment",
      task: "Submit the portfolio or credential for assessment",
      description: "Submissions go to the department through the prior learning portal.",
    },
    {
      key: "assessor",
      title: "Assign the faculty assessor",
      task: "Assign a qualified faculty assessor",
      description: "The assessor must teach the course or hold expertise in the subject.",
      condition: {
        id: "assessor_conflict",
        question: "Does the default assessor have a conflict of interest?",
        branches: [
          {
            id: "conflict",
            when: "the default assessor knows or worked with the student",
            action: "assign an alternate assessor from another campus",
            evidence: [
              "The usual {course} assessor used to work with {subject} at {employer}",
              "{subject}'s former manager now teaches {course} part-time here",
            ],
            answer: "Assign an alternate assessor from another campus for {subject}'s {course}",
          },
          {
            id: "no_conflict",
            when: "there is no conflict of interest",
            action: "assign the default assessor for the course",
            evidence: [
              "No conflict for {subject}, the {course} assessor has never met them",
              "The department checked, nobody reviewing {course} knows {subject}",
            ],
            answer: "Assign the default assessor for {subject}'s {course}",
          },
        ],
      },
    },
    {
      key: "assess",
      title: "Assess the submission",
      task: "Assess the submission against the course outcomes",
      description: "The assessor recommends full credit, partial credit or no credit.",
    },
    {
      key: "approve",
      title: "Approve the award",
      task: "Approve the credit award",
      description: "The department chair approves the assessor's recommendation.",
    },
    {
      key: "post",
      title: "Post the credit",
      task: "Post the credit to the transcript",
      description: "Prior learning credit posts with a CR grade and does not count in the GPA.",
      personal: "Post the {course} credit to {subject}'s transcript before registration on {date}",
    },
    {
      key: "notify",
      title: "Notify the student",
      task: "Notify the student of the outcome",
      description: "Explain how the credit applies to the degree audit.",
      optional: true,
    },
    {
      key: "degree",
      title: "Update the degree plan",
      task: "Update the degree plan with the advisor",
      description: "Remove the awarded course from the remaining requirements.",
      optional: true,
    },
  ],
};
