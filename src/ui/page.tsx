import { useEffect, useRef, type ReactNode } from 'react';
import { keepHyphenatedWordsWhole } from './hyphenated-words';
import { useDocumentTitle } from './use-document-title';

let firstPageShown = false;

/**
 * A screen's frame: sets the document title and, after an in-app navigation, moves focus to the
 * heading so screen-reader and keyboard users start at the top of the new screen.
 */
export function Page({
  title,
  heading,
  children,
  illustration,
  bare = false,
}: {
  title: string;
  heading: ReactNode;
  children?: ReactNode;
  illustration?: ReactNode;
  /** Only the heading and content, for a screen inside a layout that draws the frame. */
  bare?: boolean;
}) {
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPageShown) headingRef.current?.focus();
    firstPageShown = true;
  }, []);
  const content = (
    <>
      <h1 className="hds-text-h1 page__heading" ref={headingRef} tabIndex={-1}>
        {typeof heading === 'string' ? keepHyphenatedWordsWhole(heading) : heading}
      </h1>
      {children}
    </>
  );
  if (bare) return content;
  return <PageFrame illustration={illustration}>{content}</PageFrame>;
}

/** The page frame: content, with an illustration beside it (below on phones) when there is one. */
export function PageFrame({ illustration, children }: { illustration?: ReactNode; children: ReactNode }) {
  return (
    <div className={illustration ? 'page page--illustrated' : 'page'}>
      {illustration ? <div className="page__illustration">{illustration}</div> : null}
      <div className="page__body">{children}</div>
    </div>
  );
}
