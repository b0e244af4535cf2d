import type { StatementTexts } from '../nb';

/** Nynorsk texts of the accessibility statement (../statement/nb.ts says when they come). */
export const nnStatement = {
  'a11y_statement.intro':
    'Denne erklæringa gjeld innloggingssidene til Digipost: innlogging for privatpersonar og bedrifter, gløymt passord, innlogging frå appen, utlogging, stadfesting av e-postadresse og passnøklar. Posten Bring AS står bak Digipost og har ansvaret for sidene.',
  'a11y_statement.status_heading': 'Kor tilgjengelege er sidene?',
  'a11y_statement.status':
    'Sidene oppfyller delvis krava i WCAG 2.2 på nivå A og AA. Vi har gått gjennom kvart suksesskriterium for kvar gruppe av sider. Det meste blir kontrollert av automatiske testar kvar gong sidene blir endra, på bokmål, nynorsk og engelsk, på mobil og på stor skjerm. Nokre kontrollar må ein person gjere, og dei er ikkje gjorde enno.',
  'a11y_statement.works':
    'Du kan lime inn fødselsnummer, passord og eingongskodar, også kodar med mellomrom eller bindestrek. Passordhandsamarar kan fylle ut innlogginga og det nye passordet. Ingen stader må du løyse ei oppgåve eller skrive av noko. Sidene kan brukast med tastatur og forstørrast til 400 prosent.',
  'a11y_statement.gaps_heading': 'Dette er ikkje tilgjengeleg eller ikkje kontrollert enno',
  'a11y_statement.gap_screen_reader':
    'Skjermlesar: Ingen person har enno testa sidene med skjermlesar, til dømes NVDA, VoiceOver eller TalkBack. Sidene er laga og testa for at skjermlesarar skal kunne lese namn, roller og statusmeldingar, men vi kan ikkje seie at alt blir lese opp rett før det er prøvd.',
  'a11y_statement.gap_wording':
    'Tekstar: Ingen person har enno kontrollert at alle overskrifter, leietekstar, instruksjonar og feilmeldingar er skildrande, og at ingen instruksjon berre viser til form, farge eller plassering.',
  'a11y_statement.gap_password_save':
    'Lagring av passord: Chrome tilbyr å lagre passordet, med fødselsnummeret ditt, etter innlogging og etter at du har laga nytt passord (kontrollert 27. november 2026). Firefox og Safari er ikkje kontrollerte enno. Felta er merkte slik passordhandsamarar ventar, og det blir testa automatisk.',
  'a11y_statement.gap_chat':
    'Chat: Chatvindauget du opnar frå botnteksten, kjem frå ein annan leverandør. Vi har ikkje kontrollert det mot WCAG, og det blir opna på bokmål også når sida er på nynorsk.',
  'a11y_statement.gap_eid':
    'Elektronisk ID: Innlogging med BankID, MinID, Buypass og Commfides skjer hos ID-porten og leverandørane av elektronisk ID. Dei sidene er ikkje dekte av denne erklæringa.',
  'a11y_statement.feedback_heading': 'Meld frå om feil og manglar',
  'a11y_statement.feedback':
    'Er noko vanskeleg å bruke, eller verkar det ikkje for deg? Gi oss beskjed, så rettar vi det. Skriv gjerne kva side det gjeld, kva du prøvde å gjere og kva hjelpemiddel du brukar.',
  'a11y_statement.feedback_link': 'Kontakt kundeservice',
  'a11y_statement.enforcement_heading': 'Tilsyn og klage',
  'a11y_statement.enforcement':
    'Tilsynet for universell utforming av ikt (Uutilsynet) er ein del av Digitaliseringsdirektoratet og fører tilsyn med at nettløysingar er universelt utforma. Får du ikkje svar frå oss, eller er du ikkje nøgd med svaret, kan du melde frå til Uutilsynet.',
  'a11y_statement.enforcement_link': 'Uutilsynet: uutilsynet.no',
  'a11y_statement.complaint': 'Meiner du at du er blitt diskriminert fordi ei løysing ikkje er universelt utforma, kan du klage til Diskrimineringsnemnda.',
  'a11y_statement.complaint_link': 'Diskrimineringsnemnda: diskrimineringsnemnda.no',
  'a11y_statement.register':
    'Digipost er ikkje ei offentleg verksemd og har ikkje plikt til å registrere erklæringa i registeret til Uutilsynet (uustatus.no). Difor publiserer vi ho her.',
  'a11y_statement.checked_heading': 'Sist kontrollert',
  'a11y_statement.checked': 'Sidene vart sist kontrollerte #{date}. Erklæringa byggjer på den same gjennomgangen.',
} satisfies StatementTexts;
