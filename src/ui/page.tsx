import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

let firstPageShown = false;

/**
 * A screen's frame: sets the document title and, after an in-app navigation, moves focus to the
 * heading so screen-reader and keyboard users start at the top of the new screen.
 */
export function Page({ title, heading, children, illustration }: { title: string; heading: ReactNode; children?: ReactNode; illustration?: ReactNode }) {
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPageShown) headingRef.current?.focus();
    firstPageShown = true;
  }, []);
  return (
    <div className={illustration ? 'page page--illustrated' : 'page'}>
      {illustration ? <div className="page__illustration">{illustration}</div> : null}
      <div className="page__body">
        <h1 className="hds-text-h1 page__heading" ref={headingRef} tabIndex={-1}>
          {heading}
        </h1>
        {children}
      </div>
    </div>
  );
}
