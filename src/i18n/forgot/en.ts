import type { ForgotTexts } from '../nb';

/** English texts of the forgotten-password screens (../forgot/nb.ts says when they come). */
export const enForgot = {
  'forgot.title': 'Forgotten password',
  'forgot.heading': 'Forgotten your password?',
  'forgot.lead': 'There are two ways to create a new password.',
  'forgot.eid_heading': 'With electronic ID',
  'forgot.eid_body': 'Log in with BankID, MinID, Buypass or Commfides and choose a new password straight away. This is the quickest way.',
  'forgot.eid_button': 'Continue with electronic ID',
  'forgot.eid_busy': 'Taking you to ID-porten …',
  'forgot.redirecting': 'Taking you on to ID-porten …',
  'forgot.redirect_fallback': 'Nothing happening? Continue with electronic ID',
  'forgot.code_heading': 'With one-time codes',
  'forgot.code_body': 'If you do not have an electronic ID, we will send you one code by email and one by text message.',
  'forgot.code_info_title': 'What you need',
  'forgot.code_info': 'Your national ID number, and access to the mobile number and email address registered in Digipost.',
  'forgot.code_button': 'Get one-time codes',
  'forgot.app_lead': 'You can log in with electronic ID instead, or create a new password with one-time codes.',
  'forgot.app_eid_body': 'With BankID, MinID, Buypass or Commfides, you can log in to the app without a password and get full access.',
  'forgot.app_back': 'Back to login',
} satisfies ForgotTexts;
