/**
 * What the decorative illustrations of the screens' own chunks share (illustrations.tsx,
 * broken-link-illustration.tsx): the frame with the shadow each stands on, and the envelope most of
 * them show. error-illustration.tsx, in every first load, draws the same frame on its own.
 */
import type { ReactNode } from 'react';

export function IllustrationFrame({ children }: { children: ReactNode }) {
  return (
    <svg className="illustration" aria-hidden="true" focusable="false" viewBox="0 0 240 180" width="240" height="180">
      <ellipse cx="120" cy="164" rx="96" ry="10" fill="#f3f0ee" />
      {children}
    </svg>
  );
}

/** The envelope, with a round badge at its upper right corner (the badge is the caller's). */
export function Envelope({ fill }: { fill: string }) {
  return (
    <>
      <rect x="42" y="56" width="128" height="88" rx="6" fill={fill} stroke="#2a2a2a" strokeWidth="3" />
      <path d="m42 62 64 46 64-46" fill="none" stroke="#2a2a2a" strokeWidth="3" strokeLinejoin="round" />
    </>
  );
}
