/** Decorative illustrations in Posten's colours. The heading beside each says what it means. */
import { IllustrationFrame, Envelope } from './illustration-frame';

export function LoggedOutIllustration() {
  return (
    <IllustrationFrame>
      <rect x="58" y="40" width="92" height="124" rx="4" fill="#fbd7d0" />
      <rect x="66" y="48" width="76" height="116" rx="2" fill="#fff" stroke="#e32d22" strokeWidth="3" />
      <circle cx="130" cy="108" r="4.5" fill="#e32d22" />
      <path d="M150 164V40" stroke="#2a2a2a" strokeWidth="3" strokeLinecap="round" />
      <path d="M168 100h44m0 0-14-14m14 14-14 14" fill="none" stroke="#2a2a2a" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="84" y="66" width="40" height="26" rx="3" fill="#e32d22" />
      <path d="m84 68 20 14 20-14" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    </IllustrationFrame>
  );
}

export function NotFoundIllustration() {
  return (
    <IllustrationFrame>
      <rect x="50" y="50" width="110" height="80" rx="6" fill="#fbd7d0" stroke="#2a2a2a" strokeWidth="3" />
      <path d="m50 56 55 40 55-40" fill="none" stroke="#2a2a2a" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="166" cy="104" r="30" fill="#fff" stroke="#e32d22" strokeWidth="7" />
      <path d="m188 126 24 24" stroke="#e32d22" strokeWidth="9" strokeLinecap="round" />
      <text x="166" y="114" textAnchor="middle" fontSize="28" fontWeight="700" fill="#2a2a2a">
        ?
      </text>
    </IllustrationFrame>
  );
}

export function EnvelopeCheckIllustration() {
  return (
    <IllustrationFrame>
      <Envelope fill="#fbd7d0" />
      <circle cx="176" cy="58" r="34" fill="#fff" stroke="#e32d22" strokeWidth="6" />
      <path d="m160 58 11 11 21-22" fill="none" stroke="#e32d22" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </IllustrationFrame>
  );
}
