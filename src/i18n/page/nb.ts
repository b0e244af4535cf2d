/** Bokmål texts every page may need at once (the rest: ../later/nb.ts). Keys and their split: ../nb.ts. */
export const nbPage = {
  'app.title': '#{page} – Digipost',
  'app.skip_to_content': 'Hopp til hovedinnholdet',
  'app.noscript': 'Du må slå på JavaScript i nettleseren for å logge inn i Digipost.',

  'header.logo': 'Digipost – til forsiden',
  'header.navigation': 'Hovedmeny',
  'header.front_page': 'Til forsiden',
  'header.login_private': 'Logg inn som privatperson',
  'header.login_business': 'Logg inn som bedrift',
  'header.language': 'Språk',
  'header.language_current': 'Språk: #{language}',
  'header.menu_open': 'Meny',
  'header.menu_close': 'Lukk',

  'footer.label': 'Bunntekst',
  'footer.private': 'For privatpersoner',
  'footer.privacy': 'Personvern',
  'footer.terms': 'Brukervilkår',
  'footer.cookies': 'Informasjonskapsler',
  'footer.business': 'For bedrifter',
  'footer.business_services': 'Tjenester for bedrifter',
  'footer.business_prices': 'Priser',
  'footer.gdpr_help': 'Hjelp med GDPR',
  'footer.business_resources': 'Ressurser',
  'footer.business_terms': 'Vilkår for bedrifter',
  'footer.partners': 'Samarbeidspartnere',
  'footer.partner_program': 'Bli partner',
  'footer.integrations': 'Integrasjoner',
  'footer.help_and_contact': 'Hjelp og kontakt',
  'footer.status_page': 'Driftsstatus',
  'footer.languages': 'Språk',
  'footer.social': 'Følg oss',
  'footer.social_link': 'Digipost på #{network}',
  'footer.copyright': '© #{year} Posten Bring AS. Digipost er en tjeneste fra Posten.',
  'footer.chatbot': 'Chat med oss',
  'footer.accessibility': 'Tilgjengelighetserklæring',

  'a11y_statement.title': 'Tilgjengelighetserklæring',
  // Soft hyphens: the long compound breaks with a hyphen on a phone, never mid-syllable without one.
  'a11y_statement.heading': 'Tilgjenge\u00ADlighets\u00ADerklæring for innloggingen til Digipost',

  'logout.title': 'Logget ut',
  'logout.heading': 'Du er nå logget ut',
  'logout.body': 'Takk for besøket. Husk å lukke nettleseren hvis du bruker en delt datamaskin.',
  'timeout.title': 'Tidsavbrudd',
  'timeout.heading': 'Du er logget ut',
  'timeout.subheading': 'Du har blitt logget ut etter #{minutes} minutter uten aktivitet.',
  'timeout.rule': 'Av sikkerhetshensyn logges du ut etter #{minutes} minutter uten aktivitet.',
  'logout.login_private': 'Logg inn som privatperson',
  'logout.login_business': 'Logg inn som bedrift',
  'logout.ending': 'Logger ut …',
  'logout.failed': 'Vi fikk ikke logget deg ut',
  'logout.failed_body': 'Prøv igjen om litt. Hvis det fortsatt ikke går, lukk alle vinduene i nettleseren.',

  'error.title': 'Noe gikk galt',
  'error.heading': 'Beklager, noe gikk galt',
  'error.body': 'Det oppstod en feil. Prøv igjen, og kontakt kundeservice hvis feilen fortsetter.',
  'error.api_body': 'Vi får ikke kontakt med tjenesten akkurat nå. Vent litt og prøv igjen.',
  'error.throttled': 'Det har vært for mange forsøk. Prøv igjen #{when}.',
  'error.retry': 'Prøv igjen',
  'error.back_private': 'Logg inn som privatperson',
  'error.back_business': 'Logg inn som bedrift',

  'not_found.title': 'Fant ikke siden',
  'not_found.heading': 'Vi fant ikke siden du lette etter',
  'not_found.body': 'Adressen kan være skrevet feil, eller siden finnes ikke lenger. Hvor vil du logge inn?',

  'customer_service.heading': 'Trenger du hjelp?',
  'customer_service.body': 'Finn svar på vanlige spørsmål, eller ta kontakt med kundeservice.',
  'customer_service.link': 'Hjelp og kontakt',

  'account.suspended': 'Kontoen din er sperret. Kontakt kundeservice for å få hjelp.',

  'reset.eid_button': 'Lag nytt passord med elektronisk ID',

  'throttle.in_minutes': 'om #{count} N{count,minutt,minutter}',
  'throttle.in_hours': 'om #{count} N{count,time,timer}',
  'throttle.later': 'senere',

  'mobile.not_allowed_title': 'Vi kan ikke sende deg videre',
  'mobile.not_allowed':
    'Adressen vi ble bedt om å sende deg til, hører ikke til Digipost-appen, så vi stopper her for sikkerhets skyld. Åpne appen og prøv på nytt.',
  'mobile.error_title': 'Innloggingen fra appen feilet',
  'mobile.error_body': 'Noe gikk galt da du skulle logge inn fra appen. Gå tilbake til Digipost-appen og prøv igjen.',

  'chatbot.loading': 'Starter chatten …',
  'chatbot.failed': 'Vi fikk ikke startet chatten. Prøv igjen senere, eller ta kontakt via hjelpesidene.',

  'spinner.loading': 'Laster …',
  'textarea.remaining': '#{count} N{count,tegn,tegn} igjen',
  'textarea.exceeded': '#{count} N{count,tegn,tegn} for mye',
} as const;
