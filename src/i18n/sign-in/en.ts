import type { SignInTexts } from '../nb';

/** English texts of the sign-in screens (private, business, the app's password page, the login error page) (../sign-in/nb.ts says when they come). */
export const enSignIn = {
  'login.title': 'Log in',
  'login.heading': 'Log in to Digipost',
  'login.eid_info_title': 'Full access with electronic ID',
  'login.eid_info': 'With BankID, MinID, Buypass or Commfides, you can see all your mail, including letters from the public sector.',
  'login.options':
    'You can also log in with your national ID number and password. This gives you limited access, and you will not see mail from the public sector.',
  'login.options_password_only':
    'Log in with your national ID number and password. This gives you limited access, and you will not see mail from the public sector.',
  'login.eid_button': 'Log in with electronic ID',
  'login.eid_busy': 'Taking you to ID-porten …',
  'login.register_prompt': 'New to Digipost?',
  'login.register': 'Sign up',
  'login.password_accordion': 'Log in with national ID number and password',
  'login.national_id': 'National ID number',
  'login.national_id_hint': '11 digits',
  'login.password': 'Password',
  'login.show_password': 'Show password',
  'login.hide_password': 'Hide password',
  'login.password_shown': 'Your password is shown',
  'login.password_hidden': 'Your password is hidden',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in …',
  'login.forgot_password': 'Forgotten your password?',
  'login.error_summary': 'Correct the following to log in:',
  'login.invalid_foedselsnummer': 'Invalid national ID number (11 digits)',
  'login.invalid_password': 'Invalid password. Passwords are at least #{min} characters.',
  'login.enter_foedselsnummer': 'Enter your national ID number',
  'login.enter_password': 'Enter your password',
  'login.limit_note': 'If you enter the wrong password several times, you must wait a while before you can try again, or log in with electronic ID.',

  'login_error.title': 'Login failed',
  'login_error.heading': 'Login failed',
  'login_error.not_registered': 'We cannot find a Digipost account for you.',
  'login_error.no_business_access':
    'You do not have access to Digipost for any business. Register your business, or ask an administrator in the business to give you access.',
  'login_error.generic': 'An error occurred. Try again, and contact customer service if the problem continues.',
  'login_error.register_business': 'Register your business',
  'login_error.no_admin_access': 'This login does not give you admin access.',
  'login_error.back_admin': 'Go to login for administrators',
  'login_error.cancelled_heading': 'You cancelled the login',
  'login_error.cancelled': 'You can log in again whenever you like.',

  'business.title': 'Log in for businesses',
  'business.heading': 'Log in as a business',
  'business.lead': 'Read and send mail on behalf of your business.',
  'business.card_title': 'Choose how to log in',
  'business.card_body': 'Log in with your own BankID or Buypass. You will then see the businesses you have access to.',
  'business.info_title': 'Is your business new to Digipost?',
  'business.info': 'The business must be registered before you can log in. Whoever can sign for the business can register it in a few minutes.',
  'business.register': 'Register your business',

  'broker.bankid': 'Log in with BankID',
  'broker.buypass': 'Log in with Buypass',

  'app_banner.title': 'Digipost in your pocket',
  'app_banner.body': 'With the app, you can read your mail wherever you are and get notified when new letters arrive.',
  'app_banner.android': 'Get it on Google Play',
  'app_banner.ios': 'Download on the App Store',

  // The passkey button's own words, drawn with the page, and those it says when the dialog is cancelled
  // or the service cannot be reached (offline, the later texts may not come); the rest come later (../later/).
  'passkey.button': 'Log in with a passkey',
  'passkey.busy': 'Waiting for the passkey …',
  'passkey.other_way_title': 'Log in another way',
  'passkey.other_way': 'No passkey? Log in with electronic ID, or with your national ID number and password.',
  'passkey.other_way_password': 'Log in with password',
  'passkey.error_title': 'Passkey login is not working right now',
  'passkey.error': 'Try again in a little while, or log in with electronic ID.',
} satisfies SignInTexts;
