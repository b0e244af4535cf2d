/**
 * Bokmål texts of the reset wizard: they come with it, not with the first load nor with the
 * other later texts (../parts.ts, resetTexts).
 */
export const nbReset = {
  'reset.dialog_title': 'Nytt passord med engangskoder',
  'reset.step': 'Steg #{step} av #{total}',
  'reset.title_error': 'Feil: #{title}',
  'reset.identify_heading': 'Hvem er du?',
  'reset.phone': 'Mobilnummer',
  'reset.phone_hint': '8 siffer',
  'reset.invalid_phone': 'Ugyldig mobilnummer (8 siffer)',
  'reset.enter_phone': 'Skriv inn mobilnummeret ditt',
  'reset.send_codes': 'Send koder',
  'reset.email_heading': 'Koden fra e-posten',
  'reset.email_body': 'Vi har sendt en kode på 6 siffer til e-postadressen som er registrert på deg.',
  'reset.email_body_masked': 'Vi har sendt en kode på 6 siffer til #{email}.',
  'reset.code_lifetime': 'Kodene virker i #{minutes} minutter.',
  'reset.email_code': 'Kode fra e-post',
  'reset.sms_heading': 'Koden fra SMS',
  'reset.sms_body': 'Vi har sendt en kode på 6 siffer til mobilnummeret #{phone}.',
  'reset.sms_code': 'Kode fra SMS',
  'reset.invalid_code': 'Koden har 6 siffer.',
  'reset.enter_email_code': 'Skriv inn koden fra e-posten',
  'reset.enter_sms_code': 'Skriv inn koden fra SMS-en',
  'reset.no_code': 'Har du ikke fått koden?',
  'reset.resend_wait': 'Du kan be om nye koder om #{seconds} N{seconds,sekund,sekunder}.',
  'reset.resend_ready': 'Nå kan du be om nye koder.',
  'reset.resend': 'Send nye koder',
  'reset.resent': 'Vi har sendt nye koder på e-post og SMS. Kodene du fikk før, virker ikke lenger.',
  'reset.ended_title': 'Du må starte på nytt',
  'reset.ended.too_many':
    'Du har skrevet inn feil kode #{tries} ganger. For å beskytte kontoen din virker ikke kodene lenger. Start på nytt for å få nye koder, eller bruk elektronisk ID.',
  'reset.ended.expired':
    'Kodene virker ikke lenger. De virker i #{minutes} minutter, og bare de sist sendte kodene virker. Start på nytt for å få nye koder, eller bruk elektronisk ID.',
  'reset.ended.too_many_none_left':
    'Du har skrevet inn feil kode #{tries} ganger. For å beskytte kontoen din virker ikke kodene lenger. Du kan ikke be om flere koder på opptil #{hours} timer, men du kan lage nytt passord med elektronisk ID nå.',
  'reset.ended.expired_none_left':
    'Kodene virker ikke lenger. De virker i #{minutes} minutter. Du kan ikke be om flere koder på opptil #{hours} timer, men du kan lage nytt passord med elektronisk ID nå.',
  'reset.start_again': 'Start på nytt',
  'reset.password_heading': 'Velg et nytt passord',
  'reset.new_password': 'Nytt passord',
  'reset.repeat_password': 'Gjenta passordet',
  'reset.save': 'Lagre passordet',
  'reset.next': 'Neste',
  'reset.back': 'Tilbake',
  'reset.busy': 'Vent litt …',
  'reset.signing_in': 'Logger deg inn …',
  'reset.sign_in_failed': 'Passordet er endret, men vi fikk ikke logget deg inn. Logg inn med det nye passordet.',
  'reset.warning_title': 'Det gikk ikke',
  'reset.error_summary': 'Rett opp dette for å lage nytt passord:',
  'reset.error.wrong_combination_title': 'Fødselsnummeret og mobilnummeret passer ikke sammen',
  'reset.error.wrong_combination': 'Sjekk at du har skrevet riktig fødselsnummer, og mobilnummeret som er registrert på deg i Digipost.',
  'reset.error.wrong_code': 'Du har skrevet inn feil kode.',
  'reset.error.wrong_code_tries': 'Feil kode. Du har #{tries} forsøk igjen.',
  'reset.error.too_many': 'Du har prøvd for mange ganger. Prøv igjen om noen minutter, eller velg en annen måte å lage nytt passord på.',
  'reset.error.too_soon': 'Du har nettopp bedt om koder. Vent litt, og prøv igjen #{when}.',
  'reset.error.failed': 'Vi fikk ikke endret passordet. Prøv igjen om noen minutter.',
  'reset.error.strong_auth': 'Kontoen din krever sterk innlogging, så engangskoder kan ikke brukes. Bruk elektronisk ID.',
  'reset.error.blocked': 'Nytt passord med engangskoder er slått av for kontoen din. Bruk elektronisk ID, eller kontakt kundeservice.',
  'reset.error.unknown_title': 'Det har oppstått en feil',
  'reset.error.unknown': 'Prøv igjen om litt. Kontakt kundeservice hvis feilen fortsetter.',
  'reset.error.limit':
    'Det har vært for mange forsøk på å lage nytt passord med engangskoder. For å beskytte kontoen din kan du prøve igjen #{when}, eller bruke elektronisk ID nå.',
  'reset.error.limit_title': 'For mange forsøk på nytt passord',
  'reset.error.daily_limit_title': 'Ikke flere koder nå',
  'reset.error.daily_limit':
    'Du kan be om engangskoder #{max} ganger i løpet av #{hours} timer, og de er brukt opp. For å beskytte kontoen din kan du be om nye koder igjen #{when}. Med elektronisk ID kan du lage nytt passord nå.',
  'reset.error.identify_locked_title': 'For mange feil forsøk med disse numrene',
  'reset.error.identify_locked':
    'Det har vært for mange forsøk med feil mobilnummer eller fødselsnummer. For å beskytte kontoen kan du prøve igjen #{when}. Med elektronisk ID kan du lage nytt passord nå.',
  'reset.error.address_locked_title': 'For mange feil numre fra dette nettverket',
  'reset.error.address_locked':
    'Det har kommet mange feil kombinasjoner av fødselsnummer og mobilnummer fra nettverket du er på, for eksempel på en arbeidsplass. For å beskytte kontoene er nye koder herfra satt på pause. Prøv igjen #{when}, eller lag nytt passord med elektronisk ID nå.',
  'reset.limit_note': 'Du kan be om engangskoder #{max} ganger i løpet av #{hours} timer. Etter det kan du lage nytt passord med elektronisk ID.',
  'reset.resends_left':
    'Du kan be om nye koder #{count} N{count,gang,ganger} til. Etter det må du vente opptil #{hours} timer, eller lage nytt passord med elektronisk ID.',
  'reset.resend_none_left': 'Du kan ikke be om flere koder på opptil #{hours} timer. Kommer ikke kodene, kan du lage nytt passord med elektronisk ID.',
  'reset.resend_limit': 'Du kan be om koder #{max} ganger i løpet av #{hours} timer. Etter det må du vente, eller lage nytt passord med elektronisk ID.',
  'reset.sign_in_throttled':
    'Passordet er endret, men det har vært for mange forsøk med passord. Logg inn med det nye passordet #{when}, eller med elektronisk ID nå.',
} as const;
