import { expect, it } from 'vitest';

/**
 * A table test of a function of one input: one test per row, titled by `title` with the row's input and
 * expected answer (it.each's `%s`, `%j`), passing only when the answer is the expected one (toBe).
 */
export function itAnswers<Input, Answer>(answer: (input: Input) => Answer, title: string, rows: readonly (readonly [Input, Answer])[]) {
  it.each(rows)(title, (input, expected) => {
    expect(answer(input)).toBe(expected);
  });
}
