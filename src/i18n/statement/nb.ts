/**
 * Bokmål texts of the accessibility statement: they come with it, not with the first load nor with the
 * other later texts (../parts.ts, statementTexts).
 */
export const nbStatement = {
  'a11y_statement.intro':
    'Denne erklæringen gjelder innloggingssidene til Digipost: innlogging for privatpersoner og bedrifter, glemt passord, innlogging fra appen, utlogging, bekreftelse av e-postadresse og passnøkler. Posten Bring AS står bak Digipost og har ansvaret for sidene.',
  'a11y_statement.status_heading': 'Hvor tilgjengelige er sidene?',
  'a11y_statement.status':
    'Sidene oppfyller delvis kravene i WCAG 2.2 på nivå A og AA. Vi har gått gjennom hvert suksesskriterium for hver gruppe av sider. Det meste kontrolleres av automatiske tester hver gang sidene endres, på bokmål, nynorsk og engelsk, på mobil og på stor skjerm. Noen kontroller må en person gjøre, og de er ikke gjort ennå.',
  'a11y_statement.works':
    'Du kan lime inn fødselsnummer, passord og engangskoder, også koder med mellomrom eller bindestrek. Passordbehandlere kan fylle ut innloggingen og det nye passordet. Ingen steder må du løse en oppgave eller skrive av noe. Sidene kan brukes med tastatur og forstørres til 400 prosent.',
  'a11y_statement.gaps_heading': 'Dette er ikke tilgjengelig eller ikke kontrollert ennå',
  'a11y_statement.gap_screen_reader':
    'Skjermleser: Ingen person har ennå testet sidene med skjermleser, for eksempel NVDA, VoiceOver eller TalkBack. Sidene er laget og testet for at skjermlesere skal kunne lese navn, roller og statusmeldinger, men vi kan ikke si at alt blir lest opp riktig før det er prøvd.',
  'a11y_statement.gap_wording':
    'Tekster: Ingen person har ennå kontrollert at alle overskrifter, ledetekster, instruksjoner og feilmeldinger er beskrivende, og at ingen instruksjon bare viser til form, farge eller plassering.',
  'a11y_statement.gap_password_save':
    'Lagring av passord: Chrome tilbyr å lagre passordet, med fødselsnummeret ditt, etter innlogging og etter at du har laget nytt passord (kontrollert 27. november 2026). Firefox og Safari er ikke kontrollert ennå. Feltene er merket slik passordbehandlere forventer, og det testes automatisk.',
  'a11y_statement.gap_chat':
    'Chat: Chatvinduet du åpner fra bunnteksten, kommer fra en annen leverandør. Vi har ikke kontrollert det mot WCAG, og det åpnes på bokmål også når siden er på nynorsk.',
  'a11y_statement.gap_eid':
    'Elektronisk ID: Innlogging med BankID, MinID, Buypass og Commfides skjer hos ID-porten og leverandørene av elektronisk ID. De sidene dekkes ikke av denne erklæringen.',
  'a11y_statement.feedback_heading': 'Meld fra om feil og mangler',
  'a11y_statement.feedback':
    'Er noe vanskelig å bruke, eller virker det ikke for deg? Gi oss beskjed, så retter vi det. Skriv gjerne hvilken side det gjelder, hva du prøvde å gjøre og hvilket hjelpemiddel du bruker.',
  'a11y_statement.feedback_link': 'Kontakt kundeservice',
  'a11y_statement.enforcement_heading': 'Tilsyn og klage',
  'a11y_statement.enforcement':
    'Tilsynet for universell utforming av ikt (Uutilsynet) er en del av Digitaliseringsdirektoratet og fører tilsyn med at nettløsninger er universelt utformet. Får du ikke svar fra oss, eller er du ikke fornøyd med svaret, kan du melde fra til Uutilsynet.',
  'a11y_statement.enforcement_link': 'Uutilsynet: uutilsynet.no',
  'a11y_statement.complaint': 'Mener du at du er blitt diskriminert fordi en løsning ikke er universelt utformet, kan du klage til Diskrimineringsnemnda.',
  'a11y_statement.complaint_link': 'Diskrimineringsnemnda: diskrimineringsnemnda.no',
  'a11y_statement.register':
    'Digipost er ikke en offentlig virksomhet og har ikke plikt til å registrere erklæringen i Uutilsynets register (uustatus.no). Derfor publiserer vi den her.',
  'a11y_statement.checked_heading': 'Sist kontrollert',
  'a11y_statement.checked': 'Sidene ble sist kontrollert #{date}. Erklæringen bygger på den samme gjennomgangen.',
} as const;
