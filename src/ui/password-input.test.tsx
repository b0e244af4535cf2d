import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
import { nb } from '../i18n/nb';
import { PasswordInput } from './password-input';

/** The input, labelled, in a form with a submit button whose sending the page keeps (no navigation in jsdom). */
function renderPasswordInput(texts = en, language: 'en' | 'nb' = 'en') {
  const user = userEvent.setup();
  const { container } = render(
    <I18nProvider language={language} texts={texts}>
      <form onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="password">Password</label>
        <PasswordInput id="password" className="hds-input-group__input" autoComplete="current-password" />
        <button type="submit">Log in</button>
      </form>
    </I18nProvider>,
  );
  const liveRegion = container.querySelector('[aria-live="polite"]') as HTMLElement;
  return { user, input: screen.getByLabelText('Password'), liveRegion, submit: screen.getByRole('button', { name: 'Log in' }) };
}

describe('PasswordInput', () => {
  it('starts hidden, with nothing announced', () => {
    const { input, liveRegion } = renderPasswordInput();

    expect(input).toHaveAttribute('type', 'password');
    expect(liveRegion).toBeInTheDocument();
    expect(liveRegion).toBeEmptyDOMElement();
  });

  it('names the toggle by what it will do, without aria-pressed', async () => {
    const { user } = renderPasswordInput();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).not.toHaveAttribute('aria-pressed');
    expect(toggle).toHaveAttribute('aria-controls', 'password');

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Hide password' })).toBe(toggle);
    expect(toggle).not.toHaveAttribute('aria-pressed');
  });

  it('announces the password shown, then hidden', async () => {
    const { user, input, liveRegion } = renderPasswordInput();
    const toggle = screen.getByRole('button', { name: 'Show password' });

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(liveRegion).toHaveTextContent(/^Your password is shown$/);

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(liveRegion).toHaveTextContent(/^Your password is hidden$/);

    await user.click(toggle);
    expect(liveRegion).toHaveTextContent(/^Your password is shown$/);
  });

  it('announces in the page language', async () => {
    const { user, liveRegion } = renderPasswordInput(nb, 'nb');
    const toggle = screen.getByRole('button', { name: nb['login.show_password'] });

    await user.click(toggle);
    expect(liveRegion).toHaveTextContent(nb['login.password_shown']);
    await user.click(toggle);
    expect(liveRegion).toHaveTextContent(nb['login.password_hidden']);
  });

  it('hides a shown password again when its form is sent, and when the page comes back from history', async () => {
    const { user, input, submit } = renderPasswordInput();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(submit);
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    window.dispatchEvent(new Event('pageshow'));
    await screen.findByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
  });

  it('a hidden password stays hidden and unannounced when its form is sent', async () => {
    const { user, input, liveRegion, submit } = renderPasswordInput();
    await user.click(submit);
    expect(input).toHaveAttribute('type', 'password');
    expect(liveRegion).toBeEmptyDOMElement();
  });
});
