import { createContext, Suspense, use, useContext, type ReactNode } from 'react';
import { DelayedSpinner, type DelayedSpinnerProps } from './delayed-spinner';

const LoaderDataContext = createContext<{ data: unknown } | null>(null);
const LoaderDataErrorContext = createContext<{ error: unknown } | null>(null);

export interface LoaderDataProps<T> extends DelayedSpinnerProps {
  /** The route data, usually a promise returned un-awaited from the route's loader. */
  resolve: Promise<T> | T;
  children: ReactNode;
  /**
   * Shown instead when the promise rejects (`useLoaderDataError()` reads the reason there). Without it
   * the rejection is thrown to the route's error element, through React, which logs it as a crash.
   */
  errorElement?: ReactNode;
}

type Outcome = { ok: true; data: unknown } | { ok: false; error: unknown };

/** One settled-outcome promise per data promise: `use()` needs the same promise on every render. */
const outcomes = new WeakMap<PromiseLike<unknown>, Promise<Outcome>>();

function outcomeOf(promise: PromiseLike<unknown>): Promise<Outcome> {
  let outcome = outcomes.get(promise);
  if (!outcome) {
    outcome = Promise.resolve(promise).then(
      (data): Outcome => ({ ok: true, data }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    outcomes.set(promise, outcome);
  }
  return outcome;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/**
 * Shows the delayed spinner until the route data arrives, then provides it to `useLoaderDataContext`
 * (SPEC §2). A rejected promise goes to `errorElement`, or else is thrown to the route's error element.
 * Built on React's `use()` rather than react-router's `<Await>`, whose code would join every page's
 * first load (the router's chunk is shared).
 */
export function LoaderData<T>({ resolve, children, size, delay, errorElement }: LoaderDataProps<T>) {
  return (
    <Suspense fallback={<DelayedSpinner size={size} delay={delay} />}>
      <Resolved resolve={resolve} errorElement={errorElement}>
        {children}
      </Resolved>
    </Suspense>
  );
}

function Resolved({ resolve, errorElement, children }: { resolve: unknown; errorElement?: ReactNode; children: ReactNode }) {
  const outcome: Outcome = isPromiseLike(resolve) ? use(outcomeOf(resolve)) : { ok: true, data: resolve };
  if (outcome.ok) return <LoaderDataContext.Provider value={{ data: outcome.data }}>{children}</LoaderDataContext.Provider>;
  if (errorElement === undefined) throw outcome.error;
  return <LoaderDataErrorContext.Provider value={{ error: outcome.error }}>{errorElement}</LoaderDataErrorContext.Provider>;
}

export function useLoaderDataContext<T>(): T {
  const value = useContext(LoaderDataContext);
  if (!value) throw new Error('context ikke satt');
  return value.data as T;
}

/** In a LoaderData's errorElement: why the route data did not arrive. */
export function useLoaderDataError(): unknown {
  const value = useContext(LoaderDataErrorContext);
  if (!value) throw new Error('context ikke satt');
  return value.error;
}
