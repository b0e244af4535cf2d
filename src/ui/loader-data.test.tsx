import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
import { withFakeTimers } from '../test-support/fake-timers';
import { LoaderData, useLoaderDataContext, useLoaderDataError } from './loader-data';

interface Account {
  name: string;
}

function AccountName() {
  const account = useLoaderDataContext<Account>();
  return <p>Account: {account.name}</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Renders inside an awaited act(): LoaderData suspends on the data (React's `use()`). */
async function renderWithI18n(ui: ReactNode) {
  await act(async () => {
    render(
      <I18nProvider language="en" texts={en}>
        {ui}
      </I18nProvider>,
    );
  });
}

class CatchError extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('LoaderData', () => {
  describe('with a pending promise', () => {
    withFakeTimers();

    it('shows the spinner after the delay until the promise resolves, then gives the data to its children', async () => {
      const { promise, resolve } = deferred<Account>();
      await renderWithI18n(
        <LoaderData resolve={promise}>
          <AccountName />
        </LoaderData>,
      );
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.queryByText(/Account:/)).not.toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByRole('status')).toHaveTextContent('Loading …');
      expect(screen.getByRole('status')).toHaveAttribute('data-size', 'small');
      expect(screen.queryByText(/Account:/)).not.toBeInTheDocument();

      await act(async () => {
        resolve({ name: 'Kari Nordmann' });
        await promise;
      });

      expect(screen.getByText('Account: Kari Nordmann')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('passes size and delay on to the spinner', async () => {
      const { promise } = deferred<Account>();
      await renderWithI18n(
        <LoaderData resolve={promise} size="large" delay={200}>
          <AccountName />
        </LoaderData>,
      );

      act(() => {
        vi.advanceTimersByTime(199);
      });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByRole('status')).toHaveAttribute('data-size', 'large');
    });
  });

  it('renders its children at once for data that is not a promise', async () => {
    await renderWithI18n(
      <LoaderData resolve={{ name: 'Ola' }}>
        <AccountName />
      </LoaderData>,
    );
    expect(screen.getByText('Account: Ola')).toBeInTheDocument();
  });

  it('shows its errorElement for a rejected promise, with the reason for useLoaderDataError, and nothing for React to log', async () => {
    function Failure() {
      return <p role="alert">Failed: {(useLoaderDataError() as Error).message}</p>;
    }
    const failing = Promise.reject(new Error('no account'));
    await renderWithI18n(
      <LoaderData resolve={failing} errorElement={<Failure />}>
        <AccountName />
      </LoaderData>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: no account');
    expect(screen.queryByText(/Account:/)).not.toBeInTheDocument();
    // test-setup.ts fails the test on any console.error, such as React's report of a crash.
  });

  it('throws a rejection to the error boundary around it when it has no errorElement', async () => {
    // React reports errors caught by a boundary with console.error; this one is expected.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await renderWithI18n(
        <CatchError>
          <LoaderData resolve={Promise.reject(new Error('no account'))}>
            <AccountName />
          </LoaderData>
        </CatchError>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('no account');
    } finally {
      consoleError.mockRestore();
    }
  });

  it('throws "context ikke satt" when useLoaderDataContext is used outside LoaderData', () => {
    // React reports errors caught by a boundary with console.error; this one is expected.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <CatchError>
          <AccountName />
        </CatchError>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('context ikke satt');
      expect(screen.queryByText(/Account:/)).not.toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });
});
