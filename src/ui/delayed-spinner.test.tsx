import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
import { withFakeTimers } from '../test-support/fake-timers';
import { DelayedSpinner, type DelayedSpinnerProps } from './delayed-spinner';

function renderSpinner(props: DelayedSpinnerProps = {}) {
  return render(
    <I18nProvider language="en" texts={en}>
      <DelayedSpinner {...props} />
    </I18nProvider>,
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('DelayedSpinner', () => {
  withFakeTimers();

  it('shows nothing for the first 1000 ms, then the status "Loading …"', () => {
    renderSpinner();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading …')).not.toBeInTheDocument();

    advance(999);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    advance(1);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading …');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('waits for a custom delay', () => {
    renderSpinner({ delay: 300 });

    advance(299);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    advance(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  });

  it('shows at once with a delay of 0', () => {
    renderSpinner({ delay: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  });

  it('is small by default', () => {
    const { container } = renderSpinner();
    advance(1000);
    expect(screen.getByRole('status')).toHaveAttribute('data-size', 'small');
    expect(container.querySelector('.hds-spinner')).toHaveClass('hds-spinner--small');
  });

  it('can be large', () => {
    const { container } = renderSpinner({ size: 'large' });
    advance(1000);
    expect(screen.getByRole('status')).toHaveAttribute('data-size', 'large');
    expect(container.querySelector('.hds-spinner')).toHaveClass('hds-spinner--large');
  });

  it('clears its timer when unmounted before the delay', () => {
    const { unmount } = renderSpinner();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
