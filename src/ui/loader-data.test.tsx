import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
import { LoaderData, useLoaderDataContext } from './loader-data';

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

function renderWithI18n(ui: ReactNode) {
  return render(
    <I18nProvider language="en" texts={en}>
      {ui}
    </I18nProvider>,
  );
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
    beforeEach(() => {
      vi.useFakeTimers();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('shows the spinner after the delay until the promise resolves, then gives the data to its children', async () => {
      const { promise, resolve } = deferred<Account>();
      renderWithI18n(
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

    it('passes size and delay on to the spinner', () => {
      const { promise } = deferred<Account>();
      renderWithI18n(
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

  it('renders its children at once for data that is not a promise', () => {
    renderWithI18n(
      <LoaderData resolve={{ name: 'Ola' }}>
        <AccountName />
      </LoaderData>,
    );
    expect(screen.getByText('Account: Ola')).toBeInTheDocument();
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
