import type { ResetTexts } from '../nb';

/** English texts of the reset wizard (../reset/nb.ts says when they come). */
export const enReset = {
  'reset.dialog_title': 'New password with one-time codes',
  'reset.step': 'Step #{step} of #{total}',
  'reset.title_error': 'Error: #{title}',
  'reset.identify_heading': 'Who are you?',
  'reset.phone': 'Mobile number',
  'reset.phone_hint': '8 digits',
  'reset.invalid_phone': 'Invalid mobile number (8 digits)',
  'reset.enter_phone': 'Enter your mobile number',
  'reset.send_codes': 'Send codes',
  'reset.email_heading': 'The code from the email',
  'reset.email_body': 'We have sent a 6-digit code to the email address registered to you.',
  'reset.email_body_masked': 'We have sent a 6-digit code to #{email}.',
  'reset.code_lifetime': 'The codes work for #{minutes} minutes.',
  'reset.email_code': 'Code from email',
  'reset.sms_heading': 'The code from the text message',
  'reset.sms_body': 'We have sent a 6-digit code to the mobile number #{phone}.',
  'reset.sms_code': 'Code from text message',
  'reset.invalid_code': 'The code must be 6 digits.',
  'reset.enter_email_code': 'Enter the code from the email',
  'reset.enter_sms_code': 'Enter the code from the text message',
  'reset.no_code': 'Not received the code?',
  'reset.resend_wait': 'You can ask for new codes in #{seconds} N{seconds,second,seconds}.',
  'reset.resend_ready': 'You can ask for new codes now.',
  'reset.resend': 'Send new codes',
  'reset.resent': 'We have sent new codes by email and text message. The codes you got before no longer work.',
  'reset.ended_title': 'You need to start again',
  'reset.ended.too_many':
    'You have entered a wrong code #{tries} times. To keep your account safe, the codes no longer work. Start again to get new codes, or use electronic ID.',
  'reset.ended.expired':
    'The codes no longer work. They work for #{minutes} minutes, and only the most recent codes work. Start again to get new codes, or use electronic ID.',
  'reset.ended.too_many_none_left':
    'You have entered a wrong code #{tries} times. To keep your account safe, the codes no longer work. You cannot ask for more codes for up to #{hours} hours, but you can create a new password with electronic ID now.',
  'reset.ended.expired_none_left':
    'The codes no longer work. They work for #{minutes} minutes. You cannot ask for more codes for up to #{hours} hours, but you can create a new password with electronic ID now.',
  'reset.start_again': 'Start again',
  'reset.password_heading': 'Choose a new password',
  'reset.new_password': 'New password',
  'reset.repeat_password': 'Repeat the password',
  'reset.save': 'Save the password',
  'reset.next': 'Next',
  'reset.back': 'Back',
  'reset.busy': 'Just a moment …',
  'reset.signing_in': 'Logging you in …',
  'reset.sign_in_failed': 'Your password has been changed, but we could not log you in. Log in with your new password.',
  'reset.warning_title': 'That did not work',
  'reset.error_summary': 'Correct the following to create a new password:',
  'reset.error.wrong_combination_title': 'Your national ID number and mobile number do not match',
  'reset.error.wrong_combination': 'Check that you entered the right national ID number, and the mobile number registered to you in Digipost.',
  'reset.error.wrong_code': 'The code is wrong.',
  'reset.error.wrong_code_tries': 'Wrong code. You have #{tries} N{tries,try,tries} left.',
  'reset.error.too_many': 'You have tried too many times. Try again in a few minutes, or choose another way to create a new password.',
  'reset.error.too_soon': 'You asked for codes just now. Wait a little, and try again #{when}.',
  'reset.error.failed': 'We could not change your password. Try again in a few minutes.',
  'reset.error.strong_auth': 'Your account needs a stronger login, so you cannot use one-time codes. Use electronic ID.',
  'reset.error.blocked': 'Creating a new password with one-time codes is turned off for your account. Use electronic ID, or contact customer service.',
  'reset.error.unknown_title': 'An error has occurred',
  'reset.error.unknown': 'Try again in a little while. Contact customer service if the problem continues.',
  'reset.error.limit':
    'There have been too many attempts to create a new password with one-time codes. We have paused this to keep your account safe. Try again #{when}, or use electronic ID now.',
  'reset.error.limit_title': 'Too many attempts at a new password',
  'reset.error.daily_limit_title': 'No more codes for now',
  'reset.error.daily_limit':
    'You can ask for one-time codes #{max} times in #{hours} hours, and you have reached that limit. To keep your account safe, you can ask for new codes again #{when}. You can create a new password with electronic ID now.',
  'reset.error.identify_locked_title': 'Too many wrong tries with these numbers',
  'reset.error.identify_locked':
    'There have been too many tries with a wrong mobile number or national ID number. To keep the account safe, you can try again #{when}. You can create a new password with electronic ID now.',
  'reset.error.address_locked_title': 'Too many wrong numbers from this network',
  'reset.error.address_locked':
    'Many wrong combinations of national ID number and mobile number have come from the network you are using, for example a workplace network. To keep accounts safe, we have paused new codes on this network. Try again #{when}, or create a new password with electronic ID now.',
  'reset.limit_note': 'You can ask for one-time codes #{max} times in #{hours} hours. After that, you can create a new password with electronic ID.',
  'reset.resends_left':
    'You can ask for new codes #{count} more N{count,time,times}. After that, you must wait up to #{hours} hours, or create a new password with electronic ID.',
  'reset.resend_none_left':
    'You cannot ask for more codes for up to #{hours} hours. If the codes do not arrive, you can create a new password with electronic ID.',
  'reset.resend_limit': 'You can ask for codes #{max} times in #{hours} hours. After that, you must wait, or create a new password with electronic ID.',
  'reset.sign_in_throttled':
    'Your password has been changed, but there have been too many password attempts. Log in with your new password #{when}, or with electronic ID now.',
} satisfies ResetTexts;
