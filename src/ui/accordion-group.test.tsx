import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccordionGroup, AccordionGroupItem } from './accordion-group';

function renderGroup({
  defaultOpen,
  onFirst,
  onSecond,
}: {
  defaultOpen?: string | null;
  onFirst?: (open: boolean) => void;
  onSecond?: (open: boolean) => void;
} = {}) {
  const user = userEvent.setup();
  render(
    <AccordionGroup defaultOpen={defaultOpen}>
      <AccordionGroupItem name="first" heading="First question" onOpenChange={onFirst}>
        First answer
      </AccordionGroupItem>
      <AccordionGroupItem name="second" heading="Second question" onOpenChange={onSecond}>
        Second answer
      </AccordionGroupItem>
    </AccordionGroup>,
  );
  return {
    user,
    first: screen.getByRole('button', { name: 'First question' }),
    second: screen.getByRole('button', { name: 'Second question' }),
  };
}

describe('AccordionGroup', () => {
  it('starts with every item closed', () => {
    const { first, second } = renderGroup();
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the item named by defaultOpen', () => {
    const { first, second } = renderGroup({ defaultOpen: 'second' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens a clicked item, and opening another closes the first', async () => {
    const { user, first, second } = renderGroup();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(first.getAttribute('aria-controls') as string)).toHaveTextContent('First answer');

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes an open item when it is clicked again', async () => {
    const { user, first, second } = renderGroup();

    await user.click(first);
    await user.click(first);

    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('calls onOpenChange of the clicked item with its new state', async () => {
    const onFirst = vi.fn();
    const onSecond = vi.fn();
    const { user, first, second } = renderGroup({ onFirst, onSecond });

    await user.click(first);
    expect(onFirst).toHaveBeenLastCalledWith(true);

    await user.click(first);
    expect(onFirst).toHaveBeenLastCalledWith(false);
    expect(onFirst).toHaveBeenCalledTimes(2);

    await user.click(second);
    expect(onSecond).toHaveBeenCalledExactlyOnceWith(true);
    expect(onFirst).toHaveBeenCalledTimes(2);
  });

  it('works with generated names when items have none', async () => {
    const user = userEvent.setup();
    render(
      <AccordionGroup>
        <AccordionGroupItem heading="One">1</AccordionGroupItem>
        <AccordionGroupItem heading="Two">2</AccordionGroupItem>
      </AccordionGroup>,
    );
    const one = screen.getByRole('button', { name: 'One' });
    const two = screen.getByRole('button', { name: 'Two' });

    await user.click(one);
    expect(one).toHaveAttribute('aria-expanded', 'true');
    expect(two).toHaveAttribute('aria-expanded', 'false');

    await user.click(two);
    expect(one).toHaveAttribute('aria-expanded', 'false');
    expect(two).toHaveAttribute('aria-expanded', 'true');
  });
});
