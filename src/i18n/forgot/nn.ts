import type { ForgotTexts } from '../nb';

/** Nynorsk texts of the forgotten-password screens (../forgot/nb.ts says when they come). */
export const nnForgot = {
  'forgot.title': 'Gløymt passord',
  'forgot.heading': 'Gløymt passordet?',
  'forgot.lead': 'Du kan lage eit nytt passord på to måtar.',
  'forgot.eid_heading': 'Med elektronisk ID',
  'forgot.eid_body': 'Logg inn med BankID, MinID, Buypass eller Commfides, så vel du eit nytt passord med ein gong. Dette er den raskaste måten.',
  'forgot.eid_button': 'Hald fram med elektronisk ID',
  'forgot.eid_busy': 'Sender deg til ID-porten …',
  'forgot.redirecting': 'Sender deg vidare til ID-porten …',
  'forgot.redirect_fallback': 'Skjer det ingenting? Hald fram med elektronisk ID',
  'forgot.code_heading': 'Med eingongskodar',
  'forgot.code_body': 'Har du ikkje elektronisk ID, sender vi deg éin kode på e-post og éin på SMS.',
  'forgot.code_info_title': 'Dette treng du',
  'forgot.code_info': 'Fødselsnummeret ditt, og tilgang til mobilnummeret og e-postadressa som er registrerte i Digipost.',
  'forgot.code_button': 'Få eingongskodar',
  'forgot.app_lead': 'Du kan logge inn med elektronisk ID i staden, eller lage eit nytt passord med eingongskodar.',
  'forgot.app_eid_body': 'Med BankID, MinID, Buypass eller Commfides loggar du inn i appen utan passord, og du får full tilgang.',
  'forgot.app_back': 'Tilbake til innlogginga',
} satisfies ForgotTexts;
