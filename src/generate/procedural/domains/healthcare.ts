/** @module Healthcare domain: hospitals and clinics, their document kinds, filler sections and distractors. */
import type { DomainSpec } from "../family.ts";

export const healthcare: DomainSpec = {
  domain: "healthcare",
  industry: "Healthcare",
  companies: [
    {
      name: "Riverbend Regional Medical Center",
      domain: "riverbend-health.example",
      description:
        "A 420-bed regional teaching hospital with a level II trauma center and three ambulatory surgery sites.",
    },
    {
      name: "Cedar Valley Health",
      domain: "cedarvalley.example",
      description: "A community health system running two hospitals and a network of primary care clinics.",
    },
    {
      name: "St. Aldric Hospital",
      domain: "staldric.example",
      description: "A nonprofit acute care hospital known for its cardiac and stroke programs.",
    },
    {
      name: "Northgate Clinics",
      domain: "northgate-clinics.example",
      description: "A multi-specialty outpatient group with same-day surgery and imaging centers.",
    },
  ],
  colleagueRoles: [
    "Charge Nurse",
    "Unit Clerk",
    "Patient Access Specialist",
    "Clinical Nurse Educator",
    "Attending Physician",
    "Health Information Technician",
    "Infection Preventionist",
  ],
  docKinds: [
    "Clinical Policy",
    "Nursing Procedure",
    "Standard Operating Procedure",
    "Patient Care Guideline",
  ],
  fillers: [
    {
      heading: "Scope",
      text: "This guideline applies to inpatient units, the emergency department and hospital-based outpatient departments. Physician practices owned by the system follow it where the clinic manager has adopted it in writing.",
    },
    {
      heading: "Hand Hygiene Reminder",
      text: "Perform hand hygiene before and after every patient contact, after removing gloves, and after touching the patient environment. Alcohol-based rub is preferred unless hands are visibly soiled.",
    },
    {
      heading: "Documentation Standards",
      text: "Entries in the electronic health record are timed, dated and authenticated by the author. Late entries are labelled as such and state the time the care was actually provided.",
    },
    {
      heading: "Bed Management Coordination",
      text: "The house supervisor holds the bed board and reviews pending admissions at 07:00, 15:00 and 23:00. Units report anticipated discharges to bed management before 10:00 each day.",
    },
    {
      heading: "Quality Monitoring",
      text: "Compliance is audited monthly on a random sample of ten charts per unit. Results are shared at the unit practice council and trended on the nursing quality dashboard.",
    },
    {
      heading: "Equipment and Supplies",
      text: "Supplies for this process are stocked in the clean utility room and reordered through the par-level system. Report expired items to materials management for removal.",
    },
    {
      heading: "Patient Rights Statement",
      text: "Patients are treated with dignity and respect and may ask for a patient advocate at any time. Complaints are logged in the patient relations system within one business day.",
    },
    {
      heading: "Staff Competency",
      text: "New staff complete a supervised competency checklist during orientation. Competencies are revalidated every two years or after a change in practice.",
    },
    {
      heading: "Downtime Procedures",
      text: "During a planned or unplanned EHR downtime, use the paper downtime forms kept in the red binder at each nursing station and scan them into the record once systems are restored.",
    },
  ],
  distractorDocs: [
    {
      title: "Visitor Parking and Badge Procedure",
      heading: "Visitor Badges",
      text: "Visitors collect a dated paper badge at the main lobby desk between 06:00 and 21:00. After hours, visitors enter through the emergency department and the security officer issues a temporary badge.",
    },
    {
      title: "Quarterly Pressure Injury Prevalence Report",
      heading: "Results",
      text: "The hospital-acquired pressure injury rate for the quarter was 1.8 per 1,000 patient days, down from 2.3. Medical-surgical units met the target; the step-down unit remained above threshold for the second quarter.",
    },
    {
      title: "Linen Services Schedule",
      heading: "Delivery Windows",
      text: "Clean linen carts are delivered to each unit at 05:30 and 14:00. Soiled linen is collected from the utility rooms at 09:00 and 19:00; overflow bags must not be left in corridors.",
    },
    {
      title: "Annual Fire Drill Plan",
      heading: "Drill Calendar",
      text: "Each unit holds one unannounced fire drill per quarter per shift. The RACE and PASS acronyms are reviewed at the start of the drill and the safety officer records response times.",
    },
    {
      title: "Cafeteria Services and Night Menu",
      heading: "Night Service",
      text: "The cafeteria grab-and-go cooler is restocked at 22:00 for night staff. Badge payroll deduction is available for employees with at least one completed pay period.",
    },
    {
      title: "Supply Chain Par Level Review",
      heading: "Par Levels",
      text: "Par levels for medical-surgical supplies are reviewed every six months using thirty days of usage data. Units may request a temporary par increase for seasonal surges through the materials portal.",
    },
    {
      title: "Staff Flu Vaccination Campaign Results",
      heading: "Campaign Outcomes",
      text: "Employee influenza vaccination reached 91 percent this season. Declinations are filed with occupational health, and staff who decline wear a mask in patient care areas during flu season.",
    },
    {
      title: "Medical Staff Bylaws Amendment Summary",
      heading: "Amendments",
      text: "The amendment shortens the provisional period for new medical staff members from twenty-four to twelve months and adds telehealth privileges as a separate delineation.",
    },
    {
      title: "Patient Meal Tray Delivery Times",
      heading: "Tray Times",
      text: "Breakfast trays leave the kitchen at 07:15, lunch at 11:45 and dinner at 17:00. Late trays can be ordered from the diet office until 19:30 for patients returning from procedures.",
    },
  ],
  userDistractors: [
    {
      topic: "Holiday schedule swap",
      text: "Are you still up for swapping the December 24 shift? I can take your Sunday in exchange, just let me know before the schedule locks on Friday.",
    },
    {
      topic: "Unit practice council minutes",
      text: "Minutes from Tuesday's unit practice council are in the shared folder. We agreed to trial the new bedside whiteboards on the east hallway for four weeks.",
    },
    {
      topic: "Parking garage closure",
      text: "Level 2 of the staff garage is closed for resurfacing all next week, so plan a few extra minutes to park on level 4 or the surface lot.",
    },
    {
      topic: "Skills fair sign-up",
      text: "The annual skills fair sign-up sheet is open. Stations this year cover restraint documentation, IV pump updates and the new glucometer.",
    },
    {
      topic: "Pizza for night shift",
      text: "{colleague} is ordering pizza for nights on Thursday to celebrate the patient satisfaction scores. Reply with your topping votes.",
    },
    {
      topic: "Badge photo update",
      text: "Security asked everyone with badges older than five years to get a new photo taken. The badge office is open 08:00 to 16:00 on weekdays.",
    },
    {
      topic: "Monthly falls report",
      text: "Our unit had two falls without injury last month, both at night and both near the bathroom. Pharmacy is reviewing sleep aid orders for the unit.",
    },
    {
      topic: "Printer on 4 West",
      text: "The label printer at the 4 West station is jammed again. IT has a ticket open; use the one at the east station in the meantime.",
    },
    {
      topic: "Preceptor workshop",
      text: "The preceptor workshop moved to the education center, room B. Lunch is provided and it counts for six contact hours.",
    },
  ],
};
