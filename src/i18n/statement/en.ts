import type { StatementTexts } from '../nb';

/** English texts of the accessibility statement (../statement/nb.ts says when they come). */
export const enStatement = {
  'a11y_statement.intro':
    'This statement covers the Digipost login pages: logging in as an individual or a business, forgotten password, logging in from the app, logging out, confirming an email address and passkeys. Digipost is run by Posten Bring AS, which is responsible for these pages.',
  'a11y_statement.status_heading': 'How accessible are the pages?',
  'a11y_statement.status':
    'The pages partly conform to WCAG 2.2 at levels A and AA. We have gone through every success criterion for every group of pages. Most of it is checked by automated tests each time the pages change, in Norwegian Bokmål, Nynorsk and English, on a phone and on a large screen. Some checks need a person, and they have not been done yet.',
  'a11y_statement.works':
    'You can paste your national ID number, password and one-time codes, including codes with spaces or hyphens. Password managers can fill in the login and the new password. Nowhere do you have to solve a puzzle or copy anything out. The pages work with a keyboard and can be zoomed to 400%.',
  'a11y_statement.gaps_heading': 'What is not accessible or not checked yet',
  'a11y_statement.gap_screen_reader':
    'Screen readers: Nobody has yet tested the pages with a screen reader such as NVDA, VoiceOver or TalkBack. The pages are built and tested so that screen readers can read names, roles and status messages, but we cannot say that everything is read out correctly until it has been tried.',
  'a11y_statement.gap_wording':
    'Wording: Nobody has yet checked that every heading, label, instruction and error message is descriptive, and that no instruction relies only on shape, colour or position.',
  'a11y_statement.gap_password_save':
    'Saving passwords: Chrome offers to save the password, with your national ID number, after you log in and after you create a new one (checked on 27 November 2026). Firefox and Safari have not yet been checked. The fields are marked the way password managers expect, and that is tested automatically.',
  'a11y_statement.gap_chat':
    'Chat: The chat window you open from the footer comes from another supplier. We have not checked it against WCAG, and it opens in Norwegian Bokmål even when the page is in Nynorsk.',
  'a11y_statement.gap_eid':
    'Electronic ID: Logging in with BankID, MinID, Buypass and Commfides happens at ID-porten and the electronic ID suppliers. Those pages are not covered by this statement.',
  'a11y_statement.feedback_heading': 'Report a problem',
  'a11y_statement.feedback':
    'Is something hard to use, or does it not work for you? Let us know and we will fix it. Tell us which page it is, what you were trying to do and which assistive technology you use, if any.',
  'a11y_statement.feedback_link': 'Contact customer service',
  'a11y_statement.enforcement_heading': 'Supervision and complaints',
  'a11y_statement.enforcement':
    'The Norwegian Authority for Universal Design of ICT (Uutilsynet), part of the Norwegian Digitalisation Agency, checks that websites are universally designed. If we do not answer, or you are not satisfied with our answer, you can report it to Uutilsynet.',
  'a11y_statement.enforcement_link': 'Uutilsynet: uutilsynet.no',
  'a11y_statement.complaint':
    'If you believe you have been discriminated against because a service is not universally designed, you can complain to the Anti-Discrimination Tribunal (Diskrimineringsnemnda).',
  'a11y_statement.complaint_link': 'Diskrimineringsnemnda: diskrimineringsnemnda.no',
  'a11y_statement.register':
    'Digipost is not a public body, so it is not required to register this statement in Uutilsynet’s register (uustatus.no). We publish it here instead.',
  'a11y_statement.checked_heading': 'Last checked',
  'a11y_statement.checked': 'The pages were last checked on #{date}. This statement is based on that review.',
} satisfies StatementTexts;
