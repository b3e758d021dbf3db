/** @module Education domain: colleges and school districts, their handbooks, filler sections and distractors. */
import type { DomainSpec } from "../family.ts";

export const education: DomainSpec = {
  domain: "education",
  industry: "Education",
  companies: [
    {
      name: "Eastlake Community College",
      domain: "eastlake.example",
      description: "A two-year public college with transfer programs and workforce certificates.",
    },
    {
      name: "Harrowgate University",
      domain: "harrowgate.example",
      description: "A mid-sized private university with undergraduate and professional graduate programs.",
    },
    {
      name: "Pinecrest State University",
      domain: "pinecrest-state.example",
      description: "A public research university enrolling about nineteen thousand students.",
    },
    {
      name: "Meridian Technical Institute",
      domain: "meridian-tech.example",
      description:
        "A technical institute offering associate degrees in engineering technology and health sciences.",
    },
  ],
  colleagueRoles: [
    "Academic Advisor",
    "Registrar's Office Coordinator",
    "Financial Aid Counselor",
    "Department Chair",
    "Dean of Students Office Specialist",
    "Faculty Member",
    "Student Records Assistant",
  ],
  docKinds: ["Academic Policy", "Student Handbook Section", "Office Procedure", "Registrar Procedure"],
  fillers: [
    {
      heading: "Academic Calendar",
      text: "The fall term begins the last week of August and ends in mid-December. Spring term begins in mid-January; summer sessions run in two six-week blocks.",
    },
    {
      heading: "FERPA Reminder",
      text: "Student education records are protected by FERPA. Share information only with school officials who have a legitimate educational interest.",
    },
    {
      heading: "Office Hours",
      text: "Student services offices are open 08:00 to 17:00 on weekdays, with extended hours until 19:00 during the first two weeks of each term.",
    },
    {
      heading: "Communication with Students",
      text: "Official communication goes to the student's institutional email address. Text messages are used only for urgent reminders.",
    },
    {
      heading: "Student Success Resources",
      text: "Tutoring, writing support and counseling are free for enrolled students. Referrals can be made through the early alert system.",
    },
    {
      heading: "Catalog Year",
      text: "Students follow the requirements of the catalog in effect when they first enrolled, unless they choose a later catalog with advisor approval.",
    },
    {
      heading: "Records of Decisions",
      text: "Decisions are recorded in the student information system with the decision date and the deciding office. Paper files are scanned and shredded after thirty days.",
    },
    {
      heading: "Accessibility Services",
      text: "Students with documented disabilities may request accommodations through the accessibility services office at any time during the term.",
    },
  ],
  distractorDocs: [
    {
      title: "Commencement Ceremony Logistics",
      heading: "Ceremony Schedule",
      text: "Graduates line up in the field house at 08:30. Each graduate receives six guest tickets; additional tickets are released by lottery two weeks before the ceremony.",
    },
    {
      title: "Campus Parking Permit Guide",
      heading: "Permit Types",
      text: "Commuter permits are valid in lots C through F. Overnight parking requires a resident permit, and visitors pay at the kiosks by the hour.",
    },
    {
      title: "Library Extended Hours Announcement",
      heading: "Exam Period Hours",
      text: "During final exams, the main library stays open until 02:00 and the quiet study floor is reserved for students with a valid ID.",
    },
    {
      title: "Faculty Senate Meeting Summary",
      heading: "Actions Taken",
      text: "The senate approved the revised syllabus template and tabled the proposal to shift the start of classes to 08:30 until the next meeting.",
    },
    {
      title: "Residence Hall Move-In Guide",
      heading: "Move-In Times",
      text: "Move-in is by assigned time slot. Carts are available at each hall entrance, and vehicles may stay in the unloading zone for thirty minutes.",
    },
    {
      title: "Enrollment Census Report",
      heading: "Census Results",
      text: "Fall census enrollment was 18,940 students, up 1.6 percent. First-year retention reached 81 percent, the highest in five years.",
    },
    {
      title: "Campus Dining Plan Options",
      heading: "Meal Plans",
      text: "Residents choose between the fourteen-meal and unlimited plans. Dining dollars roll over from fall to spring but expire at the end of the academic year.",
    },
    {
      title: "Information Technology Acceptable Use",
      heading: "Network Use",
      text: "Students may not run personal servers on the campus network. Bandwidth-heavy downloads are throttled between 09:00 and 17:00 on weekdays.",
    },
    {
      title: "Study Abroad Deadlines",
      heading: "Application Deadlines",
      text: "Applications for spring programs are due October 1 and for fall programs March 1. A faculty recommendation is required for exchange programs.",
    },
  ],
  userDistractors: [
    {
      topic: "Orientation volunteers",
      text: "We need six more staff volunteers for new student orientation on the 20th. Shifts run 8 to noon or noon to 4.",
    },
    {
      topic: "Department meeting moved",
      text: "Department meeting is moved to Thursday at 2 in the library conference room. {colleague} will bring the budget update.",
    },
    {
      topic: "Printer quota",
      text: "Staff printer quotas reset on the first of the month. If you need more for orientation packets, submit a request to IT.",
    },
    {
      topic: "Graduation photos",
      text: "Marketing is taking staff photos for the graduation program next Tuesday. Business casual, five minutes each.",
    },
    {
      topic: "Advising week schedule",
      text: "Advising week starts Monday. Walk-in hours are 10 to 2 daily; appointments book through the scheduling tool.",
    },
    {
      topic: "Parking lot resurfacing",
      text: "Lot B is closed for resurfacing through Friday. Staff can park in the north garage with their current permit.",
    },
    {
      topic: "Holiday party",
      text: "The office holiday party is on the 12th at noon. Bring a dish if you can, sign-up sheet is on the fridge.",
    },
    {
      topic: "Training on the new portal",
      text: "Training on the new student portal is Wednesday at 10 in room 204. It covers the redesigned hold and alert screens.",
    },
    {
      topic: "Retention dashboard",
      text: "The fall retention dashboard is published. Our advising caseload retained at 84 percent, slightly above the college average.",
    },
  ],
};
