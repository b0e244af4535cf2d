import type { Language } from '../contract/languages';

/**
 * Dates and times as each language writes them (docs/terms.md): Bokmål and Nynorsk "kl. 14.05" with a
 * full stop (Språkrådet), English "14:05" with a colon. Intl's nb-NO writes "kl. 14:05", so the time is
 * put together here, never left to Intl.
 *
 * Nynorsk names the months as Bokmål does, and browsers do not all know nn (Chromium's ICU falls back
 * to American English: "November 22"), so nn takes nb-NO's month names.
 */
export const dateLocales: Record<Language, string> = { nb: 'nb-NO', nn: 'nb-NO', en: 'en-GB' };

const timeSeparators: Record<Language, string> = { nb: '.', nn: '.', en: ':' };

/** "14.05" (nb, nn) or "14:05" (en), from an hour and minute already worked out. */
export function clock(hour: string | number, minute: string | number, language: Language): string {
  const two = (value: string | number) => String(value).padStart(2, '0');
  return `${two(hour)}${timeSeparators[language]}${two(minute)}`;
}

/** The hour and minute of a moment, in a time zone (the browser's when none is given), on a 24-hour clock. */
function hourAndMinute(at: Date, timeZone?: string): { hour: string; minute: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { ...(timeZone ? { timeZone } : {}), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { hour: parts.hour as string, minute: parts.minute as string };
}

/** The time of day of a moment: "14.05" / "14:05". */
export function timeOf(at: Date | string, language: Language, timeZone?: string): string {
  const { hour, minute } = hourAndMinute(new Date(at), timeZone);
  return clock(hour, minute, language);
}

/** A date written out: "28. november 2026" / "28 November 2026". */
export function dateOf(at: Date | string, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocales[language], { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) }).format(new Date(at));
}

/** A date and its time: "28. november 2026 kl. 14.05" / "28 November 2026 at 14:05". */
export function dateAndTime(at: Date | string, language: Language, timeZone?: string): string {
  const joiner = language === 'en' ? 'at' : 'kl.';
  return `${dateOf(at, language, timeZone)} ${joiner} ${timeOf(at, language, timeZone)}`;
}
