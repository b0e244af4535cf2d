/**
 * The error illustration, apart from the others (illustrations.tsx): every page can end on an error
 * screen, so it is part of every first load; the others load with their own screens.
 */
import { IllustrationFrame, Envelope } from './illustration-frame';

export function ErrorIllustration() {
  return (
    <IllustrationFrame>
      <Envelope fill="#fff" />
      <circle cx="176" cy="58" r="34" fill="#e32d22" />
      <path d="M176 40v24" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
      <circle cx="176" cy="77" r="4.5" fill="#fff" />
    </IllustrationFrame>
  );
}
