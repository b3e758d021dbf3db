/** @module B2C domain: retailers and consumer services with customer support teams, their documents and distractors. */
import type { DomainSpec } from "../family.ts";

export const b2c: DomainSpec = {
  domain: "b2c",
  industry: "Consumer Retail and Services",
  companies: [
    {
      name: "Larkspur Home Goods",
      domain: "larkspurhome.example",
      description: "An online and in-store retailer of furniture, kitchenware and home decor.",
    },
    {
      name: "PulsePoint Mobile",
      domain: "pulsepoint-mobile.example",
      description: "A prepaid and postpaid mobile carrier with a streaming add-on bundle.",
    },
    {
      name: "Cobalt Outfitters",
      domain: "cobalt-outfitters.example",
      description: "An outdoor apparel and gear retailer with a loyalty program and e-commerce site.",
    },
    {
      name: "Verdant Streaming",
      domain: "verdantstream.example",
      description: "A subscription video service with monthly and annual plans.",
    },
  ],
  colleagueRoles: [
    "Tier 2 Support Agent",
    "Support Team Lead",
    "Fraud Analyst",
    "Returns Coordinator",
    "Billing Support Specialist",
    "Trust and Safety Analyst",
    "Store Operations Manager",
  ],
  docKinds: ["Support Playbook", "Customer Care Procedure", "Knowledge Base Article", "Service Policy"],
  fillers: [
    {
      heading: "Tone of Voice",
      text: "Write to customers in plain language, use their first name, and avoid internal jargon. Apologize once, then focus on what happens next.",
    },
    {
      heading: "Contact Channels",
      text: "Customers reach us by chat, phone, email and social media. Social media cases move to a private channel before any account details are discussed.",
    },
    {
      heading: "Case Tagging",
      text: "Tag every case with a primary reason code and at most two secondary codes. Tags feed the weekly contact-driver report.",
    },
    {
      heading: "Quality Assurance",
      text: "Team leads score four interactions per agent each month on accuracy, empathy and resolution. Scores below the threshold trigger coaching.",
    },
    {
      heading: "Peak Season Staffing",
      text: "From mid-November to early January, overtime is offered in four-hour blocks and cross-trained agents from other queues support chat.",
    },
    {
      heading: "Knowledge Base Maintenance",
      text: "Articles are reviewed every six months by the content owner. Agents flag outdated articles with the feedback button instead of editing them.",
    },
    {
      heading: "Customer Satisfaction Survey",
      text: "A one-question satisfaction survey is sent after every closed case. Verbatim comments are reviewed weekly for product feedback.",
    },
    {
      heading: "Accessibility Commitments",
      text: "Support is available through relay services and in large-print mail. Agents offer a callback when a customer has difficulty using chat.",
    },
  ],
  distractorDocs: [
    {
      title: "Holiday Promotion Calendar",
      heading: "Promotion Dates",
      text: "The winter sale runs from December 26 to January 8 with tiered discounts. Clearance items are final sale and excluded from price adjustments.",
    },
    {
      title: "Store Opening Hours Update",
      heading: "New Hours",
      text: "Mall locations open at 10:00 and close at 21:00 from Monday to Saturday. Sunday hours vary by mall and are listed on each store page.",
    },
    {
      title: "Contact Center Staffing Forecast",
      heading: "Forecast",
      text: "Contact volume is forecast to rise 18 percent in the fourth quarter. The model assumes a chat share of 55 percent and an average handle time of seven minutes.",
    },
    {
      title: "Gift Card Program Terms",
      heading: "Program Terms",
      text: "Gift cards never expire and carry no fees. Lost gift cards can be replaced only with the original purchase receipt and the card number.",
    },
    {
      title: "Product Review Moderation Guidelines",
      heading: "Moderation Rules",
      text: "Reviews are rejected when they include personal data, profanity or links. Negative reviews are never removed for being negative.",
    },
    {
      title: "Warehouse Peak Shipping Cutoffs",
      heading: "Cutoff Dates",
      text: "Standard shipping orders placed by December 16 arrive before the holidays. Express orders are accepted until December 21 at noon.",
    },
    {
      title: "Loyalty Tier Benefits Overview",
      heading: "Tier Benefits",
      text: "Gold members earn double points on weekends and receive free standard shipping. Platinum members get early access to seasonal launches.",
    },
    {
      title: "Social Media Response Guidelines",
      heading: "Response Times",
      text: "Public posts receive a first response within two hours during business hours. Agents never confirm order details in public replies.",
    },
    {
      title: "Customer Contact Driver Report",
      heading: "Top Drivers",
      text: "Where-is-my-order contacts made up 31 percent of volume last month, followed by promo code questions at 12 percent and sizing at 9 percent.",
    },
  ],
  userDistractors: [
    {
      topic: "Schedule for next week",
      text: "Next week's schedule is posted. I moved you to the 10 to 6 shift on Wednesday so we have coverage for the promo launch.",
    },
    {
      topic: "Headset replacement",
      text: "IT has new headsets in the supply cabinet. Bring your old one to swap, they need it back for recycling.",
    },
    {
      topic: "Team shout-out",
      text: "Huge shout-out to {colleague} for a perfect QA score this month. Cake in the break room at 3.",
    },
    {
      topic: "Knowledge base survey",
      text: "The content team wants five minutes of feedback on the new article layout. Survey link is in the team channel.",
    },
    {
      topic: "Chat tool update",
      text: "The chat tool updates tonight. New canned responses will be under the lightning icon instead of the slash menu.",
    },
    {
      topic: "Volunteer day",
      text: "The volunteer day at the food bank is on the 18th. Sign-ups close Friday and we get the afternoon off the phones.",
    },
    {
      topic: "Overtime sign-up",
      text: "Overtime blocks for the holiday peak are open. Blocks are first come, first served and capped at eight hours a week.",
    },
    {
      topic: "Break room fridge",
      text: "Reminder that the break room fridge gets cleaned out every Friday at 4. Label anything you want to keep.",
    },
    {
      topic: "Monthly CSAT results",
      text: "Team CSAT was 88 last month, up two points. The biggest complaint in verbatims was waiting on hold for transfers.",
    },
  ],
};
