import { loadLaterTexts } from '../../i18n/texts';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useHydrated } from '../../ui/use-hydrated';

// With its texts, which are not part of the first load (i18n/texts.ts).
const load = () => Promise.all([import('./wrong-role-dialog'), loadLaterTexts()]).then(([module]) => module);

const WrongRoleDialogChunk = lazy(() => load().then((module) => ({ default: module.WrongRoleDialog })));

/**
 * The wrong-role dialog, whose code (dialog, logout, cookie clearing) only someone signed in with
 * another role needs: it stays out of the login pages' first load. Loaders call
 * preloadWrongRoleDialog when their decision is wrong-role, so it is there by the time it renders.
 */
export function LazyWrongRoleDialog(props: ComponentProps<typeof WrongRoleDialogChunk>) {
  // Not in the prerendered markup (nobody is signed in at build): it comes right after hydration,
  // which then finds exactly the markup it was given.
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <WrongRoleDialogChunk {...props} />
    </Suspense>
  );
}

export function preloadWrongRoleDialog(): Promise<unknown> {
  return load();
}
