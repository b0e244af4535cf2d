import type { PageTexts } from '../nb';

/** English texts every page may need at once (the rest: ../later/en.ts). */
export const enPage = {
  'app.title': '#{page} – Digipost',
  'app.skip_to_content': 'Skip to main content',
  'app.noscript': 'Turn on JavaScript in your browser to log in to Digipost.',

  'header.logo': 'Digipost – go to the home page',
  'header.navigation': 'Main menu',
  'header.front_page': 'Home page',
  'header.login_private': 'Log in as an individual',
  'header.login_business': 'Log in as a business',
  'header.language': 'Language',
  'header.language_current': 'Language: #{language}',
  'header.menu_open': 'Menu',
  'header.menu_close': 'Close',

  'footer.label': 'Footer',
  'footer.private': 'For individuals',
  'footer.privacy': 'Privacy',
  'footer.terms': 'Terms of use',
  'footer.cookies': 'Cookies',
  'footer.business': 'For businesses',
  'footer.business_services': 'Services for businesses',
  'footer.business_prices': 'Prices',
  'footer.gdpr_help': 'Help with GDPR',
  'footer.business_resources': 'Resources',
  'footer.business_terms': 'Terms for businesses',
  'footer.partners': 'Partners',
  'footer.partner_program': 'Become a partner',
  'footer.integrations': 'Integrations',
  'footer.help_and_contact': 'Help and contact',
  'footer.status_page': 'Service status',
  'footer.languages': 'Language',
  'footer.social': 'Follow us',
  'footer.social_link': 'Digipost on #{network}',
  'footer.copyright': '© #{year} Posten Bring AS. Digipost is a service from Posten.',
  'footer.chatbot': 'Chat with us',
  'footer.accessibility': 'Accessibility statement',

  'a11y_statement.title': 'Accessibility statement',
  'a11y_statement.heading': 'Accessibility statement for logging in to Digipost',

  'logout.title': 'Logged out',
  'logout.heading': 'You are now logged out',
  'logout.body': 'Thank you for using Digipost. Remember to close your browser if you are using a shared computer.',
  'timeout.title': 'Session timed out',
  'timeout.heading': 'You have been logged out',
  'timeout.subheading': 'We logged you out because you were inactive for #{minutes} minutes.',
  'timeout.rule': 'For your security, we log you out after #{minutes} minutes of inactivity.',
  'logout.login_private': 'Log in as an individual',
  'logout.login_business': 'Log in as a business',
  'logout.ending': 'Logging out …',
  'logout.failed': 'We could not log you out',
  'logout.failed_body': 'Try again in a moment. If it still does not work, close all the browser windows.',

  'error.title': 'Something went wrong',
  'error.heading': 'Sorry, something went wrong',
  'error.body': 'An error occurred. Try again, and contact customer service if the problem continues.',
  'error.api_body': 'We cannot reach the service right now. Wait a moment and try again.',
  'error.throttled': 'There have been too many attempts. Try again #{when}.',
  'error.retry': 'Try again',
  'error.back_private': 'Log in as an individual',
  'error.back_business': 'Log in as a business',

  'not_found.title': 'Page not found',
  'not_found.heading': 'We could not find the page you were looking for',
  'not_found.body': 'The address may be misspelt, or the page no longer exists. Where would you like to log in?',

  'customer_service.heading': 'Need help?',
  'customer_service.body': 'Find answers to common questions, or get in touch with customer service.',
  'customer_service.link': 'Help and contact',

  'account.suspended': 'Your account is suspended. Contact customer service for help.',

  'reset.eid_button': 'Create a new password with electronic ID',

  'throttle.in_minutes': 'in #{count} N{count,minute,minutes}',
  'throttle.in_hours': 'in #{count} N{count,hour,hours}',
  'throttle.later': 'later',

  'mobile.not_allowed_title': 'We cannot take you any further',
  'mobile.not_allowed':
    'We were asked to send you to an address that does not belong to the Digipost app. We have stopped here to keep you safe. Open the app and try again.',
  'mobile.error_title': 'Logging in from the app failed',
  'mobile.error_body': 'Something went wrong while logging you in from the app. Go back to the Digipost app and try again.',

  'chatbot.loading': 'Starting the chat …',
  'chatbot.failed': 'We could not start the chat. Try again later, or get in touch through the help pages.',

  'spinner.loading': 'Loading …',
  'textarea.remaining': '#{count} N{count,character,characters} left',
  'textarea.exceeded': '#{count} N{count,character,characters} too many',
} satisfies PageTexts;
