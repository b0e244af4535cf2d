import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field, type FieldProps } from './field';

function renderField(props: Partial<Omit<FieldProps, 'children'>> = {}) {
  const result = render(
    <Field label="Phone number" {...props}>
      {(controlProps) => <input type="tel" {...controlProps} />}
    </Field>,
  );
  return { ...result, input: screen.getByLabelText('Phone number') };
}

function describedByIds(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
}

describe('Field', () => {
  it('labels the control', () => {
    const { input } = renderField();
    expect(input.tagName).toBe('INPUT');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBe(input);
    expect(input).toHaveClass('hds-input-group__input');
  });

  it('uses a given id', () => {
    const { input } = renderField({ id: 'phone' });
    expect(input).toHaveAttribute('id', 'phone');
    expect(screen.getByText('Phone number')).toHaveAttribute('for', 'phone');
  });

  it('gives two fields different ids', () => {
    render(
      <>
        <Field label="First">{(p) => <input {...p} />}</Field>
        <Field label="Second">{(p) => <input {...p} />}</Field>
      </>,
    );
    const first = screen.getByLabelText('First');
    const second = screen.getByLabelText('Second');
    expect(first.id).not.toBe('');
    expect(first.id).not.toBe(second.id);
  });

  it('has no description and is not invalid without hint or error', () => {
    const { input } = renderField();
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toBeValid();
  });

  it('ties the hint to the control', () => {
    const { input } = renderField({ hint: 'Eight digits' });
    const hint = screen.getByText('Eight digits');
    expect(describedByIds(input)).toEqual([hint.id]);
    expect(input).toHaveAccessibleDescription('Eight digits');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('ties the error to the control and marks it invalid', () => {
    const { input, container } = renderField({ error: 'Enter eight digits' });
    const error = screen.getByText('Enter eight digits');
    expect(describedByIds(input)).toEqual([error.id]);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    expect(container.firstChild).toHaveClass('hds-input-group--error');
  });

  it('ties hint, footer and error to the control, in that order', () => {
    const { input } = renderField({ hint: 'Eight digits', footer: 'Footer text', error: 'Enter eight digits' });
    const ids = describedByIds(input);
    expect(ids).toEqual([screen.getByText('Eight digits').id, screen.getByText('Footer text').id, screen.getByText('Enter eight digits').id]);
    expect(new Set(ids).size).toBe(3);
    expect(input).toHaveAccessibleDescription('Eight digits Footer text Enter eight digits');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('ties only the part of the footer that describes the control, when told which (a live region beside it is not read twice)', () => {
    const { input } = renderField({
      footer: (
        <>
          <p id="phone-meter">Strength: Good</p>
          <p aria-live="polite">Strength: Good</p>
        </>
      ),
      footerDescriptionId: 'phone-meter',
    });
    expect(describedByIds(input)).toEqual(['phone-meter']);
    expect(input).toHaveAccessibleDescription('Strength: Good');
  });

  it('drops aria-invalid when the error is gone', () => {
    const { input, rerender, container } = renderField({ error: 'Enter eight digits' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(container.firstChild).toHaveClass('hds-input-group--error');

    rerender(
      <Field label="Phone number" hint="Eight digits">
        {(controlProps) => <input type="tel" {...controlProps} />}
      </Field>,
    );

    expect(input).not.toHaveAttribute('aria-invalid');
    expect(describedByIds(input)).toEqual([screen.getByText('Eight digits').id]);
    expect(container.firstChild).not.toHaveClass('hds-input-group--error');
  });

  it('uses the textarea class of Hedwig for kind="textarea"', () => {
    const { container } = renderField({ kind: 'textarea' });
    expect(container.firstChild).toHaveClass('hds-textarea');
    expect(container.firstChild).not.toHaveClass('hds-input');
  });
});
