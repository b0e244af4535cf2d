/**
 * Bokmål texts of the forgotten-password screens: they come with those screens' first load, not with every
 * page's (../forgot/part.ts; issue #52). Any part loaded later brings them too (../texts.ts).
 */
export const nbForgot = {
  'forgot.title': 'Glemt passord',
  'forgot.heading': 'Glemt passordet?',
  'forgot.lead': 'Du kan lage et nytt passord på to måter.',
  'forgot.eid_heading': 'Med elektronisk ID',
  'forgot.eid_body': 'Logg inn med BankID, MinID, Buypass eller Commfides, så velger du et nytt passord med en gang. Dette er den raskeste måten.',
  'forgot.eid_button': 'Fortsett med elektronisk ID',
  'forgot.eid_busy': 'Sender deg til ID-porten …',
  'forgot.redirecting': 'Sender deg videre til ID-porten …',
  'forgot.redirect_fallback': 'Skjer det ingenting? Fortsett med elektronisk ID',
  'forgot.code_heading': 'Med engangskoder',
  'forgot.code_body': 'Har du ikke elektronisk ID, sender vi deg én kode på e-post og én på SMS.',
  'forgot.code_info_title': 'Dette trenger du',
  'forgot.code_info': 'Fødselsnummeret ditt, og tilgang til mobilnummeret og e-postadressen som er registrert i Digipost.',
  'forgot.code_button': 'Få engangskoder',
  'forgot.app_lead': 'Du kan logge inn med elektronisk ID i stedet, eller lage et nytt passord med engangskoder.',
  'forgot.app_eid_body': 'Med BankID, MinID, Buypass eller Commfides logger du inn i appen uten passord, og du får full tilgang.',
  'forgot.app_back': 'Tilbake til innlogging',
} as const;
