/**
 * A small labelled corpus for retrieval quality: 50 short documents of the kind a person keeps (notes, minutes,
 * recipes, manuals, policies) and 32 questions that paraphrase one document each rather than copy its words.
 */

export interface CorpusDocument {
  file: string;
  text: string;
}

export interface LabelledQuery {
  query: string;
  /** The file that answers it. */
  answer: string;
}

export const RETRIEVAL_DOCUMENTS: readonly CorpusDocument[] = [
  { file: 'board-minutes-march.md', text: '# Board minutes, March\n\nThe directors approved funding to recruit two senior engineers for the payments team. The chair asked for a hiring update at the next meeting.' },
  { file: 'cloud-costs-q3.md', text: '# Cloud spending review\n\nOur AWS bill grew 18 percent in the third quarter, mostly from idle GPU instances. We will switch the staging cluster off at night and buy reserved capacity.' },
  { file: 'lisbon-offsite.md', text: '# Team offsite\n\nThe offsite is in Lisbon from 12 to 14 May. Flights are booked through the travel desk; the hotel is in Alfama near the river.' },
  { file: 'sourdough.md', text: '# Sourdough starter\n\nFeed the starter equal weights of flour and water every morning. It is ready to bake with when it doubles within six hours and smells slightly sour.' },
  { file: 'lentil-soup.md', text: '# Lentil soup\n\nSoften onion, carrot and celery in olive oil, add red lentils, cumin and stock, simmer twenty minutes, then finish with lemon juice.' },
  { file: 'tomato-garden.md', text: '# Growing tomatoes\n\nTomato plants need at least six hours of direct sun. Water deeply twice a week and pinch out side shoots so the plant puts energy into fruit.' },
  { file: 'vpn-setup.md', text: '# Connecting to the VPN\n\nInstall the WireGuard client, import the profile from the IT portal and connect before opening internal dashboards from home.' },
  { file: 'expense-policy.md', text: '# Expense policy\n\nMeals while travelling are reimbursed up to 60 euros a day. Submit receipts within 30 days in the finance app; alcohol is not refunded.' },
  { file: 'parental-leave.md', text: '# Parental leave\n\nEmployees receive sixteen weeks of fully paid leave after the birth or adoption of a child, which can be taken in up to three blocks.' },
  { file: 'car-service.md', text: '# Car maintenance\n\nThe hatchback is due for its annual service in October: oil change, brake pads check and a new cabin air filter. The garage is on Mill Road.' },
  { file: 'passport-renewal.md', text: '# Passport renewal\n\nMy passport expires in February. Renewal online takes about three weeks; I need a new photo and the old passport sent by post.' },
  { file: 'dentist.md', text: '# Dentist\n\nCheck-up and cleaning booked with Dr. Okafor on 3 June at 9:30. Ask about the sensitive molar on the lower left.' },
  { file: 'marathon-plan.md', text: '# Marathon training\n\nWeek 8 of 16: three easy runs, one tempo run of 10 km and a long run of 28 km on Sunday. Taper starts in week 14.' },
  { file: 'security-audit.md', text: '# Security audit findings\n\nThe auditors found two admin accounts without multi-factor authentication and an S3 bucket that allowed public listing. Both must be fixed before renewal.' },
  { file: 'incident-postmortem.md', text: '# Postmortem: database outage\n\nOn 2 April the primary Postgres node ran out of disk during a vacuum. Writes failed for 47 minutes. We added disk alerts at 80 percent.' },
  { file: 'pricing-change.md', text: '# Pricing update\n\nFrom July the Pro plan costs 29 dollars per seat per month. Existing customers keep their current price for one more year.' },
  { file: 'onboarding-checklist.md', text: '# New hire onboarding\n\nOn day one give the laptop, accounts and a buddy. In the first week the new colleague ships a small change and meets each team lead.' },
  { file: 'interview-loop.md', text: '# Interview process\n\nCandidates do a recruiter screen, a take-home exercise, a system design conversation and a values interview. Feedback is due within 24 hours.' },
  { file: 'vendor-contract.md', text: '# Analytics vendor contract\n\nThe contract with Metricly renews automatically on 1 September unless we give 60 days notice. The annual fee is 42,000 dollars.' },
  { file: 'privacy-policy.md', text: '# Privacy policy notes\n\nWe keep customer logs for 90 days and delete personal data within 30 days of an erasure request, as required by GDPR.' },
  { file: 'release-roadmap.md', text: '# Product roadmap\n\nVersion 3 ships in June with offline mode and shared workspaces. The mobile app rewrite follows in the autumn.' },
  { file: 'customer-acme.md', text: '# Acme account\n\nAcme is our largest customer, with 1,200 seats. Their champion is Priya in procurement; they asked for single sign-on before renewal.' },
  { file: 'wifi-home.md', text: '# Home network\n\nThe router is in the hall cupboard. The guest network is called Orchard-Guest and the password is on the fridge.' },
  { file: 'plant-watering.md', text: '# Houseplants\n\nWater the fiddle leaf fig every ten days, the snake plant once a month and mist the ferns in the bathroom twice a week.' },
  { file: 'birthday-maya.md', text: '# Maya\'s birthday\n\nMaya turns 30 on 4 May. She wants a pottery class voucher; book the Italian restaurant she liked for Saturday dinner.' },
  { file: 'mortgage.md', text: '# Mortgage\n\nThe fixed rate of 3.1 percent ends in January. Compare remortgage offers in November; the broker charges no fee.' },
  { file: 'pet-vet.md', text: '# Vet visits\n\nBiscuit, the dog, needs his booster vaccination in August and a tick treatment every three months. The vet is open Saturdays.' },
  { file: 'kitchen-renovation.md', text: '# Kitchen renovation\n\nThe builder quoted 18,500 pounds for new cabinets, worktops and tiling. Work starts after the summer and takes five weeks.' },
  { file: 'book-club.md', text: '# Book club\n\nNext month we read a novel about a lighthouse keeper. We meet at Sam\'s flat on the last Thursday; everyone brings a snack.' },
  { file: 'api-rate-limits.md', text: '# API rate limits\n\nThe public API allows 600 requests per minute per token. Clients that exceed it receive status 429 and should back off using the Retry-After header.' },
  { file: 'deploy-runbook.md', text: '# Deployment runbook\n\nMerge to main, wait for the pipeline to build the image, then promote it from staging to production in the release dashboard. Roll back with one click.' },
  { file: 'oncall.md', text: '# On-call rota\n\nEach engineer is on call for one week at a time. Pages go to the phone app; acknowledge within 15 minutes or the secondary is paged.' },
  { file: 'okr-q4.md', text: '# Fourth quarter objectives\n\nGrow weekly active teams by 25 percent, cut onboarding time to under ten minutes and reach 99.95 percent uptime.' },
  { file: 'salary-bands.md', text: '# Compensation bands\n\nSenior engineers earn between 95,000 and 120,000 euros. Bands are reviewed every January against market data.' },
  { file: 'office-move.md', text: '# Office move\n\nWe move to the new office on Harbour Street in September. Desks are unassigned; lockers are available on the second floor.' },
  { file: 'laptop-policy.md', text: '# Laptop policy\n\nLaptops are replaced every three years. Disks must be encrypted and the screen must lock after five minutes without use.' },
  { file: 'newsletter-ideas.md', text: '# Newsletter ideas\n\nWrite about how customers use shared workspaces, interview a support agent, and share three tips for faster reports.' },
  { file: 'conference-talk.md', text: '# Conference talk\n\nMy talk on observability at the Berlin conference is accepted. Slides are due on 1 October; the talk is thirty minutes.' },
  { file: 'gym-routine.md', text: '# Strength routine\n\nMonday squats and rows, Wednesday bench press and pull-ups, Friday deadlifts. Three sets of eight with two minutes rest.' },
  { file: 'tax-return.md', text: '# Tax return\n\nThe self-assessment deadline is 31 January. Gather the interest statements, the pension contributions and the freelance invoices.' },
  { file: 'wedding-guests.md', text: '# Wedding guest list\n\nEighty guests so far. Still waiting for replies from the cousins in Toronto; the venue needs final numbers by 1 March.' },
  { file: 'coffee-order.md', text: '# Coffee orders for the team\n\nDana takes an oat flat white, Noa a double espresso and Sam a decaf cappuccino with cinnamon.' },
  { file: 'bike-repair.md', text: '# Bike repair\n\nThe rear derailleur skips under load; the chain is worn past 0.75. Replace the chain and cassette together.' },
  { file: 'retro-notes.md', text: '# Sprint retrospective\n\nWhat went well: fewer meetings, faster code review. To improve: flaky end-to-end tests and unclear acceptance criteria.' },
  { file: 'design-system.md', text: '# Design system\n\nButtons use the primary blue for one main action per screen. Spacing follows an 8 pixel grid and all icons are outlined.' },
  { file: 'data-retention.md', text: '# Backups\n\nDatabase snapshots are taken every six hours and kept for 35 days. Restores are tested on the first Monday of each month.' },
  { file: 'support-macros.md', text: '# Support replies\n\nFor password reset requests send the self-service link. For billing disputes, escalate to finance with the invoice number.' },
  { file: 'volunteering.md', text: '# Volunteering\n\nEvery employee gets two paid days a year to volunteer. Last year the team helped at the food bank on Canal Street.' },
  { file: 'travel-japan.md', text: '# Japan trip\n\nTwo weeks in April: Tokyo, then the rail pass to Kyoto and Hiroshima. Book the ryokan in Hakone for two nights.' },
  { file: 'piano-lessons.md', text: '# Piano lessons\n\nLessons with Ms. Duarte on Tuesdays at 6 pm. Practise scales in G major and the first page of the Chopin nocturne.' },
];

export const RETRIEVAL_QUERIES: readonly LabelledQuery[] = [
  { query: 'did leadership agree to pay for more developers', answer: 'board-minutes-march.md' },
  { query: 'why is our hosting invoice so high', answer: 'cloud-costs-q3.md' },
  { query: 'where are we staying for the company retreat in Portugal', answer: 'lisbon-offsite.md' },
  { query: 'how do I keep my bread culture alive', answer: 'sourdough.md' },
  { query: 'recipe for a warm pulse stew', answer: 'lentil-soup.md' },
  { query: 'how much sunlight do my vegetable plants need', answer: 'tomato-garden.md' },
  { query: 'how to reach company systems remotely', answer: 'vpn-setup.md' },
  { query: 'what is the daily food allowance on business trips', answer: 'expense-policy.md' },
  { query: 'how much time off do new parents get', answer: 'parental-leave.md' },
  { query: 'when is the vehicle due at the mechanic', answer: 'car-service.md' },
  { query: 'my travel document runs out soon, what do I need', answer: 'passport-renewal.md' },
  { query: 'when is my teeth appointment', answer: 'dentist.md' },
  { query: 'how far is the long weekend jog', answer: 'marathon-plan.md' },
  { query: 'what problems did the external review of our access controls find', answer: 'security-audit.md' },
  { query: 'what caused the storage failure that stopped writes', answer: 'incident-postmortem.md' },
  { query: 'how much will the premium subscription cost per user', answer: 'pricing-change.md' },
  { query: 'what should happen in a newcomer\'s first days', answer: 'onboarding-checklist.md' },
  { query: 'what stages does a job applicant go through', answer: 'interview-loop.md' },
  { query: 'when must we cancel the metrics supplier agreement', answer: 'vendor-contract.md' },
  { query: 'how long do we hold on to user information', answer: 'privacy-policy.md' },
  { query: 'what features come in the next major version', answer: 'release-roadmap.md' },
  { query: 'who is our contact at the biggest client', answer: 'customer-acme.md' },
  { query: 'how many queries per minute can an integration make', answer: 'api-rate-limits.md' },
  { query: 'steps to push a new build live', answer: 'deploy-runbook.md' },
  { query: 'how quickly must I respond when paged at night', answer: 'oncall.md' },
  { query: 'what do senior developers get paid', answer: 'salary-bands.md' },
  { query: 'when is the filing deadline for my income declaration', answer: 'tax-return.md' },
  { query: 'what drinks does everyone want from the cafe', answer: 'coffee-order.md' },
  { query: 'my bicycle gears slip when I pedal hard', answer: 'bike-repair.md' },
  { query: 'how often are snapshots of the data saved', answer: 'data-retention.md' },
  { query: 'what is the itinerary for the holiday in Asia', answer: 'travel-japan.md' },
  { query: 'what should I practise for my keyboard teacher', answer: 'piano-lessons.md' },
];

/** Questions built around exact names, numbers and codes, where word matching is what finds the answer. */
export const EXACT_TERM_QUERIES: readonly LabelledQuery[] = [
  { query: 'Metricly notice period', answer: 'vendor-contract.md' },
  { query: 'Dr. Okafor', answer: 'dentist.md' },
  { query: 'WireGuard profile', answer: 'vpn-setup.md' },
  { query: 'status 429 Retry-After', answer: 'api-rate-limits.md' },
  { query: 'Orchard-Guest password', answer: 'wifi-home.md' },
  { query: 'Priya single sign-on', answer: 'customer-acme.md' },
  { query: 'Biscuit booster', answer: 'pet-vet.md' },
  { query: 'Harbour Street lockers', answer: 'office-move.md' },
  { query: 'Hakone ryokan', answer: 'travel-japan.md' },
  { query: 'Ms. Duarte nocturne', answer: 'piano-lessons.md' },
  { query: 'Alfama hotel', answer: 'lisbon-offsite.md' },
  { query: 'Postgres vacuum disk', answer: 'incident-postmortem.md' },
];
