/**
 * The email link that did not work (email verification failed, or incomplete): the envelope of the
 * success page with a broken chain link where that has its check. Decorative, in the style of
 * illustrations.tsx; a file of its own so it stays out of the shared chunk every first load takes.
 */
import { IllustrationFrame, Envelope } from './illustration-frame';

export function BrokenLinkIllustration() {
  return (
    <IllustrationFrame>
      <Envelope fill="#fbd7d0" />
      <circle cx="176" cy="58" r="34" fill="#fff" stroke="#e32d22" strokeWidth="6" />
      <g fill="none" strokeLinecap="round" transform="rotate(-45 176 58)">
        <path d="M170 48h-10a10 10 0 0 0 0 20h10M182 48h10a10 10 0 0 1 0 20h-10" stroke="#e32d22" strokeWidth="6" />
        <path d="M176 37v5M176 74v5" stroke="#2a2a2a" strokeWidth="3.5" />
      </g>
    </IllustrationFrame>
  );
}
