/** Small decorative icons; always hidden from assistive technology, the text next to them says it all. */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24" fill="none">
      {children}
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="8.25" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M3.75 12h16.5M12 3.75c2.2 2.3 3.3 5 3.3 8.25S14.2 17.95 12 20.25C9.8 17.95 8.7 15.25 8.7 12S9.8 6.05 12 3.75Z"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </Icon>
  );
}

export function HomeIcon() {
  return (
    <Icon>
      <path d="M4 10.5 12 4l8 6.5V20h-5.5v-5.5h-5V20H4z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </Icon>
  );
}

export function PersonIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="3.75" stroke="currentColor" strokeWidth="1.5" />
      <path d="M4.75 20c.6-3.9 3.5-6.25 7.25-6.25s6.65 2.35 7.25 6.25" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </Icon>
  );
}

export function BuildingIcon() {
  return (
    <Icon>
      <path d="M5 20V4.75h9.5V20M14.5 9.5H19V20M3.5 20h17M8 8h3M8 11.5h3M8 15h3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </Icon>
  );
}
