import { lazy, Suspense, type ComponentProps } from 'react';

const load = () => import('./wrong-role-dialog');

const WrongRoleDialogChunk = lazy(() => load().then((module) => ({ default: module.WrongRoleDialog })));

/**
 * The wrong-role dialog, whose code (dialog, logout, cookie clearing) only someone signed in with
 * another role needs: it stays out of the login pages' first load. Loaders call
 * preloadWrongRoleDialog when their decision is wrong-role, so it is there by the time it renders.
 */
export function LazyWrongRoleDialog(props: ComponentProps<typeof WrongRoleDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <WrongRoleDialogChunk {...props} />
    </Suspense>
  );
}

export function preloadWrongRoleDialog(): Promise<unknown> {
  return load();
}
