import type { PageTexts } from '../nb';

/** Nynorsk texts every page may need at once (the rest: ../later/nn.ts). */
export const nnPage = {
  'app.title': '#{page} – Digipost',
  'app.skip_to_content': 'Hopp til hovudinnhaldet',
  'app.noscript': 'Du må slå på JavaScript i nettlesaren for å logge inn i Digipost.',

  'header.logo': 'Digipost – til framsida',
  'header.navigation': 'Hovudmeny',
  'header.front_page': 'Til framsida',
  'header.login_private': 'Logg inn som privatperson',
  'header.login_business': 'Logg inn som bedrift',
  'header.language': 'Språk',
  'header.language_current': 'Språk: #{language}',
  'header.menu_open': 'Meny',
  'header.menu_close': 'Lukk',

  'footer.label': 'Botntekst',
  'footer.private': 'For privatpersonar',
  'footer.privacy': 'Personvern',
  'footer.terms': 'Brukarvilkår',
  'footer.cookies': 'Informasjonskapslar',
  'footer.business': 'For bedrifter',
  'footer.business_services': 'Tenester for bedrifter',
  'footer.business_prices': 'Prisar',
  'footer.gdpr_help': 'Hjelp med GDPR',
  'footer.business_resources': 'Ressursar',
  'footer.business_terms': 'Vilkår for bedrifter',
  'footer.partners': 'Samarbeidspartnarar',
  'footer.partner_program': 'Bli partnar',
  'footer.integrations': 'Integrasjonar',
  'footer.help_and_contact': 'Hjelp og kontakt',
  'footer.status_page': 'Driftsstatus',
  'footer.languages': 'Språk',
  'footer.social': 'Følg oss',
  'footer.social_link': 'Digipost på #{network}',
  'footer.copyright': '© #{year} Posten Bring AS. Digipost er ei teneste frå Posten.',
  'footer.chatbot': 'Chat med oss',
  'footer.accessibility': 'Tilgjengelegheitserklæring',

  'a11y_statement.title': 'Tilgjengelegheitserklæring',
  // Soft hyphens: the long compound breaks with a hyphen on a phone, never mid-syllable without one.
  'a11y_statement.heading': 'Tilgjenge\u00ADlegheits\u00ADerklæring for innlogginga til Digipost',

  'logout.title': 'Logga ut',
  'logout.heading': 'Du er no logga ut',
  'logout.body': 'Takk for besøket. Hugs å lukke nettlesaren dersom du brukar ein delt datamaskin.',
  'timeout.title': 'Tidsavbrot',
  'timeout.heading': 'Du er logga ut',
  'timeout.subheading': 'Du vart logga ut etter #{minutes} minutt utan aktivitet.',
  'timeout.rule': 'Av omsyn til tryggleiken blir du logga ut etter #{minutes} minutt utan aktivitet.',
  'logout.login_private': 'Logg inn som privatperson',
  'logout.login_business': 'Logg inn som bedrift',
  'logout.ending': 'Loggar ut …',
  'logout.failed': 'Vi fekk ikkje logga deg ut',
  'logout.failed_body': 'Prøv igjen om litt. Dersom det framleis ikkje går, lukk alle vindauga i nettlesaren.',

  'error.title': 'Noko gjekk gale',
  'error.heading': 'Orsak, noko gjekk gale',
  'error.body': 'Det oppstod ein feil. Prøv igjen, og kontakt kundeservice dersom feilen held fram.',
  'error.api_body': 'Vi får ikkje kontakt med tenesta akkurat no. Vent litt og prøv igjen.',
  'error.throttled': 'Det har vore for mange forsøk. Prøv igjen #{when}.',
  'error.retry': 'Prøv igjen',
  'error.back_private': 'Logg inn som privatperson',
  'error.back_business': 'Logg inn som bedrift',

  'not_found.title': 'Fann ikkje sida',
  'not_found.heading': 'Vi fann ikkje sida du leitte etter',
  'not_found.body': 'Adressa kan vere skriven feil, eller sida finst ikkje lenger. Kvar vil du logge inn?',

  'customer_service.heading': 'Treng du hjelp?',
  'customer_service.body': 'Finn svar på vanlege spørsmål, eller ta kontakt med kundeservice.',
  'customer_service.link': 'Hjelp og kontakt',

  'account.suspended': 'Kontoen din er sperra. Kontakt kundeservice for å få hjelp.',

  'reset.eid_button': 'Lag nytt passord med elektronisk ID',

  'throttle.in_minutes': 'om #{count} N{count,minutt,minutt}',
  'throttle.in_hours': 'om #{count} N{count,time,timar}',
  'throttle.later': 'seinare',

  'mobile.not_allowed_title': 'Vi kan ikkje sende deg vidare',
  'mobile.not_allowed':
    'Adressa vi vart bedne om å sende deg til, høyrer ikkje til Digipost-appen, så vi stoppar her for å verne deg. Opne appen og prøv på nytt.',
  'mobile.error_title': 'Innlogginga frå appen feila',
  'mobile.error_body': 'Noko gjekk gale då du skulle logge inn frå appen. Gå tilbake til Digipost-appen og prøv igjen.',

  'chatbot.loading': 'Startar chatten …',
  'chatbot.failed': 'Vi fekk ikkje starta chatten. Prøv igjen seinare, eller ta kontakt via hjelpesidene.',

  'spinner.loading': 'Lastar …',
  'textarea.remaining': '#{count} N{count,teikn,teikn} att',
  'textarea.exceeded': '#{count} N{count,teikn,teikn} for mykje',
} satisfies PageTexts;
