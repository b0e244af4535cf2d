/**
 * The error illustration, apart from the others (illustrations.tsx): every page can end on an error
 * screen, so it is part of every first load; the others load with their own screens. Written out
 * whole, not with illustration-frame.tsx's pieces: those would add their own code to every first load.
 */
export function ErrorIllustration() {
  return (
    <svg className="illustration" aria-hidden="true" focusable="false" viewBox="0 0 240 180" width="240" height="180">
      <ellipse cx="120" cy="164" rx="96" ry="10" fill="#f3f0ee" />
      <rect x="42" y="56" width="128" height="88" rx="6" fill="#fff" stroke="#2a2a2a" strokeWidth="3" />
      <path d="m42 62 64 46 64-46" fill="none" stroke="#2a2a2a" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="176" cy="58" r="34" fill="#e32d22" />
      <path d="M176 40v24" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
      <circle cx="176" cy="77" r="4.5" fill="#fff" />
    </svg>
  );
}
