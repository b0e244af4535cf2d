import { createContext, Suspense, useContext, type ReactNode } from 'react';
import { Await } from 'react-router';
import { DelayedSpinner, type DelayedSpinnerProps } from './delayed-spinner';

const LoaderDataContext = createContext<{ data: unknown } | null>(null);

export interface LoaderDataProps<T> extends DelayedSpinnerProps {
  /** The route data, usually a promise returned un-awaited from the route's loader. */
  resolve: Promise<T> | T;
  children: ReactNode;
}

/**
 * Shows the delayed spinner until the route data arrives, then provides it to `useLoaderDataContext`.
 * A rejected promise is thrown to the route's error element.
 */
export function LoaderData<T>({ resolve, children, size, delay }: LoaderDataProps<T>) {
  return (
    <Suspense fallback={<DelayedSpinner size={size} delay={delay} />}>
      <Await resolve={resolve}>{(data: T) => <LoaderDataContext.Provider value={{ data }}>{children}</LoaderDataContext.Provider>}</Await>
    </Suspense>
  );
}

export function useLoaderDataContext<T>(): T {
  const value = useContext(LoaderDataContext);
  if (!value) throw new Error('context ikke satt');
  return value.data as T;
}
