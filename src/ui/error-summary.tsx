import type { Key } from 'react';
import { ErrorSummary as HedwigErrorSummary } from '@postenbring/hedwig-react';

export interface FieldError {
  fieldId: string;
  message: string;
}

/**
 * The list of what is wrong in a form, at its top. It takes focus when it appears (and again for every
 * new `attempt`), and each item links to its field (govuk-frontend error-summary).
 */
export function ErrorSummary({ title, errors, attempt }: { title: string; errors: FieldError[]; attempt: Key }) {
  if (errors.length === 0) return null;
  return (
    <HedwigErrorSummary key={attempt} className="form-error-summary">
      <HedwigErrorSummary.Heading as="h2">{title}</HedwigErrorSummary.Heading>
      <HedwigErrorSummary.List>
        {errors.map((error) => (
          <HedwigErrorSummary.Item key={error.fieldId} href={`#${error.fieldId}`}>
            {error.message}
          </HedwigErrorSummary.Item>
        ))}
      </HedwigErrorSummary.List>
    </HedwigErrorSummary>
  );
}
