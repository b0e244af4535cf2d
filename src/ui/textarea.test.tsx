import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
import { Textarea, type TextareaProps } from './textarea';

function renderTextarea(props: Partial<TextareaProps> = {}) {
  const user = userEvent.setup();
  render(
    <I18nProvider language="en" texts={en}>
      <Textarea label="Message" {...props} />
    </I18nProvider>,
  );
  return { user, textarea: screen.getByRole('textbox', { name: 'Message' }) };
}

function describedByIds(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
}

describe('Textarea', () => {
  it('counts the characters left down as the person types', async () => {
    const { user, textarea } = renderTextarea({ maxCharacters: 5 });
    expect(screen.getByText('5 characters left')).toBeInTheDocument();

    await user.type(textarea, 'abc');
    expect(textarea).toHaveValue('abc');
    expect(screen.getByText('2 characters left')).toBeInTheDocument();

    await user.type(textarea, 'd');
    expect(screen.getByText('1 character left')).toBeInTheDocument();

    await user.type(textarea, 'e');
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
  });

  it('tells by how much the text is too long past the limit, without cutting it', async () => {
    const { user, textarea } = renderTextarea({ maxCharacters: 5 });

    await user.type(textarea, 'abcdef');
    expect(textarea).toHaveValue('abcdef');
    const counter = screen.getByText('1 character too many');
    expect(counter).toHaveClass('textarea__counter--exceeded');
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();

    await user.type(textarea, 'g');
    expect(screen.getByText('2 characters too many')).toBeInTheDocument();

    await user.type(textarea, '{Backspace}{Backspace}');
    expect(screen.getByText('0 characters left')).not.toHaveClass('textarea__counter--exceeded');
  });

  it('counts from the default value', () => {
    renderTextarea({ maxCharacters: 10, defaultValue: 'hello' });
    expect(screen.getByText('5 characters left')).toBeInTheDocument();
  });

  it('counts a controlled value and calls onChange', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [text, setText] = useState('ab');
      return (
        <Textarea
          label="Message"
          maxCharacters={3}
          value={text}
          onChange={(event) => {
            onChange(event.target.value);
            setText(event.target.value);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(
      <I18nProvider language="en" texts={en}>
        <Controlled />
      </I18nProvider>,
    );
    expect(screen.getByText('1 character left')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'cd');

    expect(onChange).toHaveBeenLastCalledWith('abcd');
    expect(screen.getByText('1 character too many')).toBeInTheDocument();
  });

  it('ties the hint and the counter to the textarea with aria-describedby', () => {
    const { textarea } = renderTextarea({ maxCharacters: 5, hint: 'Write a short message' });

    const ids = describedByIds(textarea);
    const hint = screen.getByText('Write a short message');
    const counter = screen.getByText('5 characters left');
    expect(ids).toContain(hint.id);
    expect(ids.some((id) => document.getElementById(id)?.contains(counter))).toBe(true);
    expect(textarea).toHaveAccessibleDescription('Write a short message 5 characters left');
  });

  it('has no counter and no description without maxCharacters or hint', () => {
    const { textarea } = renderTextarea();
    expect(screen.queryByText(/characters? (left|too many)/)).not.toBeInTheDocument();
    expect(textarea).not.toHaveAttribute('aria-describedby');
  });
});
